import { ENDPOINTS } from '@jobboard/contract/endpoints';
import { apiFetch, useMutation } from '@jobboard/shared-ui';

export const resendEmail = (id: string) => apiFetch(ENDPOINTS.resendEmail, { params: { id } });

/** Send a failed message again; `pageKey` (the page on screen) is fetched again. */
export function useResendEmail(pageKey: string) {
  return useMutation(pageKey, (_key: string, { arg: id }: { arg: string }) => resendEmail(id));
}
