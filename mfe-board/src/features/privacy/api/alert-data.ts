import { type AlertDataExport } from '@jobboard/contract/alerts';
import { ENDPOINTS } from '@jobboard/contract/endpoints';
import { apiFetch } from '@jobboard/shared-ui';

/**
 * `POST /api/alerts/data-link`: e-mail a link to download or delete everything of an address (the
 * same answer for any address).
 */
export const requestDataLink = (email: string) =>
  apiFetch(ENDPOINTS.requestAlertDataLink, { body: { email } });

/** `POST /api/alerts/data/:token`: every alert and application of the link's address; spends it. */
export const exportDataByLink = (token: string): Promise<AlertDataExport> =>
  apiFetch(ENDPOINTS.dataLinkExport, { params: { token } });

/** `DELETE /api/alerts/data/:token`: deletes every alert and application of the link's address. */
export const deleteDataByLink = (token: string) =>
  apiFetch(ENDPOINTS.dataLinkDelete, { params: { token } });
