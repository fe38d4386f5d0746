import { type AlertSubscription } from '@jobboard/contract/alerts';
import type { HumanProofBody } from '@jobboard/contract/common';
import { ENDPOINTS } from '@jobboard/contract/endpoints';
import { apiFetch } from '@jobboard/shared-ui';

/**
 * `POST /api/alerts`: follow a search by e-mail. The answer's message says what to do next
 * (confirm from the e-mail); nothing is sent before that. `proof`: the spam check's two fields
 * (issue 45).
 */
export const subscribeAlert = (subscription: AlertSubscription, proof: HumanProofBody) =>
  apiFetch(ENDPOINTS.subscribeAlert, { body: { ...subscription, ...proof } });
