import { ENDPOINTS, type AlertView } from '@jobboard/contract';
import { apiFetch } from '@jobboard/shared-ui';

/** `GET /api/alerts/:token`: one alert, as its manage page shows it. */
export const getAlert = (token: string): Promise<AlertView> =>
  apiFetch(ENDPOINTS.alert, { params: { token } });
