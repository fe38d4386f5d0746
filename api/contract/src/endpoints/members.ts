/** Members (signed in through Ghost; api/src/members/): their session, their bookmarks and their data. */
import { type Endpoint, Message } from '../endpoint';
import {
  MAX_MEMBER_BOOKMARKS,
  Member,
  MemberBookmarks,
  MemberDataExport,
  MemberSignIn,
  MemberSignedIn,
} from '../members';
import { jobId } from './params';

export const memberSignIn = {
  method: 'POST',
  path: '/api/members/session',
  summary:
    "Signs a Ghost member in with Ghost's identity token and merges this browser's bookmarks into theirs.",
  body: MemberSignIn,
  response: MemberSignedIn,
} as const satisfies Endpoint;
export const memberSignOut = {
  method: 'DELETE',
  path: '/api/members/session',
  summary: 'Ends the member session.',
  response: Message,
} as const satisfies Endpoint;
export const memberMe = {
  method: 'GET',
  path: '/api/members/me',
  summary: 'Who is signed in as a member.',
  response: Member,
} as const satisfies Endpoint;
export const memberBookmarks = {
  method: 'GET',
  path: '/api/members/bookmarks',
  summary: "The member's bookmarks, oldest first, and which of them the board no longer lists.",
  response: MemberBookmarks,
} as const satisfies Endpoint;
export const addMemberBookmark = {
  method: 'PUT',
  path: '/api/members/bookmarks/:id',
  summary: `Bookmark a public job for the member (idempotent; 409 past ${MAX_MEMBER_BOOKMARKS} bookmarks).`,
  ...jobId,
  response: Message,
} as const satisfies Endpoint;
export const removeMemberBookmark = {
  method: 'DELETE',
  path: '/api/members/bookmarks/:id',
  summary: 'Remove a bookmark of the member (idempotent).',
  ...jobId,
  response: Message,
} as const satisfies Endpoint;
export const memberDataExport = {
  method: 'GET',
  path: '/api/members/data',
  summary:
    "'Download my data': the member's record, bookmarks and the job alerts of their e-mail address, as JSON.",
  response: MemberDataExport,
} as const satisfies Endpoint;
export const memberDataDelete = {
  method: 'DELETE',
  path: '/api/members/data',
  summary:
    "'Delete my data': the member's record, sessions, bookmarks and the job alerts of their e-mail address; signs them out.",
  response: Message,
} as const satisfies Endpoint;
