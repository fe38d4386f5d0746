import type { ListingReport } from '@jobboard/contract/jobs';
import { ENDPOINTS } from '@jobboard/contract/endpoints';
import { apiFetch } from '@jobboard/shared-ui';

/** `POST /api/jobs/:id/reports`: the report; the API's thanks, to show. */
export const reportListing = (id: string, body: ListingReport) =>
  apiFetch(ENDPOINTS.reportListing, { params: { id }, body });
