import { ENDPOINTS, endpointKey } from '@jobboard/contract/endpoints';
import type { OrganizationPage, SimilarJobs } from '@jobboard/contract/jobs';
import { ApiError, apiFetch } from '@jobboard/shared-ui';
import useSWR, { useSWRConfig } from 'swr';

/** The key of one page of an organisation's page: the key the server gives the page it draws. */
export const organizationKey = (slug: string, page: number) =>
  endpointKey(ENDPOINTS.organizationPage, { params: { slug }, query: { page } });

/**
 * `GET /api/organizations/{slug}?page=`: the organisation and that page of its open jobs; null
 * when no organisation has the slug (404), as the server's first view says it.
 *
 * `movedTo`: the slug of the page this one moved to (issue 47: a merged company's page answers a
 * 301 to its survivor's, which fetch follows, so the answer names another slug). Read only from
 * this address's own answer, never from the previous page's that is shown while it loads.
 */
export function useOrganizationPage(slug: string | undefined, page: number) {
  const key = slug === undefined ? null : organizationKey(slug, page);
  const { cache } = useSWRConfig();
  const answer = useSWR<OrganizationPage | null>(
    key,
    async () => {
      try {
        return await apiFetch(ENDPOINTS.organizationPage, {
          params: { slug: slug! },
          query: { page },
        });
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
    { keepPreviousData: true },
  );
  const own = key === null ? undefined : (cache.get(key)?.data as OrganizationPage | null);
  const movedTo =
    own && own === answer.data && own.organization.slug !== slug
      ? own.organization.slug
      : undefined;
  return { ...answer, movedTo };
}

/** The key of a job's similar jobs: the key the server gives them on the job's page. */
export const similarJobsKey = (id: string) =>
  endpointKey(ENDPOINTS.similarJobs, { params: { id } });

/** `GET /api/jobs/{id}/similar`: a few open jobs like this one. */
export function useSimilarJobs(id: string) {
  return useSWR<SimilarJobs>(similarJobsKey(id), () =>
    apiFetch(ENDPOINTS.similarJobs, { params: { id } }),
  );
}
