import type { AdminSubmission } from '@jobboard/contract';
import { REFRESH, apiFetch } from '@jobboard/shared-ui';
import useSWR from 'swr';

export const submissionsKey = '/api/admin/submissions';

/** The review queue, polled every 30 seconds (SPEC.md 7). */
export function useSubmissions() {
  return useSWR(submissionsKey, (url: string) => apiFetch<AdminSubmission[]>(url), {
    refreshInterval: REFRESH.submissions,
  });
}

export function useSubmission(id: string | null) {
  return useSWR(id ? `${submissionsKey}/${id}` : null, (url: string) =>
    apiFetch<AdminSubmission>(url),
  );
}
