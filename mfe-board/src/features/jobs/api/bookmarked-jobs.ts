import type { Job } from '@jobboard/contract/jobs';
import { ApiError } from '@jobboard/shared-ui';
import useSWR, { useSWRConfig } from 'swr';
import { getJob, jobKey } from './get-job';

export interface BookmarkedJobs {
  jobs: Job[];
  /** Ids the API no longer knows (404): the job was removed or unlisted. */
  goneIds: string[];
  /** Ids that failed for another reason (network, 5xx): worth trying again later. */
  failedIds: string[];
}

/** The key holds the ids in a fixed order, so the same bookmarks are one cache entry. */
export const bookmarkedJobsKey = (ids: string[]) =>
  ids.length ? (['bookmarked-jobs', ...[...ids].sort()] as const) : null;

/** Each bookmarked job by id, in parallel; one failing does not hide the others. */
export async function getBookmarkedJobs(ids: readonly string[]): Promise<BookmarkedJobs> {
  const results = await Promise.allSettled(ids.map((id) => getJob(id)));
  const answer: BookmarkedJobs = { jobs: [], goneIds: [], failedIds: [] };
  results.forEach((result, index) => {
    const id = ids[index]!;
    if (result.status === 'fulfilled') answer.jobs.push(result.value);
    else if (result.reason instanceof ApiError && result.reason.status === 404)
      answer.goneIds.push(id);
    else answer.failedIds.push(id);
  });
  return answer;
}

/**
 * The jobs behind the bookmarks. The jobs it loads also fill the single-job cache, so opening one
 * of them needs no second call.
 */
export function useBookmarkedJobs(ids: string[]) {
  const { mutate } = useSWRConfig();
  return useSWR(
    bookmarkedJobsKey(ids),
    ([, ...keyIds]: readonly string[]) => getBookmarkedJobs(keyIds),
    {
      keepPreviousData: true,
      onSuccess: ({ jobs }) => {
        for (const job of jobs) void mutate(jobKey(job.id), job, { revalidate: false });
      },
    },
  );
}
