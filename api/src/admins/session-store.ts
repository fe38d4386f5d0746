import type { SessionStore } from '@fastify/session';
import type { Session } from 'fastify';
import type { Knex } from 'knex';

type Callback = (error?: unknown) => void;

/**
 * @fastify/session's store over the `sessions` table (never the memory store: sessions survive
 * restarts and are shared by every server process). A row lives until its idle expiry, counted
 * from the admin's last activity as the session records it (`admin.lastSeenAt`, which background
 * polls do not move) rather than from the last save, and never past its absolute expiry. Each row
 * names its admin, so all of an admin's sessions can be ended at once (`endSessionsOf`); expired
 * rows are purged by `purgeExpired`.
 *
 * An ended session (logout, `endSessionsOf`) keeps its row, marked `ended_at`, until it expires:
 * a request that loaded the session before it ended saves it when it finishes, and that save
 * must not bring it back. `set` never changes an ended row and `get` never returns one.
 */
export class KnexSessionStore implements SessionStore {
  constructor(
    private readonly db: Knex,
    private readonly idleMs: number,
    private readonly absoluteMs: number,
    private readonly now: () => number,
  ) {}

  get(sessionId: string, callback: (error: unknown, session?: Session | null) => void): void {
    this.db('sessions')
      .where('sid', sessionId)
      .whereNull('ended_at')
      .andWhere('expires_at', '>', this.now())
      .andWhere('absolute_expires_at', '>', this.now())
      .first('data')
      .then((row: { data: string } | undefined) =>
        callback(null, row ? (JSON.parse(row.data) as Session) : null),
      )
      .catch((error: unknown) => callback(error));
  }

  set(sessionId: string, session: Session, callback: Callback): void {
    const now = this.now();
    const lastActive = session.admin?.lastSeenAt ?? session.employer?.lastSeenAt ?? now;
    this.db('sessions')
      .insert({
        sid: sessionId,
        data: JSON.stringify(session),
        admin_id: session.admin?.id ?? null,
        expires_at: lastActive + this.idleMs,
        absolute_expires_at: now + this.absoluteMs,
        created_at: now,
      })
      .onConflict('sid')
      .merge(['data', 'admin_id', 'expires_at'])
      .where('sessions.ended_at', null)
      .then(() => callback())
      .catch((error: unknown) => callback(error));
  }

  destroy(sessionId: string, callback: Callback): void {
    endSessions(this.db('sessions').where('sid', sessionId), this.now())
      .then(() => callback())
      .catch((error: unknown) => callback(error));
  }

  async purgeExpired(): Promise<number> {
    const now = this.now();
    return this.db('sessions')
      .where('expires_at', '<=', now)
      .orWhere('absolute_expires_at', '<=', now)
      .delete();
  }
}

/** End every session of one admin (password changed, admin removed), as of `now` (ms). */
export async function endSessionsOf(
  db: Knex | Knex.Transaction,
  adminId: number,
  now: number,
): Promise<number> {
  return endSessions(db('sessions').where({ admin_id: adminId }), now);
}

/**
 * End every session of one admin but `keepSessionId` (two-factor sign-in turned on: a session
 * signed in with the password alone, perhaps by whoever knew it, does not outlive that).
 */
export async function endOtherSessionsOf(
  db: Knex | Knex.Transaction,
  adminId: number,
  keepSessionId: string,
  now: number,
): Promise<number> {
  return endSessions(
    db('sessions').where({ admin_id: adminId }).whereNot('sid', keepSessionId),
    now,
  );
}

/** Mark these sessions ended and forget what they held (see the store's note on ended rows). */
function endSessions(rows: Knex.QueryBuilder, now: number): Promise<number> {
  return rows.whereNull('ended_at').update({ ended_at: now, data: '{}', admin_id: null });
}
