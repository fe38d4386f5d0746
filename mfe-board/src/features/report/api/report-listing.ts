import type { HumanProofBody } from '@jobboard/contract/common';
import type { ListingReport } from '@jobboard/contract/jobs';
import { ENDPOINTS } from '@jobboard/contract/endpoints';
import { apiFetch } from '@jobboard/shared-ui';

/** `POST /api/jobs/:id/reports`: the report with the spam check's fields; the API's thanks, to show. */
export const reportListing = (id: string, report: ListingReport, proof: HumanProofBody) =>
  apiFetch(ENDPOINTS.reportListing, { params: { id }, body: { ...report, ...proof } });
