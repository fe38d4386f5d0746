import { ENDPOINTS, endpointPath } from '@jobboard/contract';
import type { Job } from '@jobboard/contract';
import { apiFetch } from '@jobboard/shared-ui';
import useSWR from 'swr';

/** The single-job cache: one key per job id. */
export const jobKey = (id: string) => endpointPath(ENDPOINTS.job, { id });

/** `GET /api/jobs/:id`: an expired job still comes back (`expired: true`); unknown ids are 404. */
export const getJob = (id: string) => apiFetch<Job>(jobKey(id));

/**
 * What the server knew of a job its first view could not show (`FirstViewData.job`): 'closed'
 * (taken off the board) or 'missing' (no such job). Only ever a first view's entry.
 */
export type FirstViewJobStatus = 'closed' | 'missing';
export const jobStatusKey = (id: string) => `first-view-status:${jobKey(id)}`;

/** The first view's status of a job it could not show, if the page came with one. */
export function useFirstViewJobStatus(id: string): FirstViewJobStatus | undefined {
  return useSWR<FirstViewJobStatus>(jobStatusKey(id), null).data;
}

/** One job by id; `null` fetches nothing (the job is already on screen). */
export function useJob(id: string | null) {
  return useSWR(id === null ? null : jobKey(id), (url: string) => apiFetch<Job>(url));
}
