import { ENDPOINTS } from '@jobboard/contract/endpoints';
import type { OfflinePayment } from '@jobboard/contract/payments';
import { apiFetch } from '@jobboard/shared-ui';

/**
 * A check or a bank transfer received for a listing (issue 47), with Stripe set up or not: the
 * payment is recorded with its reference and the listing goes live.
 */
export const recordOfflinePayment = (id: string, body: OfflinePayment) =>
  apiFetch(ENDPOINTS.recordOfflinePayment, { params: { id }, body });
