import { ENDPOINTS } from '@jobboard/contract/endpoints';
import { apiFetch } from '@jobboard/shared-ui';

/** Remove one of the member's alerts (it is unsubscribed); the answer's message to show. */
export const removeMemberAlert = (id: string) =>
  apiFetch(ENDPOINTS.removeMemberAlert, { params: { id } });
