import { Button, Card, Spinner, errorMessage, formatCents } from '@jobboard/shared-ui';
import { Link, useParams } from '@jobboard/shared-ui/router';
import { adminFieldsOf } from '../../features/jobs/admin-fields';
import { useAdminJob } from '../../features/jobs/api/admin-job';
import { useJobHistory } from '../../features/jobs/api/job-history';
import { JobDetails } from '../../features/jobs/components/JobDetails';
import { JobStatsSection } from '../../features/jobs/components/JobStatsSection';
import { useListingLifecycle } from '../../features/jobs/hooks/use-listing-lifecycle';
import { useSourceDecisions } from '../../features/jobs/hooks/use-source-decisions';
import { JOB_MESSAGES } from '../../features/jobs/messages';
import { PendingProposalNotice } from '../../features/proposals/components/PendingProposalNotice';
import { useSubmission } from '../../features/submissions/api/submission';
import { submissionStatusText } from '../../features/submissions/components/SubmissionCard';
import { useConfirm } from '../../lib/confirm';
import { Timeline } from '../../lib/Timeline';
import { Actions, PageHeader } from '../../lib/ui';

/** /admin/jobs/view/{id}: the job as stored, its listing lifecycle, its submission and payment. */
export default function JobViewPage() {
  const { id = '' } = useParams();
  const { data: job, error } = useAdminJob(id);
  const { data: submission } = useSubmission(job?.submissionId ?? null);
  const { extend, republish } = useListingLifecycle(id);
  const history = useJobHistory(id);
  const { confirm, dialog } = useConfirm();
  const { giveBack } = useSourceDecisions(confirm);

  if (error) return <p role="alert">{errorMessage(error, JOB_MESSAGES.fetchFailed)}</p>;
  if (!job) return <Spinner label={JOB_MESSAGES.loadingDetails} />;

  return (
    <>
      <PageHeader>
        <div>
          <h1>{job.title}</h1>
          <p>{JOB_MESSAGES.jobNumber(job.id)}</p>
        </div>
        <Actions>
          <Button as={Link} $variant="secondary" to={`/admin/jobs/edit/${job.id}`}>
            {JOB_MESSAGES.edit}
          </Button>
          <Button $variant="secondary" onClick={extend}>
            {JOB_MESSAGES.extend}
          </Button>
          {(job.expired || !job.active) && (
            <Button onClick={republish}>{JOB_MESSAGES.republish}</Button>
          )}
          {adminFieldsOf(job).length > 0 && (
            <Button
              $variant="secondary"
              onClick={() =>
                void giveBack({ id: job.id, title: job.title, fields: adminFieldsOf(job) })
              }
            >
              {JOB_MESSAGES.returnToSource}
            </Button>
          )}
        </Actions>
      </PageHeader>
      <PendingProposalNotice jobId={job.id} />
      <Card>
        <JobDetails job={job} />
      </Card>
      <JobStatsSection id={job.id} />
      {submission && (
        <Card as="section" aria-labelledby="job-submission" style={{ marginTop: '1.5rem' }}>
          <h2 id="job-submission">{JOB_MESSAGES.submissionHeading}</h2>
          <p>
            {JOB_MESSAGES.submissionSummary({
              contact: submission.contactName,
              email: submission.contactEmail,
              submitted: submission.submittedAt.slice(0, 10),
              status: submissionStatusText(submission),
              amount: formatCents(submission.amount),
              // Live on an unpaid invoice (issue 47): published, not paid.
              paid:
                submission.paidAt && !submission.unpaidInvoice
                  ? submission.paidAt.slice(0, 10)
                  : null,
            })}
          </p>
        </Card>
      )}
      <Card as="section" aria-labelledby="job-history" style={{ marginTop: '1.5rem' }}>
        <h2 id="job-history">{JOB_MESSAGES.historyHeading}</h2>
        {history.error ? (
          <p role="alert">{errorMessage(history.error, JOB_MESSAGES.historyFailed)}</p>
        ) : !history.data ? (
          <Spinner label={JOB_MESSAGES.historyHeading} />
        ) : history.data.length === 0 ? (
          <p>{JOB_MESSAGES.historyEmpty}</p>
        ) : (
          <Timeline entries={history.data} label={JOB_MESSAGES.historyHeading} />
        )}
      </Card>
      {dialog}
    </>
  );
}
