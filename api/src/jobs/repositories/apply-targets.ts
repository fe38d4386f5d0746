import type { ApplyMethod } from '@jobboard/contract/applications';
import type { Db } from '../../platform/db/knex';

/** Where a job's applications go that the public answer does not say. */
export interface ApplyTarget {
  applyMethod: ApplyMethod | null;
  /** The address applications are relayed to ('email'); never in a public answer. */
  applicationEmail: string | null;
}

/**
 * The private half of how a job takes applications (the public half is its answer's `apply`):
 * read only by the applications slice when it delivers one. Undefined: no such job.
 */
export async function applyTargetOf(db: Db, jobId: number): Promise<ApplyTarget | undefined> {
  const row = (await db('jobs').where({ id: jobId }).first('apply_method', 'application_email')) as
    { apply_method: ApplyMethod | null; application_email: string | null } | undefined;
  return row && { applyMethod: row.apply_method, applicationEmail: row.application_email };
}
