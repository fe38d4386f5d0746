import { ENDPOINTS } from '@jobboard/contract';
import { REFRESH, apiFetch, freshFor } from '@jobboard/shared-ui';
import useSWR from 'swr';

/** Locations and categories already in use, offered by the job form; cached 5 minutes. */
export function useLookup(kind: 'locations' | 'categories') {
  return useSWR(
    ENDPOINTS[kind].path,
    (url: string) => apiFetch<string[]>(url),
    freshFor(REFRESH.lookups),
  );
}
