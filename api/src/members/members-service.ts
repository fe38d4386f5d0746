import { randomBytes } from 'node:crypto';
import {
  MAX_MEMBER_BOOKMARKS,
  MEMBER_MESSAGES,
  type Member,
  type MemberBookmarks,
} from '@jobboard/contract';
import { Conflict, NotFound, Unauthorized } from '../domain-errors';
import type { ServiceContext } from '../service-context';

/** A member stays signed in this long on one browser (Ghost's own member sessions are longer). */
export const MEMBER_SESSION_DAYS = 30;
export const MEMBER_SESSION_MS = MEMBER_SESSION_DAYS * 24 * 3_600_000;

type MembersContext = Pick<
  ServiceContext,
  'db' | 'publicReads' | 'members' | 'ghostTokens' | 'now'
>;

export interface SignedIn {
  /** The new session's token, for the member's cookie (only its hash is stored). */
  sessionToken: string;
  expiresAt: Date;
  member: Member;
  bookmarks: MemberBookmarks;
}

/**
 * Sign a member in from Ghost's identity token: check it, find or create the member by the e-mail
 * it names, open a session, and merge the bookmarks this browser kept before signing in into the
 * member's list. Ids of jobs the board no longer shows are not copied (they stay in the browser,
 * which shows them as removed), nor any beyond MAX_MEMBER_BOOKMARKS.
 */
export async function signIn(
  ctx: MembersContext,
  token: string,
  localIds: readonly number[],
): Promise<SignedIn> {
  if (!ctx.ghostTokens) throw new NotFound(MEMBER_MESSAGES.notConfigured);
  const {
    email,
    tokenHash,
    expiresAt: tokenExpiresAt,
  } = await ctx.ghostTokens.verify(token, ctx.now);
  const sessionToken = randomBytes(32).toString('base64url');
  const expiresAt = new Date(ctx.now.getTime() + MEMBER_SESSION_MS);
  const local = [...new Set(localIds)];
  const visible = await ctx.publicReads.visibleIds(local);
  const memberId = await ctx.db.transaction(async (trx) => {
    // A token signs in once: the same token again (a replay from a log or a history) is refused.
    if (!(await ctx.members.spendToken(tokenHash, tokenExpiresAt, trx))) {
      throw new Unauthorized(MEMBER_MESSAGES.tokenSpent);
    }
    const id = await ctx.members.upsertByEmail(email, ctx.now, trx);
    const rows = await ctx.members.bookmarks(id, trx);
    const saved = new Set(rows.map((b) => b.jobId));
    const room = Math.max(0, MAX_MEMBER_BOOKMARKS - saved.size);
    const added = local.filter((jobId) => visible.has(jobId) && !saved.has(jobId)).slice(0, room);
    // After the member's own, in this browser's order.
    const after = rows.reduce((latest, b) => Math.max(latest, b.createdAt + 1), 0);
    await ctx.members.addBookmarks(id, added, Math.max(ctx.now.getTime(), after), trx);
    await ctx.members.openSession(id, sessionToken, ctx.now, expiresAt, trx);
    return id;
  });
  return {
    sessionToken,
    expiresAt,
    member: { email, name: null },
    bookmarks: await listBookmarks(ctx, memberId),
  };
}

/** A member's bookmarks, oldest first, and which of them the board no longer shows. */
export async function listBookmarks(
  ctx: Pick<ServiceContext, 'publicReads' | 'members'>,
  memberId: number,
): Promise<MemberBookmarks> {
  const ids = (await ctx.members.bookmarks(memberId)).map((b) => b.jobId);
  const visible = await ctx.publicReads.visibleIds(ids);
  return {
    ids: ids.map(String),
    removedIds: ids.filter((id) => !visible.has(id)).map(String),
  };
}

/** Bookmark a job the board shows; saving one saved already changes nothing. */
export async function addBookmark(ctx: MembersContext, memberId: number, jobId: number) {
  const visible = await ctx.publicReads.visibleIds([jobId]);
  if (!visible.has(jobId)) throw new NotFound('Job not found');
  await ctx.db.transaction(async (trx) => {
    const saved = await ctx.members.bookmarks(memberId, trx);
    if (saved.some((b) => b.jobId === jobId)) return;
    if (saved.length >= MAX_MEMBER_BOOKMARKS) throw new Conflict(MEMBER_MESSAGES.tooManyBookmarks);
    await ctx.members.addBookmarks(memberId, [jobId], ctx.now.getTime(), trx);
  });
}
