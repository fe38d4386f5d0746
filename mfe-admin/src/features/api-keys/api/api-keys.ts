import type { ApiKeyInput } from '@jobboard/contract/admin';
import { ENDPOINTS, endpointKey } from '@jobboard/contract/endpoints';
import { apiFetch, useMutation } from '@jobboard/shared-ui';
import useSWR from 'swr';

export const apiKeysKey = endpointKey(ENDPOINTS.adminApiKeys);

/** Every API key, newest first, for /admin/api-keys. */
export function useApiKeys() {
  return useSWR(apiKeysKey, () => apiFetch(ENDPOINTS.adminApiKeys));
}

/** Make a key; its answer holds the key itself, this once. The list is fetched again. */
export function useCreateApiKey() {
  return useMutation(apiKeysKey, (_key: string, { arg }: { arg: ApiKeyInput }) =>
    apiFetch(ENDPOINTS.createApiKey, { body: arg }),
  );
}

/** Revoke a key; the list is fetched again. */
export function useRevokeApiKey() {
  return useMutation(apiKeysKey, (_key: string, { arg: id }: { arg: string }) =>
    apiFetch(ENDPOINTS.revokeApiKey, { params: { id } }),
  );
}
