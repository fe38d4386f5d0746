import type { Knex } from 'knex';
import type { Dialect } from '../../platform/db/knex';
import { JOB_CHANGES_CHANNEL } from '../job-change-listener';

type Db = Knex | Knex.Transaction;

/**
 * Raise the jobs version (`cache_versions`, row 'jobs') in `db`'s transaction, and answer the
 * version it raised: every change to what the public sees of jobs does (job-changes.ts), and
 * another process notices the change by reading it. On PostgreSQL the same statement announces it
 * on JOB_CHANGES_CHANNEL, `<version> <sender>`: delivered to every process's listener
 * (job-change-listener.ts) when the change commits, and never if it rolls back.
 */
export async function raiseJobsVersion(db: Db, dialect: Dialect, sender: string): Promise<number> {
  if (dialect === 'postgres') {
    // One round trip: raise the version and announce it.
    const result = await db.raw<{ rows: { version: string | number }[] }>(
      `WITH raised AS (
         UPDATE cache_versions SET version = version + 1 WHERE name = 'jobs' RETURNING version
       )
       SELECT version, pg_notify(?, version::text || ' ' || ?) FROM raised`,
      [JOB_CHANGES_CHANNEL, sender],
    );
    return Number(result.rows[0]?.version ?? 0);
  }
  await db('cache_versions').where({ name: 'jobs' }).increment('version', 1);
  const row = await db('cache_versions').where({ name: 'jobs' }).first('version');
  return Number(row?.version ?? 0);
}

/** The version as the database has it now. */
export async function jobsVersion(db: Knex): Promise<number> {
  const row = await db('cache_versions').where({ name: 'jobs' }).first('version');
  return Number(row?.version ?? 0);
}
