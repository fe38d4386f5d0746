import type {
  ApplicationSettingsChange,
  ApplicationStatus,
  InboxApplicationChange,
} from '@jobboard/contract/applications';
import { ENDPOINTS, endpointKey, endpointUrl } from '@jobboard/contract/endpoints';
import { apiFetch } from '@jobboard/shared-ui';
import useSWR from 'swr';

/**
 * The applicant inbox's calls (issue 42), each of the signed-in employer's own listings: the
 * page of applications, the changes, the decline, the settings; and the two downloads, which are
 * links (the browser saves the answer as the file it is).
 */

export interface InboxView {
  page: number;
  status?: ApplicationStatus;
}

export const inboxKey = (jobId: string, view: InboxView) =>
  endpointKey(ENDPOINTS.employerApplications, { params: { id: jobId }, query: view });

export function useInbox(jobId: string, view: InboxView) {
  return useSWR(inboxKey(jobId, view), () =>
    apiFetch(ENDPOINTS.employerApplications, {
      params: { id: jobId },
      query: view,
      nullOn401: true,
    }),
  );
}

export const changeApplication = (id: string, change: InboxApplicationChange) =>
  apiFetch(ENDPOINTS.employerUpdateApplication, { params: { id }, body: change });

export const setStatuses = (ids: string[], status: ApplicationStatus) =>
  apiFetch(ENDPOINTS.employerApplicationsStatus, { body: { ids, status } });

export const declineApplication = (id: string) =>
  apiFetch(ENDPOINTS.employerDeclineApplication, { params: { id } });

export const settingsKey = endpointKey(ENDPOINTS.employerApplicationSettings);

export function useInboxSettings() {
  return useSWR(settingsKey, () => apiFetch(ENDPOINTS.employerApplicationSettings));
}

export const saveSettings = (change: ApplicationSettingsChange) =>
  apiFetch(ENDPOINTS.employerUpdateApplicationSettings, { body: change });

/** The résumé's download (an attachment: the browser saves it, never shows it). */
export const resumeUrl = (id: string) =>
  endpointUrl(ENDPOINTS.employerApplicationResume, { params: { id } });

export const csvUrl = (jobId: string) =>
  endpointUrl(ENDPOINTS.employerApplicationsCsv, { params: { id: jobId } });
