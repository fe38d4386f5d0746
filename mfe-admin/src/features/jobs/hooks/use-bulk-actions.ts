import type { BulkJobActionName } from '@jobboard/contract/admin';
import { toast } from '@jobboard/shared-ui';
import { useState } from 'react';
import { bulkJobs } from '../api/bulk-jobs';
import { useRefreshJobPages } from '../api/job-page';
import { JOB_MESSAGES } from '../messages';
import type { ConfirmRequest } from '../../../lib/confirm';
import { toastFailure } from '../../../lib/toast-failure';

/**
 * The selection of the jobs list and the bulk actions on it: one confirmation, one request (the
 * API changes every selected job or none), a toast with the counts, then the list again.
 */
export function useBulkActions(confirm: (request: ConfirmRequest) => Promise<boolean>) {
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [busy, setBusy] = useState(false);
  const refreshPages = useRefreshJobPages();

  const select = (ids: string[], on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      for (const id of ids) {
        if (on) next.add(id);
        else next.delete(id);
      }
      return next;
    });

  const run = async (action: BulkJobActionName) => {
    const ids = [...selected];
    const yes = await confirm({
      title: JOB_MESSAGES.bulkTitle[action],
      message: JOB_MESSAGES.bulkConfirm(JOB_MESSAGES.bulk[action], ids.length),
      confirmLabel: `${JOB_MESSAGES.bulk[action]} (${ids.length})`,
      danger: action === 'delete' || action === 'deactivate',
    });
    if (!yes) return;
    setBusy(true);
    try {
      const result = await bulkJobs(action, ids);
      toast({ title: JOB_MESSAGES.bulkDone, description: result.message, variant: 'success' });
      setSelected(new Set());
    } catch (failure) {
      toastFailure(JOB_MESSAGES.bulkFailed, failure, JOB_MESSAGES.bulkFallback);
    } finally {
      setBusy(false);
      void refreshPages();
    }
  };

  return { selected, select, clear: () => setSelected(new Set()), run, busy };
}
