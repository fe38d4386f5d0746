import { ENDPOINTS, endpointKey } from '@jobboard/contract/endpoints';
import { REFRESH, apiFetch, freshFor } from '@jobboard/shared-ui';
import useSWR from 'swr';
import { SEARCH_TEXT } from '../messages';

export const categoriesKey = endpointKey(ENDPOINTS.categories);

/** The categories of public jobs; a failed answer is 'Failed to fetch categories' (docs/product.md#errors). */
export async function getCategories(): Promise<string[]> {
  try {
    return await apiFetch(ENDPOINTS.categories);
  } catch (error) {
    throw new Error(SEARCH_TEXT.categoriesFailed, { cause: error });
  }
}

/** Cached 5 minutes (docs/product.md#calls). */
export function useCategories() {
  return useSWR(categoriesKey, getCategories, freshFor(REFRESH.lookups));
}
