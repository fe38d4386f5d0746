import type { SessionStore } from '@fastify/session';
import type { Session } from 'fastify';
import type { Knex } from 'knex';

type Callback = (error?: unknown) => void;

/**
 * @fastify/session's store over the `sessions` table (never the memory store: sessions survive
 * restarts and are shared by every server process). A row lives until its idle expiry; every
 * save pushes that forward, and expired rows are purged by `purgeExpired`.
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
    this.db('sessions')
      .insert({
        sid: sessionId,
        data: JSON.stringify(session),
        expires_at: now + this.idleMs,
        absolute_expires_at: now + this.absoluteMs,
        created_at: now,
      })
      .onConflict('sid')
      .merge(['data', 'expires_at'])
      .then(() => callback())
      .catch((error: unknown) => callback(error));
  }

  destroy(sessionId: string, callback: Callback): void {
    this.db('sessions')
      .where('sid', sessionId)
      .delete()
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
