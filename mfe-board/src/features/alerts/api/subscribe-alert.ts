import { type AlertSubscription } from '@jobboard/contract/alerts';
import { ENDPOINTS } from '@jobboard/contract/endpoints';
import { apiFetch } from '@jobboard/shared-ui';

/**
 * `POST /api/alerts`: follow a search by e-mail. The answer's message says what to do next
 * (confirm from the e-mail); nothing is sent before that.
 */
export const subscribeAlert = (subscription: AlertSubscription) =>
  apiFetch(ENDPOINTS.subscribeAlert, { body: subscription });
