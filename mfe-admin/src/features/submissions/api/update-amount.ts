import { ENDPOINTS } from '@jobboard/contract/endpoints';
import { apiFetch, useMutation } from '@jobboard/shared-ui';
import { submissionsKey } from './submissions';

/** Cents, a whole number above zero. */
export const updateAmount = (id: string, amount: number) =>
  apiFetch(ENDPOINTS.updateAmount, { params: { id }, body: { amount } });

/** Change the amount due; the review queue is fetched again. */
export function useUpdateAmount() {
  return useMutation(
    submissionsKey,
    (_key: string, { arg }: { arg: { id: string; cents: number } }) =>
      updateAmount(arg.id, arg.cents),
  );
}
