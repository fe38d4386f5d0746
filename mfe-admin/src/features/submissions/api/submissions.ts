import {
  ENDPOINTS,
  endpointPath,
  type AdminSubmission,
  type AdminSubmissionPage,
} from '@jobboard/contract';
import { REFRESH, apiFetch } from '@jobboard/shared-ui';
import { useEffect, useRef } from 'react';
import useSWR from 'swr';

/** The review queue's cache entry: the page on screen (every action refreshes it). */
export const submissionsKey = ENDPOINTS.adminSubmissionPage.path;

/** Where the CSV of a view of the queue downloads from: all its pages, with payments. */
export const submissionsCsvHref = (query: string) => `${ENDPOINTS.exportSubmissions.path}${query}`;

/**
 * One page of the review queue (`query`: the view's query string), polled every 30 seconds
 * (SPEC.md 7): a page, not the whole queue, so a busy queue costs the same to poll. The first
 * load and every change of view are the admin's doing; every later fetch of the same view (the
 * timer's, or the refresh after an action, whose action was itself activity) is marked as a
 * background poll, so an admin tab left open still signs out after the idle limit.
 */
export function useSubmissions(query = '') {
  const current = useRef(query);
  current.current = query;
  const fetched = useRef<string | null>(null);
  const swr = useSWR(
    submissionsKey,
    async (url: string) => {
      const wanted = current.current;
      const page = await apiFetch<AdminSubmissionPage>(`${url}${wanted}`, {
        background: fetched.current === wanted,
      });
      fetched.current = wanted;
      return page;
    },
    { refreshInterval: REFRESH.submissions, keepPreviousData: true },
  );
  const { mutate } = swr;
  useEffect(() => {
    if (fetched.current !== null && fetched.current !== query) void mutate();
  }, [query, mutate]);
  return swr;
}

export function useSubmission(id: string | null) {
  return useSWR(id ? endpointPath(ENDPOINTS.submission, { id }) : null, (url: string) =>
    apiFetch<AdminSubmission>(url),
  );
}
