import type { ApplicationReceipt } from '@jobboard/contract/applications';
import { ENDPOINTS } from '@jobboard/contract/endpoints';
import { apiFetch } from '@jobboard/shared-ui';

/**
 * Sends an application (`POST /api/jobs/:id/applications`, multipart with the résumé). Resolves
 * with the receipt only once the server stored it (201); any refusal or failure throws.
 */
export function sendApplication(jobId: string, form: FormData): Promise<ApplicationReceipt> {
  return apiFetch(ENDPOINTS.applyToJob, { params: { id: jobId }, form });
}
