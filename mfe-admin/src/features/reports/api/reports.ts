import { ENDPOINTS, endpointKey } from '@jobboard/contract/endpoints';
import { apiFetch } from '@jobboard/shared-ui';
import useSWR from 'swr';

/** The reported listings' queue (issue 45): open reports first, then those hidden after reports. */
export const reportQueueKey = endpointKey(ENDPOINTS.adminReports);

export function useReportQueue() {
  return useSWR(reportQueueKey, () => apiFetch(ENDPOINTS.adminReports));
}

/** An admin's decision on a listing's reports, by its job id. */
export type ReportDecision = 'dismiss' | 'hide' | 'restore';

const DECISIONS = {
  dismiss: ENDPOINTS.dismissReports,
  hide: ENDPOINTS.hideReportedListing,
  restore: ENDPOINTS.restoreReportedListing,
} as const;

export const decideReports = (jobId: string, decision: ReportDecision) =>
  apiFetch(DECISIONS[decision], { params: { id: jobId } });

/** The admin's setting: the reports that hide a listing until it is reviewed. */
export const saveReportThreshold = (reportThreshold: number) =>
  apiFetch(ENDPOINTS.updateSettings, { body: { reportThreshold } });
