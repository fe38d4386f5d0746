import { refreshSummary, type AdminJob } from '@jobboard/contract';
import { toast } from '@jobboard/shared-ui';
import { useDeleteJob } from '../api/delete-job';
import { useRefreshJobs } from '../api/refresh-jobs';
import { JOB_MESSAGES } from '../messages';
import { toastFailure } from '../../../lib/toast-failure';

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
      toastFailure(JOB_MESSAGES.deleteFailed, failure, JOB_MESSAGES.deleteFailed);
    }
  };

  const refresh = async () => {
    try {
      const result = await refreshing.trigger();
      toast(
        result.source
          ? {
              title: JOB_MESSAGES.refreshed(result.source),
              description: refreshSummary(result),
              variant: 'success',
            }
          : { title: JOB_MESSAGES.nothingToRefresh, description: result.message },
      );
    } catch (failure) {
      toastFailure(JOB_MESSAGES.refreshFailed, failure, JOB_MESSAGES.refreshFailed);
    }
  };

  return { remove, refresh, refreshing: refreshing.isMutating };
}
