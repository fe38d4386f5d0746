import { ENDPOINTS, endpointKey } from '@jobboard/contract/endpoints';
import type { DisableTwoFactor, TwoFactorCode } from '@jobboard/contract/admin';
import { apiFetch, useMutation } from '@jobboard/shared-ui';
import useSWR, { useSWRConfig } from 'swr';

export const twoFactorKey = endpointKey(ENDPOINTS.twoFactor);
/** The session check's SWR key (the auth feature's), named from the contract as every key is. */
const checkAuthKey = endpointKey(ENDPOINTS.checkAuth);

/** The signed-in admin's two-factor state (never the secret). */
export function useTwoFactor() {
  return useSWR(twoFactorKey, () => apiFetch(ENDPOINTS.twoFactor));
}

/** A new secret to enrol: shown once, until a code confirms it. */
export function useTwoFactorSetup() {
  return useMutation(twoFactorKey, () => apiFetch(ENDPOINTS.twoFactorSetup), {
    revalidate: false,
  });
}

/**
 * Confirm enrolment with a code; the answer holds the recovery codes. The session check is
 * fetched again: an admin who had to enrol may now use the whole admin area.
 */
export function useTwoFactorEnable() {
  const { mutate } = useSWRConfig();
  return useMutation(twoFactorKey, async (_key: string, { arg }: { arg: TwoFactorCode }) => {
    const result = await apiFetch(ENDPOINTS.twoFactorEnable, { body: arg });
    await mutate(checkAuthKey);
    return result;
  });
}

export function useTwoFactorDisable() {
  return useMutation(twoFactorKey, (_key: string, { arg }: { arg: DisableTwoFactor }) =>
    apiFetch(ENDPOINTS.twoFactorDisable, { body: arg }),
  );
}

export function useRecoveryCodes() {
  return useMutation(twoFactorKey, (_key: string, { arg }: { arg: TwoFactorCode }) =>
    apiFetch(ENDPOINTS.twoFactorRecoveryCodes, { body: arg }),
  );
}
