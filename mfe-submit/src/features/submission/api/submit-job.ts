import { ENDPOINTS } from '@jobboard/contract/endpoints';
import type { HumanProofBody } from '@jobboard/contract/common';
import { type SubmissionForm } from '@jobboard/contract/submissions';
import { apiFetch } from '@jobboard/shared-ui';

/**
 * Send the form; it adds `selectedTier` (= listingType, docs/product.md#entities). The experience level is the
 * employer's choice on the form (issue 16: 'Not specified' for every post hid them all from the
 * board's Experience filter). `proof`: the spam check's two fields (issue 45).
 */
export function submitJob(form: SubmissionForm, proof: HumanProofBody) {
  return apiFetch(ENDPOINTS.submitJob, {
    body: { ...form, selectedTier: form.listingType, ...proof },
  });
}
