import { chunks } from '../platform/db/chunks';
import { Lease } from '../platform/db/lease';
import type { Db } from '../platform/db/knex';
import type { ApplicationRow } from './applications-repository';

/**
 * The lease of the employers' daily digests, the one row of `application_digest_lease`
 * (migrations/20261129120300): one run at a time in any number of processes.
 */
export const APPLICATION_DIGEST_LEASE = new Lease({
  table: 'application_digest_lease',
  name: 'application-digests',
  columns: { acquiredAt: false, lastFinishedAt: true },
});

/** An application no e-mail has named to its employer yet, as the digest names it. */
export interface UnnamedApplication {
  id: number;
  jobId: number;
  name: string;
}

/** An employer's digest is due: none since `?`, counting from their settings' last change. */
const DUE = 'COALESCE(digest_sent_at, updated_at) < ?';

const count = (rows: { n?: number | string }[]) => Number(rows[0]?.n ?? 0);

/**
 * The queries of the applications' upkeep (issue 42): the employers' daily digests, the retention
 * of applications after their listing ended, the admin's counts and look-up, and an address's
 * data export and deletion. Beside applications-repository.ts, which writes an application and
 * the inbox's rows, the only other code that queries `applications`, `application_files` and
 * `employer_application_settings` (test/platform/db/table-owners.test.ts).
 */
export class ApplicationsUpkeepRepository {
  /** The digests' lease (APPLICATION_DIGEST_LEASE). */
  readonly digestLease = APPLICATION_DIGEST_LEASE;

  // ---- the daily digest ------------------------------------------------------------------------

  /**
   * The employers (their address's key) who chose the daily digest and have had no digest since
   * `since` (epoch ms), in key order after `afterKey`, at most `limit`. One who never had one
   * counts from when they last changed their settings (they chose the digest then), so the first
   * comes at the digest hour too.
   */
  async digestsDue(db: Db, since: number, afterKey: string, limit: number): Promise<string[]> {
    return db('employer_application_settings')
      .where({ notify: 'digest' })
      .andWhereRaw(DUE, [since])
      .andWhere('email_key', '>', afterKey)
      .orderBy('email_key')
      .limit(limit)
      .pluck('email_key');
  }

  /**
   * Take an employer's digest of the day (in the transaction that queues it): its time is written
   * at once, so of two runs only one sends it. False when it went since `since` already, or the
   * employer no longer wants digests.
   */
  async takeDigest(db: Db, employerKey: string, since: number, now: number): Promise<boolean> {
    const taken = await db('employer_application_settings')
      .where({ email_key: employerKey, notify: 'digest' })
      .andWhereRaw(DUE, [since])
      .update({ digest_sent_at: now });
    return taken === 1;
  }

  /** The applications to these jobs that no e-mail named yet, oldest first. */
  async unnamedOf(db: Db, jobIds: readonly number[]): Promise<UnnamedApplication[]> {
    const found: UnnamedApplication[] = [];
    for (const part of chunks([...jobIds])) {
      const rows: { id: number; job_id: number; name: string }[] = await db('applications')
        .whereIn('job_id', part)
        .whereNull('employer_notified_at')
        .orderBy('created_at')
        .orderBy('id')
        .select('id', 'job_id', 'name');
      for (const row of rows) found.push({ id: row.id, jobId: Number(row.job_id), name: row.name });
    }
    return found;
  }

  // ---- retention -------------------------------------------------------------------------------

  /** The jobs that have applications, by id after `afterJobId`, at most `limit`. */
  async jobsWithApplications(db: Db, afterJobId: number, limit: number): Promise<number[]> {
    const rows: { job_id: number | string }[] = await db('applications')
      .distinct('job_id')
      .where('job_id', '>', afterJobId)
      .orderBy('job_id')
      .limit(limit);
    return rows.map((row) => Number(row.job_id));
  }

  /** At most `limit` applications to these jobs (their ids). */
  async idsOfJobs(db: Db, jobIds: readonly number[], limit: number): Promise<number[]> {
    if (!jobIds.length) return [];
    const ids: (number | string)[] = await db('applications')
      .whereIn('job_id', [...jobIds])
      .orderBy('id')
      .limit(limit)
      .pluck('id');
    return ids.map(Number);
  }

  // ---- the admin's counts ----------------------------------------------------------------------

  /** How many applications each of these jobs has (a job without any is left out). */
  async countsByJob(db: Db, jobIds: readonly number[]): Promise<Map<number, number>> {
    const counts = new Map<number, number>();
    for (const part of chunks([...jobIds])) {
      const rows: { job_id: number | string; n: number | string }[] = await db('applications')
        .whereIn('job_id', part)
        .groupBy('job_id')
        .select('job_id')
        .count({ n: '*' });
      for (const row of rows) counts.set(Number(row.job_id), Number(row.n));
    }
    return counts;
  }

  /** How many applications are held, and how many of them were sent from `since` (epoch ms) on. */
  async totals(db: Db, since: number): Promise<{ held: number; since: number }> {
    const [held, recent] = await Promise.all([
      db('applications').count({ n: '*' }),
      db('applications').where('created_at', '>=', since).count({ n: '*' }),
    ]);
    return { held: count(held), since: count(recent) };
  }

  // ---- an address's applications (its data export and deletion, the admin's look-up) ---------

  /** The applications sent from an address (its key), newest first, at most `limit`. */
  async ofAddress(db: Db, emailKey: string, limit?: number): Promise<ApplicationRow[]> {
    const query = db<ApplicationRow>('applications')
      .where({ email_key: emailKey })
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc');
    if (limit !== undefined) query.limit(limit);
    return query;
  }

  /** How many applications were sent from an address (its key). */
  async countOfAddress(db: Db, emailKey: string): Promise<number> {
    return count(await db('applications').where({ email_key: emailKey }).count({ n: '*' }));
  }
}
