import { jobApplyPath, type Job } from '@jobboard/contract/jobs';
import { Button, VisuallyHidden } from '@jobboard/shared-ui';
import type { MouseEvent } from 'react';
import { applicationUrlOf, applyToJob } from '../lib/apply';
import { JOB_TEXT } from '../messages';

/**
 * 'Find Out More' on a card, 'View Job Posting' in the detail (docs/product.md#routes-and-screens): a link to the job's
 * application page in a new tab, or the apply action when the job has none. The link goes through
 * /jobs/{id}/apply, which counts the click and redirects to the job's own address
 * (docs/product.md#numbers).
 */
export function ApplyAction({
  job,
  label,
  describedBy,
  size = 'sm',
}: {
  job: Job;
  label: string;
  describedBy?: string;
  size?: 'sm' | 'md';
}) {
  const href = applicationUrlOf(job) ? jobApplyPath(job.id) : undefined;
  // Inside a card: acting here must not also open the card.
  const stop = (event: MouseEvent) => event.stopPropagation();
  if (href) {
    return (
      <Button
        as="a"
        href={href}
        target="_blank"
        rel="noopener noreferrer"
        $size={size}
        aria-describedby={describedBy}
        onClick={stop}
      >
        {label}
        <VisuallyHidden> {JOB_TEXT.opensInNewTab}</VisuallyHidden>
      </Button>
    );
  }
  return (
    <Button
      type="button"
      $size={size}
      aria-describedby={describedBy}
      onClick={(event: MouseEvent) => {
        stop(event);
        applyToJob(job);
      }}
    >
      {label}
    </Button>
  );
}
