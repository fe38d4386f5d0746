import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { afterCommit } from '../platform/db/after-commit';
import type { Dialect } from '../platform/db/knex';
import { JOB_CHANGES_CHANNEL } from './job-change-listener';

type Db = Knex | Knex.Transaction;

/**
 * Every change to what the public sees of jobs (a job, its company, locations or categories) goes
 * through `record`, inside the transaction that makes it: it raises the jobs version in the
 * database (other processes see it) and, once the change is committed, tells this process's
 * listeners (the public-read cache drops what it holds before the write's request answers). On
 * PostgreSQL it also sends a NOTIFY on JOB_CHANGES_CHANNEL in the same transaction, delivered to
 * every process's listener (job-change-listener.ts) when the change commits, and never if it rolls
 * back.
 */
export class JobChanges {
  private readonly listeners = new Set<() => void>();
  /** This process's token in its notifications (it has dropped its cache already). */
  readonly sender = randomUUID();

  constructor(private readonly dialect: Dialect = 'sqlite') {}

  async record(db: Db): Promise<void> {
    if (this.dialect === 'postgres') {
      // One round trip: raise the version and announce it, `<version> <sender>`.
      await db.raw(
        `WITH raised AS (
           UPDATE cache_versions SET version = version + 1 WHERE name = 'jobs' RETURNING version
         )
         SELECT pg_notify(?, (SELECT version FROM raised)::text || ' ' || ?)`,
        [JOB_CHANGES_CHANNEL, this.sender],
      );
    } else {
      await db('cache_versions').where({ name: 'jobs' }).increment('version', 1);
    }
    afterCommit(db, () => {
      for (const listener of this.listeners) listener();
    });
  }

  /** The version as the database has it now. */
  async version(db: Knex): Promise<number> {
    const row = await db('cache_versions').where({ name: 'jobs' }).first('version');
    return Number(row?.version ?? 0);
  }

  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
