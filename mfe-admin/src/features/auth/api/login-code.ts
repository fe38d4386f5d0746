import { ENDPOINTS } from '@jobboard/contract/endpoints';
import type { TwoFactorCode } from '@jobboard/contract/admin';
import { apiFetch, useMutation } from '@jobboard/shared-ui';
import { checkAuthKey } from './check-auth';

export const loginCode = (body: TwoFactorCode) => apiFetch(ENDPOINTS.loginCode, { body });

/** Sign-in's second step: a one-time or recovery code; the session check is fetched again. */
export function useLoginCode() {
  return useMutation(checkAuthKey, (_key: string, { arg }: { arg: TwoFactorCode }) =>
    loginCode(arg),
  );
}
