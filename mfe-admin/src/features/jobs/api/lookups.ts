import { ENDPOINTS, endpointKey } from '@jobboard/contract/endpoints';
import { REFRESH, apiFetch, freshFor } from '@jobboard/shared-ui';
import useSWR from 'swr';

/**
 * Locations and categories already in use, offered by the job form; cached 5 minutes. Each
 * endpoint is named (not `ENDPOINTS[kind]`): a release lists the endpoints its code names.
 */
export function useLookup(kind: 'locations' | 'categories') {
  const endpoint = kind === 'locations' ? ENDPOINTS.locations : ENDPOINTS.categories;
  return useSWR(endpointKey(endpoint), () => apiFetch(endpoint), freshFor(REFRESH.lookups));
}
