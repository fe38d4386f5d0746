import { type AlertFrequency, type AlertView } from '@jobboard/contract/alerts';
import { ENDPOINTS } from '@jobboard/contract/endpoints';
import { apiFetch } from '@jobboard/shared-ui';

/** `PUT /api/alerts/:token`: how often the alert sends its digest. */
export const updateAlert = (token: string, frequency: AlertFrequency): Promise<AlertView> =>
  apiFetch(ENDPOINTS.updateAlert, { params: { token }, body: { frequency } });
