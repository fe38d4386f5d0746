import { Button, Card, Spinner, errorMessage, formatCents, toast } from '@jobboard/shared-ui';
import { Link, useParams } from '@jobboard/shared-ui/router';
import { useAdminJob } from '../../features/jobs/api/admin-job';
import { extendJob, republishJob } from '../../features/jobs/api/listing-lifecycle';
import { JobDetails } from '../../features/jobs/components/JobDetails';
import { useSubmission } from '../../features/submissions/api/submissions';
import { statusLabel } from '../../features/submissions/components/SubmissionCard';
import { Actions, PageHeader } from '../../lib/ui';

/** /admin/jobs/view/{id}: the job as stored, its listing lifecycle, its submission and payment. */
export default function JobViewPage() {
  const { id = '' } = useParams();
  const { data: job, error, mutate } = useAdminJob(id);
  const { data: submission } = useSubmission(job?.submissionId ?? null);

  if (error) return <p role="alert">{errorMessage(error, 'Failed to fetch job')}</p>;
  if (!job) return <Spinner label="Loading job details..." />;

  const change = async (action: () => Promise<unknown>, done: string) => {
    try {
      await action();
      await mutate();
      toast({ title: done, variant: 'success' });
    } catch (failure) {
      toast({
        title: 'Update Failed',
        description: errorMessage(failure, 'The listing could not be changed.'),
        variant: 'destructive',
      });
    }
  };

  return (
    <>
      <PageHeader>
        <div>
          <h1>{job.title}</h1>
          <p>Job #{job.id}</p>
        </div>
        <Actions>
          <Button as={Link} $variant="secondary" to={`/admin/jobs/edit/${job.id}`}>
            Edit
          </Button>
          <Button
            $variant="secondary"
            onClick={() => change(() => extendJob(job.id, 30), 'Listing extended by 30 days')}
          >
            Extend 30 days
          </Button>
          {(job.expired || !job.active) && (
            <Button onClick={() => change(() => republishJob(job.id), 'Listing republished')}>
              Republish
            </Button>
          )}
        </Actions>
      </PageHeader>
      <Card>
        <JobDetails job={job} />
      </Card>
      {submission && (
        <Card as="section" aria-labelledby="job-submission" style={{ marginTop: '1.5rem' }}>
          <h2 id="job-submission">Submission and payment</h2>
          <p>
            Submitted by {submission.contactName} ({submission.contactEmail}) on{' '}
            {submission.submittedAt.slice(0, 10)}. Status:{' '}
            {statusLabel(submission.submissionStatus)}. Amount: {formatCents(submission.amount)}
            {submission.paidAt ? `, paid ${submission.paidAt.slice(0, 10)}` : ''}.
          </p>
        </Card>
      )}
    </>
  );
}
