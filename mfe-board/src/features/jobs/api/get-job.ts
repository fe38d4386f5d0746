import { ENDPOINTS, endpointKey } from '@jobboard/contract/endpoints';
import type { Channel } from '@jobboard/contract/jobs';
import { apiFetch } from '@jobboard/shared-ui';
import useSWR from 'swr';

/** The single-job cache: one key per job id. */
export const jobKey = (id: string) => endpointKey(ENDPOINTS.job, { params: { id } });

/** `GET /api/jobs/:id`: an expired job still comes back (`expired: true`); unknown ids are 404. */
export const getJob = (id: string) => apiFetch(ENDPOINTS.job, { params: { id } });

/**
 * What the server knew of a job its first view could not show (`FirstViewData.job`): 'closed'
 * (taken off the board) or 'missing' (no such job). Only ever a first view's entry, kept beside
 * the job's own key (`key`: the key the server gave the job).
 */
export type FirstViewJobStatus = 'closed' | 'missing';
export const jobStatusKey = (key: string) => `first-view-status:${key}`;

/** The first view's status of a job it could not show, if the page came with one. */
export function useFirstViewJobStatus(id: string): FirstViewJobStatus | undefined {
  return useSWR<FirstViewJobStatus>(jobStatusKey(jobKey(id)), null).data;
}

/**
 * The channel the server drew the job's page for (`FirstViewData.channel`: the request's `via`,
 * else its referrer), kept beside the job's own key like its status: the page the browser loaded
 * counts its view and its Apply click for it (use-job-channel.ts).
 */
export const jobChannelKey = (key: string) => `first-view-channel:${key}`;

/** The channel of the job's page as the server drew it, if the page came with one. */
export function useFirstViewJobChannel(id: string): Channel | undefined {
  return useSWR<Channel>(jobChannelKey(jobKey(id)), null).data;
}

/** One job by id; `null` fetches nothing (the job is already on screen). */
export function useJob(id: string | null) {
  return useSWR(id === null ? null : jobKey(id), () => getJob(id!));
}
