import { type AlertView } from '@jobboard/contract/alerts';
import { ENDPOINTS } from '@jobboard/contract/endpoints';
import { apiFetch } from '@jobboard/shared-ui';

/** `POST /api/alerts/:token/confirm`: the confirmation link of an alert's first e-mail. */
export const confirmAlert = (token: string): Promise<AlertView> =>
  apiFetch(ENDPOINTS.confirmAlert, { params: { token } });
