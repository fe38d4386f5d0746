import { Button, Spinner, errorMessage } from '@jobboard/shared-ui';
import { Link } from '@jobboard/shared-ui/router';
import { useAdminJobs } from '../../features/jobs/api/admin-jobs';
import { JobsTable } from '../../features/jobs/components/JobsTable';
import { LastSyncPanel } from '../../features/jobs/components/LastSyncPanel';
import { useDashboardActions } from '../../features/jobs/hooks/use-dashboard-actions';
import { JOB_MESSAGES } from '../../features/jobs/messages';
import { Actions, PageHeader } from '../../lib/ui';

/**
 * 'Job Listings Admin' (SPEC.md 2): refresh, add, and every job. Logout is the admin
 * navigation's, above this page (one button for the whole admin area).
 */
export default function DashboardPage() {
  const { data: jobs, error, isLoading } = useAdminJobs();
  const { remove, refresh, refreshing } = useDashboardActions();

  return (
    <>
      <PageHeader>
        <h1>{JOB_MESSAGES.dashboardTitle}</h1>
        <Actions>
          <Button $variant="secondary" onClick={refresh} disabled={refreshing}>
            {refreshing ? JOB_MESSAGES.refreshing : JOB_MESSAGES.refresh}
          </Button>
          <Button as={Link} to="/admin/jobs/new">
            {JOB_MESSAGES.addJob}
          </Button>
        </Actions>
      </PageHeader>
      <LastSyncPanel />
      {isLoading ? (
        <Spinner label={JOB_MESSAGES.loadingJobs} />
      ) : error ? (
        <p role="alert">{errorMessage(error, JOB_MESSAGES.jobsFailed)}</p>
      ) : (
        <JobsTable jobs={jobs ?? []} onDelete={remove} />
      )}
    </>
  );
}
