import type { AdminJobForm } from '@jobboard/contract/admin';
import { ApiError, errorMessage, toast } from '@jobboard/shared-ui';
import { useNavigate } from '@jobboard/shared-ui/router';
import { useSWRConfig } from 'swr';
import { adminJobKey } from '../api/admin-job';
import { useCreateJob } from '../api/create-job';
import { useRefreshJobPages } from '../api/job-page';
import { useUpdateJob } from '../api/update-job';
import { JOB_MESSAGES } from '../messages';

/**
 * Save the job form (a new job without `id`), then back to the dashboard (docs/product.md#validation and docs/product.md#errors). A
 * failure is toasted and its field messages returned for the form to show.
 */
export function useSaveJob(id: string | undefined) {
  const navigate = useNavigate();
  const { mutate } = useSWRConfig();
  const { trigger: create } = useCreateJob();
  const { trigger: update } = useUpdateJob();
  const refreshPages = useRefreshJobPages();

  return async (form: AdminJobForm) => {
    try {
      const saved = id ? await update({ id, form }) : await create(form);
      await mutate(adminJobKey(saved.id), saved, { revalidate: false });
      toast({ title: id ? JOB_MESSAGES.updated : JOB_MESSAGES.created, variant: 'success' });
      // Every cached page of the list, fetched again: the dashboard may have read its page a moment
      // ago, and SWR would otherwise serve that copy (deduplicated) when it opens again.
      await refreshPages();
      navigate('/admin/dashboard');
      return undefined;
    } catch (failure) {
      const fallback = id ? JOB_MESSAGES.updateFailed : JOB_MESSAGES.createFailed;
      toast({
        title: JOB_MESSAGES.saveFailed,
        description: errorMessage(failure, fallback),
        variant: 'destructive',
      });
      return failure instanceof ApiError ? failure.fieldErrors : undefined;
    }
  };
}
