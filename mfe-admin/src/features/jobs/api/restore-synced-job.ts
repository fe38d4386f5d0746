import { ENDPOINTS } from '@jobboard/contract/endpoints';
import { apiFetch } from '@jobboard/shared-ui';

/** A deleted synced job is no longer remembered as deleted: the next sync creates it again. */
export const restoreSyncedJob = (deletionId: string) =>
  apiFetch(ENDPOINTS.restoreSyncedJob, { params: { id: deletionId } });
