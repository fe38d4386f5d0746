import { ENDPOINTS, endpointKey } from '@jobboard/contract';
import { REFRESH, apiFetch, freshFor } from '@jobboard/shared-ui';
import useSWR from 'swr';

/** Locations and categories already in use, offered by the job form; cached 5 minutes. */
export function useLookup(kind: 'locations' | 'categories') {
  const endpoint = ENDPOINTS[kind];
  return useSWR(endpointKey(endpoint), () => apiFetch(endpoint), freshFor(REFRESH.lookups));
}
