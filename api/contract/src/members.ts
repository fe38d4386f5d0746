import { array, nullable, object, optional, size, string, type Infer } from 'superstruct';
import { described } from './json-schema';
import { AlertRecord } from './alerts';
import { ApplicationRecord } from './application-upkeep';
import { RecordId } from './job';
import { ReportRecord } from './reports';

/**
 * Member sign-in through the publication's Ghost site, and the bookmarks that follow a member to
 * any device (docs/architecture.md, Members). The limits below are the database's own
 * (`members.email` is a varchar(320)) or a sane ceiling for one person's list.
 */

/** The most bookmarks one member keeps on the server (and sends at once when signing in). */
export const MAX_MEMBER_BOOKMARKS = 500;
/** A Ghost identity token is a few hundred characters; anything near this is not one. */
const MAX_MEMBER_TOKEN_LENGTH = 8192;
/** `members.email` is a varchar(320): the longest address RFC 5321 allows. */
export const MAX_MEMBER_EMAIL_LENGTH = 320;

export const MEMBER_MESSAGES = {
  signInRequired: 'Please sign in as a member to keep bookmarks on every device.',
  sessionEnded: 'Your member session has ended. Please sign in again.',
  tokenMissing: 'The sign-in link carried no token. Please sign in again.',
  tokenRefused:
    'This sign-in could not be confirmed: the link is not valid for this site or has expired. Please sign in again.',
  tokenSpent: 'This sign-in link has been used already. Please sign in again from the job board.',
  notConfigured: 'Member sign-in is not set up on this board.',
  membershipUnavailable:
    'Sign-in could not be checked with the membership site right now. Please try again in a minute.',
  tooManyBookmarks: `You can keep at most ${MAX_MEMBER_BOOKMARKS} bookmarks. Remove some to add more.`,
  signedOut: 'You have been signed out.',
  bookmarkSaved: 'Bookmark saved.',
  bookmarkRemoved: 'Bookmark removed.',
  /**
   * The answer of 'Delete my data': the member, their sessions, bookmarks, and the alerts and
   * applications of their address are gone; their reports of listings keep neither the address
   * nor the note.
   */
  dataDeleted:
    'Your data is deleted: your member record, your bookmarks, the job alerts and applications of your e-mail address, and that address and your notes on your reports of listings. You are signed out.',
} as const;

/** A token as it may arrive; its signature and claims are checked by the API, not here. */
const MemberToken = described<string>(
  'memberToken',
  { type: 'string', minLength: 1, maxLength: MAX_MEMBER_TOKEN_LENGTH },
  (value) =>
    (typeof value === 'string' && value.length > 0 && value.length <= MAX_MEMBER_TOKEN_LENGTH) ||
    MEMBER_MESSAGES.tokenMissing,
);

/**
 * `POST /api/members/session`: the identity token from Ghost, and the job ids bookmarked in this
 * browser before signing in (merged into the member's list).
 */
export const MemberSignIn = object({
  token: MemberToken,
  bookmarks: optional(size(array(RecordId), 0, MAX_MEMBER_BOOKMARKS)),
});
export type MemberSignIn = Infer<typeof MemberSignIn>;

/** Who is signed in. */
export const Member = object({ email: string(), name: nullable(string()) });
export type Member = Infer<typeof Member>;

/**
 * A member's bookmarks, oldest first, as job ids (the front end's form); `removedIds` are the ones
 * whose job the board no longer lists (removed, unpublished or expired), kept so the member can
 * see what happened to them.
 */
export const MemberBookmarks = object({ ids: array(string()), removedIds: array(string()) });
export type MemberBookmarks = Infer<typeof MemberBookmarks>;

/** The answer of a sign-in: the member and their bookmarks after the merge. */
export const MemberSignedIn = object({ member: Member, bookmarks: MemberBookmarks });
export type MemberSignedIn = Infer<typeof MemberSignedIn>;

/**
 * 'Download my data' of a signed-in member: their member record, bookmarks (job ids, oldest
 * first, with when each was saved) and the job alerts of their e-mail address, in any state.
 */
export const MemberDataExport = object({
  exportedAt: string(),
  member: object({
    email: string(),
    name: nullable(string()),
    createdAt: string(),
    lastSeenAt: string(),
  }),
  bookmarks: array(object({ jobId: string(), savedAt: string() })),
  alerts: array(AlertRecord),
  /**
   * The applications sent from their address, newest first (issue 42). Optional only for
   * fixtures built earlier: the API always sends it.
   */
  applications: optional(array(ApplicationRecord)),
  /**
   * The reports of listings sent with their address that still keep it (issue 45), newest
   * first. Optional only for fixtures built earlier: the API always sends it.
   */
  reports: optional(array(ReportRecord)),
});
export type MemberDataExport = Infer<typeof MemberDataExport>;
