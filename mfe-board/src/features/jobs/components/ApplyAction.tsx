import { jobApplicationPath, jobApplyMethod } from '@jobboard/contract/applications';
import { jobApplyPath, type Job } from '@jobboard/contract/jobs';
import { httpUrl } from '@jobboard/contract/site';
import { Button, VisuallyHidden } from '@jobboard/shared-ui';
import { useContext, useState, type MouseEvent } from 'react';
import { ApplicationDialogContext } from '../../../lib/application-dialog';
import { useJobChannel } from '../hooks/use-job-channel';
import { JOB_TEXT } from '../messages';

/** Where the action is: a job card, or the job's detail (its modal, its page). */
type Place = 'card' | 'detail';

const LABELS: Record<Place, { link: string; board: string }> = {
  card: { link: JOB_TEXT.findOutMore, board: JOB_TEXT.apply },
  detail: { link: JOB_TEXT.viewJobPosting, board: JOB_TEXT.applyOnBoard },
};

const SIZES: Record<Place, 'sm' | 'md'> = { card: 'sm', detail: 'md' };

// Inside a card: acting here must not also open the card.
const stop = (event: MouseEvent) => event.stopPropagation();

/**
 * A job's Apply action (docs/product.md#applying), by how the job takes applications: by its link
 * ('Find Out More' on a card, 'View Job Posting' in the detail: the job's page in a new tab,
 * through /jobs/{id}/apply, which counts the click for the channel of the job's view in this page
 * and redirects, docs/product.md#numbers), on
 * the board ('Apply', 'Apply on the board': the application form), or not on the board at all
 * (nothing here: the detail says how to apply). Nothing ever claims an application was made.
 */
export function ApplyAction({
  job,
  place,
  describedBy,
}: {
  job: Job;
  place: Place;
  describedBy?: string;
}) {
  const method = jobApplyMethod(job);
  const channel = useJobChannel(job.id);
  if (method === 'board') {
    return (
      <ApplyOnBoard job={job} label={LABELS[place].board} place={place} describedBy={describedBy} />
    );
  }
  if (method !== 'link' || !httpUrl(job.applicationUrl)) return null;
  return (
    <Button
      as="a"
      href={jobApplyPath(job.id, channel)}
      target="_blank"
      rel="noopener noreferrer"
      $size={SIZES[place]}
      aria-describedby={describedBy}
      onClick={stop}
    >
      {LABELS[place].link}
      <VisuallyHidden> {JOB_TEXT.opensInNewTab}</VisuallyHidden>
    </Button>
  );
}

/**
 * A link to the job's server-drawn application form, which is what it does before the page is
 * live (or with JavaScript off). Once live it opens the application dialog instead, unless the
 * visitor asked for a new tab or window (a modifier key, another button).
 */
function ApplyOnBoard({
  job,
  label,
  place,
  describedBy,
}: {
  job: Job;
  label: string;
  place: Place;
  describedBy?: string;
}) {
  const Dialog = useContext(ApplicationDialogContext);
  const [open, setOpen] = useState(false);
  const openDialog = (event: MouseEvent) => {
    stop(event);
    const elsewhere =
      event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey;
    if (!Dialog || elsewhere) return;
    event.preventDefault();
    setOpen(true);
  };
  return (
    <>
      <Button
        as="a"
        href={jobApplicationPath(job.id)}
        $size={SIZES[place]}
        aria-describedby={describedBy}
        onClick={openDialog}
      >
        {label}
      </Button>
      {Dialog && <Dialog job={job} open={open} onClose={() => setOpen(false)} />}
    </>
  );
}
