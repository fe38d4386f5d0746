import { SYNC_CONFLICT_MESSAGES } from '@jobboard/contract/admin';
import { jobFieldLabel } from '@jobboard/contract/jobs';
import { toast } from '@jobboard/shared-ui';
import { useSWRConfig } from 'swr';
import { adminJobKey } from '../api/admin-job';
import { jobHistoryKey } from '../api/job-history';
import { useRefreshJobPages } from '../api/job-page';
import { lastSyncKey } from '../api/last-sync';
import { restoreSyncedJob } from '../api/restore-synced-job';
import { returnToSource } from '../api/return-to-source';
import { JOB_MESSAGES } from '../messages';
import type { ConfirmRequest } from '../../../lib/confirm';
import { toastFailure } from '../../../lib/toast-failure';

/**
 * What an admin does about a synced job they decided on (issue 25): give it back to its source
 * (asked first: the next sync writes over what was changed here), or restore a deleted one. Each
 * toasts, and the job, its history, the list and the last-sync panel are read again.
 */
export function useSourceDecisions(confirm: (request: ConfirmRequest) => Promise<boolean>) {
  const { mutate } = useSWRConfig();
  const refreshPages = useRefreshJobPages();

  const giveBack = async (job: { id: string; title: string; fields: string[] }) => {
    const yes = await confirm({
      title: JOB_MESSAGES.returnTitle(job.title),
      message: JOB_MESSAGES.returnConfirm(job.fields.map(jobFieldLabel).join(', ')),
      confirmLabel: JOB_MESSAGES.returnToSource,
    });
    if (!yes) return;
    try {
      const returned = await returnToSource(job.id);
      await mutate(adminJobKey(job.id), returned, { revalidate: false });
      toast({
        title: JOB_MESSAGES.returned,
        description: SYNC_CONFLICT_MESSAGES.returned,
        variant: 'success',
      });
    } catch (failure) {
      toastFailure(JOB_MESSAGES.sourceActionFailed, failure, JOB_MESSAGES.sourceActionFailed);
    } finally {
      void mutate(jobHistoryKey(job.id));
      void mutate(lastSyncKey);
      void refreshPages();
    }
  };

  const restore = async (deletion: { deletionId: string; title: string }) => {
    try {
      const { message } = await restoreSyncedJob(deletion.deletionId);
      toast({
        title: JOB_MESSAGES.restored(deletion.title),
        description: message,
        variant: 'success',
      });
    } catch (failure) {
      toastFailure(JOB_MESSAGES.sourceActionFailed, failure, JOB_MESSAGES.sourceActionFailed);
    } finally {
      void mutate(lastSyncKey);
    }
  };

  return { giveBack, restore };
}
