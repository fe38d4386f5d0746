import { ENDPOINTS, endpointPath, type AdminSubmission } from '@jobboard/contract';
import { REFRESH, apiFetch } from '@jobboard/shared-ui';
import { useRef } from 'react';
import useSWR from 'swr';

export const submissionsKey = ENDPOINTS.submissions.path;

/**
 * The review queue, polled every 30 seconds (SPEC.md 7). The first load of the screen is the
 * admin's doing; every later fetch of this query (the timer's, or the refresh after an action,
 * whose action was itself activity) is marked as a background poll, so an admin tab left open
 * still signs out after the idle limit.
 */
export function useSubmissions() {
  const loaded = useRef(false);
  return useSWR(
    submissionsKey,
    async (url: string) => {
      const list = await apiFetch<AdminSubmission[]>(url, { background: loaded.current });
      loaded.current = true;
      return list;
    },
    { refreshInterval: REFRESH.submissions },
  );
}

export function useSubmission(id: string | null) {
  return useSWR(id ? endpointPath(ENDPOINTS.submission, { id }) : null, (url: string) =>
    apiFetch<AdminSubmission>(url),
  );
}
