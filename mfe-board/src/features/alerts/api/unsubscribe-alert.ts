import { ENDPOINTS, type AlertView } from '@jobboard/contract';
import { apiFetch } from '@jobboard/shared-ui';

/** `POST /api/alerts/:token/unsubscribe`: the alert sends nothing more. */
export const unsubscribeAlert = (token: string): Promise<AlertView> =>
  apiFetch(ENDPOINTS.unsubscribeAlert, { params: { token } });
