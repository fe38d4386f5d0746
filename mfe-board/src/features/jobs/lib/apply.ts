import { type Job } from '@jobboard/contract/jobs';
import { httpUrl } from '@jobboard/contract/site';
import { toast } from '@jobboard/shared-ui';
import { JOB_TEXT } from '../messages';

/** Where the job takes applications, when it names a usable web address. */
export const applicationUrlOf = (job: Job) => httpUrl(job.applicationUrl);

/** The apply action for a job without an application link (docs/product.md#routes-and-screens and docs/product.md#errors). */
export function applyToJob(job: Job): void {
  toast({
    title: JOB_TEXT.applied.title,
    description: JOB_TEXT.applied.description(job.title),
    variant: 'success',
  });
}
