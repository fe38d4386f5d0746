import { ENDPOINTS, endpointKey } from '@jobboard/contract/endpoints';
import { REFRESH, apiFetch, freshFor } from '@jobboard/shared-ui';
import useSWR from 'swr';
import { SEARCH_TEXT } from '../messages';

export const locationsKey = endpointKey(ENDPOINTS.locations);

/** The locations of public jobs; a failed answer is 'Failed to fetch locations' (docs/product.md#errors). */
export async function getLocations(): Promise<string[]> {
  try {
    return await apiFetch(ENDPOINTS.locations);
  } catch (error) {
    throw new Error(SEARCH_TEXT.locationsFailed, { cause: error });
  }
}

/** Cached 5 minutes (docs/product.md#calls). */
export function useLocations() {
  return useSWR(locationsKey, getLocations, freshFor(REFRESH.lookups));
}
