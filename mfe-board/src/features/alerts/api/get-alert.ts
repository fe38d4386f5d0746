import { type AlertView } from '@jobboard/contract/alerts';
import { ENDPOINTS } from '@jobboard/contract/endpoints';
import { apiFetch } from '@jobboard/shared-ui';

/** `GET /api/alerts/:token`: one alert, as its manage page shows it. */
export const getAlert = (token: string): Promise<AlertView> =>
  apiFetch(ENDPOINTS.alert, { params: { token } });
