import { ENDPOINTS } from '@jobboard/contract';
import { REFRESH, apiFetch, freshFor } from '@jobboard/shared-ui';
import useSWR from 'swr';
import { SEARCH_TEXT } from '../messages';

export const LOCATIONS_URL = ENDPOINTS.locations.path;

/** The locations of public jobs; a failed answer is 'Failed to fetch locations' (SPEC.md 8). */
export async function getLocations(): Promise<string[]> {
  try {
    return await apiFetch<string[]>(LOCATIONS_URL);
  } catch (error) {
    throw new Error(SEARCH_TEXT.locationsFailed, { cause: error });
  }
}

/** Cached 5 minutes (SPEC.md 7). */
export function useLocations() {
  return useSWR(LOCATIONS_URL, getLocations, freshFor(REFRESH.lookups));
}
