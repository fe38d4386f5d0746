import type { AdminSettingsUpdate } from '@jobboard/contract/employer';
import { ENDPOINTS, endpointKey } from '@jobboard/contract/endpoints';
import { apiFetch } from '@jobboard/shared-ui';
import useSWR, { useSWRConfig } from 'swr';

/** The employers' pending proposals of changes to live jobs, oldest first. */
export const proposalsKey = endpointKey(ENDPOINTS.adminProposals);

export function useProposals() {
  return useSWR(proposalsKey, () => apiFetch(ENDPOINTS.adminProposals));
}

export const approveProposal = (id: string) =>
  apiFetch(ENDPOINTS.approveProposal, { params: { id } });

export const rejectProposal = (id: string, reason: string) =>
  apiFetch(ENDPOINTS.rejectProposal, { params: { id }, body: { reason } });

export const settingsKey = endpointKey(ENDPOINTS.adminSettings);

export function useSettings() {
  return useSWR(settingsKey, () => apiFetch(ENDPOINTS.adminSettings));
}

export const updateSettings = (update: AdminSettingsUpdate) =>
  apiFetch(ENDPOINTS.updateSettings, { body: update });

/**
 * The cache entries the board's pay rule changes (turning it on or off holds jobs without pay
 * back, or lets them onto the board): the jobs list's pages, each job, the dashboard's numbers
 * and the last sync's held jobs. The jobs and stats features' keys, named here: features share
 * no code.
 */
const HELD_JOBS_PREFIXES = [
  endpointKey(ENDPOINTS.adminJobPage),
  endpointKey(ENDPOINTS.adminJob, { params: { id: '' } }),
];
const HELD_JOBS_KEYS = [endpointKey(ENDPOINTS.lastSync), endpointKey(ENDPOINTS.adminStats)];

/** Fetch again what shows which jobs are held back, after the pay rule changed. */
export function useRefreshHeldJobs() {
  const { mutate } = useSWRConfig();
  return () =>
    mutate(
      (key) =>
        typeof key === 'string' &&
        (HELD_JOBS_KEYS.includes(key) || HELD_JOBS_PREFIXES.some((p) => key.startsWith(p))),
      undefined,
      { revalidate: true },
    );
}
