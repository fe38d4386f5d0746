import type { Db } from '../db/knex';

/** The one lease row (migrations/20261126150200_create_retention_lease.ts). */
const LEASE = 'retention';

/** The `retention_lease` table: the only code that reads or writes it. */
export class RetentionRepository {
  /**
   * Take the retention lease for `holder` until `now + leaseMs`, if it is free or its holder's
   * lease has run out. One conditional UPDATE: of two callers at once, in any processes, one wins.
   */
  async tryAcquire(db: Db, holder: string, now: number, leaseMs: number): Promise<boolean> {
    const taken = await db('retention_lease')
      .where({ name: LEASE })
      .andWhere((q) => q.whereNull('holder').orWhere('expires_at', '<=', now))
      .update({ holder, acquired_at: now, expires_at: now + leaseMs });
    return taken === 1;
  }

  /** Keep the lease a while longer; false when it was lost (it ran out and another took it). */
  async renew(db: Db, holder: string, now: number, leaseMs: number): Promise<boolean> {
    const kept = await db('retention_lease')
      .where({ name: LEASE, holder })
      .update({ expires_at: now + leaseMs });
    return kept === 1;
  }

  /** Let go of the lease; `finishedAt` records a run that went through. */
  async release(db: Db, holder: string, finishedAt: number | null): Promise<void> {
    await db('retention_lease')
      .where({ name: LEASE, holder })
      .update({
        holder: null,
        acquired_at: null,
        expires_at: null,
        ...(finishedAt === null ? {} : { last_finished_at: finishedAt }),
      });
  }

  /** When a retention run last went through (epoch ms), or null when none has. */
  async lastFinishedAt(db: Db): Promise<number | null> {
    const row: { last_finished_at: number | string | null } | undefined = await db(
      'retention_lease',
    )
      .where({ name: LEASE })
      .first('last_finished_at');
    return row?.last_finished_at == null ? null : Number(row.last_finished_at);
  }
}
