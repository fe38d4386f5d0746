import type { Knex } from 'knex';
import { afterCommit } from '../db/after-commit';

type Db = Knex | Knex.Transaction;

/**
 * Every change to what the public sees of jobs (a job, its company, locations or categories) goes
 * through `record`, inside the transaction that makes it: it raises the jobs version in the
 * database (other processes see it) and, once the change is committed, tells this process's
 * listeners (the public-read cache drops what it holds before the write's request answers).
 */
export class JobChanges {
  private readonly listeners = new Set<() => void>();

  async record(db: Db): Promise<void> {
    await db('cache_versions').where({ name: 'jobs' }).increment('version', 1);
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
