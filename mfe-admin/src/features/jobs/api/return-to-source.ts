import { ENDPOINTS } from '@jobboard/contract/endpoints';
import { apiFetch } from '@jobboard/shared-ui';

/**
 * A synced job an admin edited goes back to its source: the next sync writes the source's values
 * over the admin's changes. Answers the job as it is now.
 */
export const returnToSource = (id: string) =>
  apiFetch(ENDPOINTS.returnJobToSource, { params: { id } });
