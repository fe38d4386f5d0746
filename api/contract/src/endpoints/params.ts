/** The path parameters several slices' endpoints share: a job's and a submission's id, with their 404s. */
import { IdParams } from '../endpoint';

export const jobId = { params: IdParams, notFound: { id: 'Job not found' } } as const;
export const submissionId = { params: IdParams, notFound: { id: 'Submission not found' } } as const;
