import type { Db } from './knex';

/**
 * A lease table's row, as the slice that owns the table names it (issue 41, R9): the table has a
 * `name` primary key, a `holder` and an `expires_at` (epoch ms), and may record when its holder
 * took it (`acquired_at`) and when a run last went through (`last_finished_at`).
 */
export interface LeaseRow {
  table: string;
  /** The row's `name`. */
  name: string;
  columns: { acquiredAt: boolean; lastFinishedAt: boolean };
}

/**
 * The one lease: work that must run in one process at a time (a sync, the retention run, the
 * renewal reminders) takes its row first, with one conditional UPDATE (free, or its holder's time
 * ran out), so that of two callers at once, in any processes, on SQLite and PostgreSQL alike, one
 * wins. A holder that dies frees it when its time runs out; one that lives renews it. Times are
 * the caller's clock (the app's), in epoch ms.
 */
export class Lease {
  constructor(private readonly row: LeaseRow) {}

  private query(db: Db) {
    return db(this.row.table).where({ name: this.row.name });
  }

  /** Take the lease for `holder` until `now + leaseMs`; false when another holds it. */
  async tryAcquire(db: Db, holder: string, now: number, leaseMs: number): Promise<boolean> {
    const taken = await this.query(db)
      .andWhere((q) => q.whereNull('holder').orWhere('expires_at', '<=', now))
      .update({
        holder,
        expires_at: now + leaseMs,
        ...(this.row.columns.acquiredAt ? { acquired_at: now } : {}),
      });
    return taken === 1;
  }

  /** Keep it until `now + leaseMs`; false when it was lost (it ran out and another took it). */
  async renew(db: Db, holder: string, now: number, leaseMs: number): Promise<boolean> {
    const kept = await this.query(db)
      .andWhere({ holder })
      .update({ expires_at: now + leaseMs });
    return kept === 1;
  }

  /** Let go of it; `finishedAt` (when the table records it) marks a run that went through. */
  async release(db: Db, holder: string, finishedAt: number | null = null): Promise<void> {
    const { acquiredAt, lastFinishedAt } = this.row.columns;
    await this.query(db)
      .andWhere({ holder })
      .update({
        holder: null,
        expires_at: null,
        ...(acquiredAt ? { acquired_at: null } : {}),
        ...(lastFinishedAt && finishedAt !== null ? { last_finished_at: finishedAt } : {}),
      });
  }

  /** When the holder at `now` took it (epoch ms), or null when it is free. */
  async heldSince(db: Db, now: number): Promise<number | null> {
    if (!this.row.columns.acquiredAt) return null;
    const row: { acquired_at: number | string | null } | undefined = await this.query(db)
      .whereNotNull('holder')
      .andWhere('expires_at', '>', now)
      .first('acquired_at');
    return row?.acquired_at == null ? null : Number(row.acquired_at);
  }

  /** When a run last went through (epoch ms), or null when none has. */
  async lastFinishedAt(db: Db): Promise<number | null> {
    if (!this.row.columns.lastFinishedAt) return null;
    const row: { last_finished_at: number | string | null } | undefined =
      await this.query(db).first('last_finished_at');
    return row?.last_finished_at == null ? null : Number(row.last_finished_at);
  }
}
