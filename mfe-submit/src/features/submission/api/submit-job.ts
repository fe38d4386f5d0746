import { ENDPOINTS } from '@jobboard/contract';
import { EXPERIENCE_NOT_SPECIFIED, type SubmissionForm } from '@jobboard/contract';
import { apiFetch } from '@jobboard/shared-ui';

/** Send the form; it adds `selectedTier` (= listingType) and `experienceLevel` (SPEC.md 3). */
export function submitJob(form: SubmissionForm & { website?: string }) {
  return apiFetch(ENDPOINTS.submitJob, {
    body: { ...form, selectedTier: form.listingType, experienceLevel: EXPERIENCE_NOT_SPECIFIED },
  });
}
