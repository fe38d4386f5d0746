import type { AdminSubmission } from '@jobboard/contract';
import { apiFetch, useMutation } from '@jobboard/shared-ui';
import { submissionUrl, submissionsKey } from './submissions';

export const rejectSubmission = (id: string, notes: string) =>
  apiFetch<AdminSubmission>(submissionUrl(id, 'reject'), {
    method: 'POST',
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
