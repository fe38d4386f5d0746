import {
  ENDPOINTS,
  endpointKey,
  endpointUrl,
  type EndpointQuery,
} from '@jobboard/contract/endpoints';
import { REFRESH, apiFetch } from '@jobboard/shared-ui';
import { useEffect, useRef } from 'react';
import useSWR from 'swr';

/** A view of the review queue: its search, filter, sort and page. */
export type QueueQuery = NonNullable<EndpointQuery<typeof ENDPOINTS.adminSubmissionPage>>;

/**
 * The review queue's cache entry: the page on screen, whatever the view (every action refreshes
 * it, and the poll keeps one timer across changes of view).
 */
export const submissionsKey = endpointKey(ENDPOINTS.adminSubmissionPage);

/**
 * One page of the review queue (`view`: the address's view), polled every 30 seconds (docs/product.md#calls):
 * a page, not the whole queue, so a busy queue costs the same to poll. The first load and every
 * change of view are the admin's doing; every later fetch of the same view (the timer's, or the
 * refresh after an action, whose action was itself activity) is marked as a background poll, so
 * an admin tab left open still signs out after the idle limit.
 */
export function useSubmissions(view: QueueQuery = {}) {
  const url = endpointUrl(ENDPOINTS.adminSubmissionPage, { query: view });
  const current = useRef({ view, url });
  current.current = { view, url };
  const fetched = useRef<string | null>(null);
  const swr = useSWR(
    submissionsKey,
    async () => {
      const wanted = current.current;
      const page = await apiFetch(ENDPOINTS.adminSubmissionPage, {
        query: wanted.view,
        background: fetched.current === wanted.url,
      });
      fetched.current = wanted.url;
      return page;
    },
    { refreshInterval: REFRESH.submissions, keepPreviousData: true },
  );
  const { mutate } = swr;
  useEffect(() => {
    if (fetched.current !== null && fetched.current !== url) void mutate();
  }, [url, mutate]);
  return swr;
}
