import { JOB_ID_PATTERN, jobPageTitle, type Job } from '@jobboard/contract/jobs';
import {
  ApiError,
  Button,
  Modal,
  ModalTitle,
  Spinner,
  VisuallyHidden,
  useSite,
} from '@jobboard/shared-ui';
import type { ReactNode } from 'react';
import { useParams } from '@jobboard/shared-ui/router';
import styled from 'styled-components';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useFirstViewJobStatus, useJob } from '../api/get-job';
import { useJobViewBeacon } from '../api/job-view';
import { useJobChannel } from '../hooks/use-job-channel';
import { useJobRoute } from '../hooks/use-job-route';
import { JOB_TEXT } from '../messages';
import { FeaturedStar } from './FeaturedStar';
import { JobDetail } from './JobDetail';

/** docs/product.md#constants-and-limits: the job modal is at most 85vh high; its content scrolls inside. */
const MODAL_MAX_HEIGHT = '85vh';

/**
 * The job detail modal of /jobs/{id} (docs/product.md#routes-and-screens). It shows the job from the list on screen when it
 * is there, and otherwise fetches it (a shared or reloaded URL). Escape, the close button and the
 * overlay close it (see useJobRoute for where that leads).
 */
export function JobDetailRoute({ loadedJobs }: { loadedJobs: Job[] }) {
  const { id } = useParams();
  const { closeJob } = useJobRoute();
  // The dialog stays mounted and only closes, so Radix hands the focus back to what opened it
  // (a card's title, a bookmark list entry) instead of dropping it on the page's body.
  return (
    <Modal open={id !== undefined} onClose={closeJob} maxHeight={MODAL_MAX_HEIGHT}>
      {id !== undefined && (
        <JobDetailContent id={id} loadedJob={loadedJobs.find((job) => job.id === id)} />
      )}
    </Modal>
  );
}

function JobDetailContent({ id, loadedJob }: { id: string; loadedJob?: Job }) {
  const { closeJob } = useJobRoute();
  const site = useSite();
  const wellFormed = JOB_ID_PATTERN.test(id);
  // The server already said this job cannot be shown: nothing to ask the API.
  const shownStatus = useFirstViewJobStatus(id);
  const { data, error, isLoading, mutate } = useJob(
    loadedJob || !wellFormed || shownStatus ? null : id,
  );
  const job = loadedJob ?? data;
  const closed = !job && shownStatus === 'closed';
  const notFound =
    !wellFormed || shownStatus === 'missing' || (error instanceof ApiError && error.status === 404);
  useDocumentTitle(job ? jobPageTitle(job, site?.boardName) : undefined);
  // A live job shown: counted (once per visitor and day, by the server), for its channel.
  const channel = useJobChannel(id);
  useJobViewBeacon(job && !job.expired ? job.id : undefined, channel);

  const back = (
    <Button type="button" $variant="secondary" onClick={closeJob}>
      {JOB_TEXT.backToJobs}
    </Button>
  );
  let title: ReactNode;
  let body: ReactNode;
  if (job) {
    title = (
      <>
        {job.featured && <FeaturedStar />}
        {job.title}
      </>
    );
    body = <JobDetail job={job} />;
  } else if (closed) {
    title = JOB_TEXT.closedTitle;
    body = <Problem text={JOB_TEXT.expired}>{back}</Problem>;
  } else if (notFound) {
    title = JOB_TEXT.notFoundTitle;
    body = <Problem text={JOB_TEXT.notFoundText}>{back}</Problem>;
  } else if (error && !isLoading) {
    title = JOB_TEXT.loadFailedTitle;
    body = (
      <Problem text={JOB_TEXT.loadFailedText}>
        <Button type="button" onClick={() => void mutate()}>
          {JOB_TEXT.retry}
        </Button>
        {back}
      </Problem>
    );
  } else {
    title = JOB_TEXT.loadingJob;
    body = <Spinner label={JOB_TEXT.loadingJob} />;
  }

  return (
    <>
      {title === JOB_TEXT.loadingJob ? (
        <VisuallyHidden>
          <ModalTitle>{title}</ModalTitle>
        </VisuallyHidden>
      ) : (
        <ModalTitle>{title}</ModalTitle>
      )}
      {body}
    </>
  );
}

function Problem({ text, children }: { text: string; children: ReactNode }) {
  return (
    <ProblemBody>
      <p role="alert">{text}</p>
      <div>{children}</div>
    </ProblemBody>
  );
}

const ProblemBody = styled.div`
  p {
    margin: 0 0 ${({ theme }) => theme.space.md};
  }
  div {
    display: flex;
    flex-wrap: wrap;
    gap: ${({ theme }) => theme.space.sm};
  }
`;
