import type { AdminJob } from '@jobboard/contract';
import { errorMessage, toast } from '@jobboard/shared-ui';
import { useDeleteJob } from '../api/delete-job';
import { useRefreshJobs } from '../api/refresh-jobs';
import { JOB_MESSAGES } from '../messages';

/** The dashboard's actions with their toasts (SPEC.md 5 and 8): delete a job, Refresh Jobs. */
export function useDashboardActions() {
  const deletion = useDeleteJob();
  const refreshing = useRefreshJobs();

  const remove = async (job: AdminJob) => {
    if (!window.confirm(JOB_MESSAGES.deleteConfirm)) return;
    try {
      await deletion.trigger(job.id);
      toast({ title: JOB_MESSAGES.deleted, variant: 'success' });
    } catch (failure) {
      toast({
        title: JOB_MESSAGES.deleteFailed,
        description: errorMessage(failure, JOB_MESSAGES.deleteFailed),
        variant: 'destructive',
      });
    }
  };

  const refresh = async () => {
    try {
      const result = await refreshing.trigger();
      toast({
        title: result.source
          ? `${JOB_MESSAGES.refreshed} (${result.source})`
          : JOB_MESSAGES.refresh,
        description: result.message,
      });
    } catch (failure) {
      toast({
        title: JOB_MESSAGES.refreshFailed,
        description: errorMessage(failure, JOB_MESSAGES.refreshFailed),
        variant: 'destructive',
      });
    }
  };

  return { remove, refresh, refreshing: refreshing.isMutating };
}
