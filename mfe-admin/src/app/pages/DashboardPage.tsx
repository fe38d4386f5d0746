import type { AdminJob } from '@jobboard/contract';
import { Button, Spinner, errorMessage, toast } from '@jobboard/shared-ui';
import { useState } from 'react';
import { Link, useOutletContext } from '@jobboard/shared-ui/router';
import { useAdminJobs } from '../../features/jobs/api/admin-jobs';
import { deleteJob } from '../../features/jobs/api/delete-job';
import { refreshJobs } from '../../features/jobs/api/refresh-jobs';
import { JobsTable } from '../../features/jobs/components/JobsTable';
import { JOB_MESSAGES } from '../../features/jobs/messages';
import { Actions, PageHeader } from '../../lib/ui';
import type { AdminOutletContext } from '../AdminLayout';

/** 'Job Listings Admin' (SPEC.md 2): refresh, add, logout, and every job. */
export default function DashboardPage() {
  const { data: jobs, error, isLoading, mutate } = useAdminJobs();
  const { signOut } = useOutletContext<AdminOutletContext>();
  const [refreshing, setRefreshing] = useState(false);

  const remove = async (job: AdminJob) => {
    if (!window.confirm(JOB_MESSAGES.deleteConfirm)) return;
    try {
      await deleteJob(job.id);
      toast({ title: JOB_MESSAGES.deleted, variant: 'success' });
      await mutate((current) => current?.filter((j) => j.id !== job.id), { revalidate: true });
    } catch (failure) {
      toast({
        title: JOB_MESSAGES.deleteFailed,
        description: errorMessage(failure, JOB_MESSAGES.deleteFailed),
        variant: 'destructive',
      });
    }
  };

  const refresh = async () => {
    setRefreshing(true);
    try {
      const result = await refreshJobs();
      toast({
        title: result.source ? `${JOB_MESSAGES.refreshed} (${result.source})` : 'Refresh Jobs',
        description: result.message,
      });
      await mutate();
    } catch (failure) {
      toast({
        title: JOB_MESSAGES.refreshFailed,
        description: errorMessage(failure, JOB_MESSAGES.refreshFailed),
        variant: 'destructive',
      });
    } finally {
      setRefreshing(false);
    }
  };

  return (
    <>
      <PageHeader>
        <h1>Job Listings Admin</h1>
        <Actions>
          <Button $variant="secondary" onClick={refresh} disabled={refreshing}>
            {refreshing ? 'Refreshing...' : 'Refresh Jobs'}
          </Button>
          <Button as={Link} to="/admin/jobs/new">
            Add New Job
          </Button>
          <Button $variant="secondary" onClick={signOut}>
            Logout
          </Button>
        </Actions>
      </PageHeader>
      {isLoading ? (
        <Spinner label="Loading jobs..." />
      ) : error ? (
        <p role="alert">{errorMessage(error, 'The jobs could not be loaded.')}</p>
      ) : (
        <JobsTable jobs={jobs ?? []} onDelete={remove} />
      )}
    </>
  );
}
