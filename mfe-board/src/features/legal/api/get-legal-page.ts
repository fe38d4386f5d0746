import { ENDPOINTS, endpointKey } from '@jobboard/contract/endpoints';
import type { LegalPageSlug } from '@jobboard/contract/site';
import { apiFetch } from '@jobboard/shared-ui';
import useSWR from 'swr';

/** One key per page: the key the server gives the page it inlines (first-view.ts). */
export const legalPageKey = (slug: LegalPageSlug) =>
  endpointKey(ENDPOINTS.legalPage, { params: { slug } });

/** `GET /api/pages/{slug}`: the page's title and its Markdown rendered as HTML. */
export function useLegalPage(slug: LegalPageSlug) {
  return useSWR(legalPageKey(slug), () => apiFetch(ENDPOINTS.legalPage, { params: { slug } }));
}
