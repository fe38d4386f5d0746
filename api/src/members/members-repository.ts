import { createHash } from 'node:crypto';
import { emailKey } from '@jobboard/contract/common';
import type { Knex } from 'knex';

type Db = Knex | Knex.Transaction;

/** A signed-in member as their session shows them. */
export interface MemberRow {
  id: number;
  email: string;
  name: string | null;
}

/** One bookmark: the job's id and when it was saved (ms). */
export interface BookmarkRow {
  jobId: number;
  createdAt: number;
}

/**
 * The one key a Ghost identity token gives us is the member's e-mail (`sub`), so that is whom a
 * member row stands for: `members.ghost_uuid` holds a SHA-256 of the address's key (emailKey: a
 * fixed 64 characters whatever the address's length; the address itself is in `email`).
 */
export const memberKeyOf = (email: string) =>
  createHash('sha256').update(emailKey(email)).digest('hex');

/** Only a hash of a session's token is stored: the cookie alone opens the session. */
export const sessionHashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * The members domain's tables: `members`, `member_sessions`, `member_bookmarks` and
 * `spent_member_tokens` (and nothing else touches them: test/platform/db/table-owners.test.ts).
 */
export class MembersRepository {
  constructor(private readonly db: Knex) {}

  /** The member with this e-mail, created on their first sign-in; their id. */
  async upsertByEmail(email: string, now: Date, db: Db = this.db): Promise<number> {
    const at = now.getTime();
    const ghostUuid = memberKeyOf(email);
    await db('members')
      .insert({ ghost_uuid: ghostUuid, email, name: null, created_at: at, last_seen_at: at })
      .onConflict('ghost_uuid')
      .merge({ email, last_seen_at: at });
    const row: { id: number } | undefined = await db('members')
      .where({ ghost_uuid: ghostUuid })
      .first('id');
    return Number(row!.id);
  }

  async openSession(memberId: number, token: string, now: Date, expiresAt: Date, db: Db = this.db) {
    await db('member_sessions').insert({
      token_hash: sessionHashOf(token),
      member_id: memberId,
      created_at: now.getTime(),
      expires_at: expiresAt.getTime(),
    });
  }

  /** The member whose live session this token opens, if any. */
  async sessionMember(token: string, now: Date): Promise<MemberRow | undefined> {
    const row: MemberRow | undefined = await this.db('member_sessions')
      .join('members', 'members.id', 'member_sessions.member_id')
      .where('member_sessions.token_hash', sessionHashOf(token))
      .andWhere('member_sessions.expires_at', '>', now.getTime())
      .first('members.id', 'members.email', 'members.name');
    return row && { ...row, id: Number(row.id) };
  }

  async endSession(token: string): Promise<void> {
    await this.db('member_sessions').where('token_hash', sessionHashOf(token)).delete();
  }

  async purgeExpiredSessions(now: Date): Promise<number> {
    return this.db('member_sessions').where('expires_at', '<=', now.getTime()).delete();
  }

  /**
   * Mark a Ghost identity token used (by its hash), in the sign-in's transaction: true the first
   * time, false when it was used before (a replay). Kept until the token expires.
   */
  async spendToken(tokenHash: string, expiresAt: Date, db: Db = this.db): Promise<boolean> {
    const inserted: unknown[] = await db('spent_member_tokens')
      .insert({ token_hash: tokenHash, expires_at: expiresAt.getTime() })
      .onConflict('token_hash')
      .ignore()
      .returning('token_hash');
    return inserted.length === 1;
  }

  /** Forget spent tokens that have expired (they are refused for their age by then). */
  async purgeSpentTokens(now: Date): Promise<number> {
    return this.db('spent_member_tokens').where('expires_at', '<=', now.getTime()).delete();
  }

  /** A member's bookmarks, oldest first. */
  async bookmarks(memberId: number, db: Db = this.db): Promise<BookmarkRow[]> {
    const rows: { job_id: number; created_at: number | string }[] = await db('member_bookmarks')
      .where({ member_id: memberId })
      .orderBy('created_at')
      .orderBy('job_id')
      .select('job_id', 'created_at');
    return rows.map((row) => ({ jobId: Number(row.job_id), createdAt: Number(row.created_at) }));
  }

  /**
   * Save bookmarks (a bookmark saved already stays as it was), each a millisecond after the one
   * before from `at` on, so the list keeps their order.
   */
  async addBookmarks(memberId: number, jobIds: number[], at: number, db: Db = this.db) {
    if (!jobIds.length) return;
    await db('member_bookmarks')
      .insert(
        jobIds.map((jobId, i) => ({ member_id: memberId, job_id: jobId, created_at: at + i })),
      )
      .onConflict(['member_id', 'job_id'])
      .ignore();
  }

  async removeBookmark(memberId: number, jobId: number, db: Db = this.db): Promise<void> {
    await db('member_bookmarks').where({ member_id: memberId, job_id: jobId }).delete();
  }

  /** A member's stored record (a data export), if they exist. */
  async record(
    memberId: number,
  ): Promise<
    { email: string; name: string | null; createdAt: number; lastSeenAt: number } | undefined
  > {
    const row:
      | {
          email: string;
          name: string | null;
          created_at: number | string;
          last_seen_at: number | string;
        }
      | undefined = await this.db('members')
      .where({ id: memberId })
      .first('email', 'name', 'created_at', 'last_seen_at');
    return (
      row && {
        email: row.email,
        name: row.name,
        createdAt: Number(row.created_at),
        lastSeenAt: Number(row.last_seen_at),
      }
    );
  }

  /** Delete a member with their bookmarks and every session of theirs. */
  async deleteMember(memberId: number, db: Db = this.db): Promise<void> {
    await db('member_bookmarks').where({ member_id: memberId }).delete();
    await db('member_sessions').where({ member_id: memberId }).delete();
    await db('members').where({ id: memberId }).delete();
  }
}
