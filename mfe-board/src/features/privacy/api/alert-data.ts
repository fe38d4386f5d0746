import { type AlertDataExport } from '@jobboard/contract/alerts';
import { ENDPOINTS } from '@jobboard/contract/endpoints';
import { apiFetch } from '@jobboard/shared-ui';

/** `POST /api/alerts/:token/data`: every alert of the link's address (a POST: the page's button). */
export const exportAlertData = (token: string): Promise<AlertDataExport> =>
  apiFetch(ENDPOINTS.alertDataExport, { params: { token } });

/** `DELETE /api/alerts/:token/data`: every alert of the link's address is deleted. */
export const deleteAlertData = (token: string) =>
  apiFetch(ENDPOINTS.alertDataDelete, { params: { token } });
