import type { AdminSettingsUpdate } from '@jobboard/contract/employer';
import { ENDPOINTS, endpointKey } from '@jobboard/contract/endpoints';
import { apiFetch } from '@jobboard/shared-ui';
import useSWR from 'swr';

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
