import { ENDPOINTS, endpointPath } from '@jobboard/contract';
import type { Job } from '@jobboard/contract';
import { apiFetch } from '@jobboard/shared-ui';
import useSWR from 'swr';

/** The single-job cache: one key per job id. */
export const jobKey = (id: string) => endpointPath(ENDPOINTS.job, { id });

/** `GET /api/jobs/:id`: an expired job still comes back (`expired: true`); unknown ids are 404. */
export const getJob = (id: string) => apiFetch<Job>(jobKey(id));

/** One job by id; `null` fetches nothing (the job is already on screen). */
export function useJob(id: string | null) {
  return useSWR(id === null ? null : jobKey(id), (url: string) => apiFetch<Job>(url));
}
