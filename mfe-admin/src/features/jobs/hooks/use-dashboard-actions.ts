import { refreshSummary, type AdminJob } from '@jobboard/contract/admin';
import { toast } from '@jobboard/shared-ui';
import { useDeleteJob } from '../api/delete-job';
import { useRefreshJobs } from '../api/refresh-jobs';
import { JOB_MESSAGES } from '../messages';
import type { ConfirmRequest } from '../../../lib/confirm';
import { toastFailure } from '../../../lib/toast-failure';
import { useRefreshJobPages } from '../api/job-page';

/**
 * The dashboard's actions with their toasts (docs/product.md#validation and docs/product.md#errors): delete a job (asked in the page's
 * own dialog, `confirm`), Refresh Jobs. The list's pages are fetched again after either.
 */
export function useDashboardActions(confirm: (request: ConfirmRequest) => Promise<boolean>) {
  const deletion = useDeleteJob();
  const refreshing = useRefreshJobs();
  const refreshPages = useRefreshJobPages();

  const remove = async (job: AdminJob) => {
    const yes = await confirm({
      title: JOB_MESSAGES.deleteTitle,
      message: JOB_MESSAGES.deleteConfirm,
      confirmLabel: JOB_MESSAGES.deleteButton,
      danger: true,
    });
    if (!yes) return;
    try {
      await deletion.trigger(job.id);
      toast({ title: JOB_MESSAGES.deleted, variant: 'success' });
    } catch (failure) {
      toastFailure(JOB_MESSAGES.deleteFailed, failure, JOB_MESSAGES.deleteFailed);
    } finally {
      void refreshPages();
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
      void refreshPages();
    } catch (failure) {
      toastFailure(JOB_MESSAGES.refreshFailed, failure, JOB_MESSAGES.refreshFailed);
    }
  };

  return { remove, refresh, refreshing: refreshing.isMutating };
}
