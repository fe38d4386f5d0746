import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { afterCommit } from '../platform/db/after-commit';
import type { Dialect } from '../platform/db/knex';
import { jobsVersion, raiseJobsVersion } from './repositories/jobs-version';

type Db = Knex | Knex.Transaction;

/**
 * Every change to what the public sees of jobs (a job, its company, locations or categories) goes
 * through `record`, inside the transaction that makes it: it raises the jobs version in the
 * database (other processes see it: repositories/jobs-version.ts) and, once the change is
 * committed, tells this process's listeners (the public-read cache drops what it holds before the
 * write's request answers, knowing the version its change raised). On PostgreSQL it also sends a NOTIFY on JOB_CHANGES_CHANNEL in the same
 * transaction, delivered to every process's listener (job-change-listener.ts) when the change
 * commits, and never if it rolls back.
 */
export class JobChanges {
  private readonly listeners = new Set<(version: number) => void>();
  /** This process's token in its notifications (it has dropped its cache already). */
  readonly sender = randomUUID();

  constructor(private readonly dialect: Dialect = 'sqlite') {}

  async record(db: Db): Promise<void> {
    const version = await raiseJobsVersion(db, this.dialect, this.sender);
    afterCommit(db, () => {
      for (const listener of this.listeners) listener(version);
    });
  }

  /** The version as the database has it now. */
  async version(db: Knex): Promise<number> {
    return jobsVersion(db);
  }

  onChange(listener: (version: number) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
