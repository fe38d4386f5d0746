import { type BulkJobActionName } from '@jobboard/contract/admin';
import { ENDPOINTS } from '@jobboard/contract/endpoints';
import { apiFetch } from '@jobboard/shared-ui';

/** One action on every selected job; the API does all of it or none of it. */
export const bulkJobs = (action: BulkJobActionName, ids: string[]) =>
  apiFetch(ENDPOINTS.bulkJobs, { body: { action, ids: ids.map(Number) } });
