import { ENDPOINTS } from '@jobboard/contract/endpoints';
import { apiFetch, useMutation } from '@jobboard/shared-ui';
import { submissionsKey } from './submissions';

export const rejectSubmission = (id: string, notes: string) =>
  apiFetch(ENDPOINTS.rejectSubmission, {
    params: { id },
    body: { notes: notes.trim() || null },
  });

/** Reject with an optional reason; the review queue is fetched again. */
export function useRejectSubmission() {
  return useMutation(
    submissionsKey,
    (_key: string, { arg }: { arg: { id: string; notes: string } }) =>
      rejectSubmission(arg.id, arg.notes),
  );
}
