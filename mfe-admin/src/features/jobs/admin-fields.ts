import type { AdminJob } from '@jobboard/contract/admin';

/**
 * The fields of a synced job an admin changed here (issue 25). An API from before that change
 * does not send them: a remote promoted ahead of it shows no job as edited here.
 */
export const adminFieldsOf = (job: Pick<AdminJob, 'adminFields'>): string[] =>
  (job.adminFields as string[] | undefined) ?? [];
