import { errorMessage, toast } from '@jobboard/shared-ui';
import { useSWRConfig } from 'swr';
import { useExtendJob } from '../api/extend-job';
import { jobHistoryKey } from '../api/job-history';
import { useRepublishJob } from '../api/republish-job';
import { JOB_MESSAGES } from '../messages';

/** Extend and Republish on the job view, each with its toast; the job is fetched again. */
export function useListingLifecycle(id: string) {
  const extension = useExtendJob(id);
  const republishing = useRepublishJob(id);
  const { mutate } = useSWRConfig();

  const change = async (action: () => Promise<unknown>, done: string) => {
    try {
      await action();
      toast({ title: done, variant: 'success' });
      void mutate(jobHistoryKey(id));
    } catch (failure) {
      toast({
        title: JOB_MESSAGES.changeFailed.title,
        description: errorMessage(failure, JOB_MESSAGES.changeFailed.fallback),
        variant: 'destructive',
      });
    }
  };

  return {
    extend: () => change(() => extension.trigger(), JOB_MESSAGES.extended),
    republish: () => change(() => republishing.trigger(), JOB_MESSAGES.republished),
  };
}
