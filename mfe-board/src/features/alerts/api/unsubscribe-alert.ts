import { type AlertView } from '@jobboard/contract/alerts';
import { ENDPOINTS } from '@jobboard/contract/endpoints';
import { apiFetch } from '@jobboard/shared-ui';

/** `POST /api/alerts/:token/unsubscribe`: the alert sends nothing more. */
export const unsubscribeAlert = (token: string): Promise<AlertView> =>
  apiFetch(ENDPOINTS.unsubscribeAlert, { params: { token } });
