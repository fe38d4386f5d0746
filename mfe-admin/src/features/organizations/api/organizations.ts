import { ENDPOINTS, endpointKey } from '@jobboard/contract/endpoints';
import { apiFetch } from '@jobboard/shared-ui';
import useSWR from 'swr';

/** One page of organisations, searched by name, member address or domain (issue 47). */
export function useOrganizations(q: string, page: number) {
  const query = { q, page };
  return useSWR(endpointKey(ENDPOINTS.adminOrganizations, { query }), () =>
    apiFetch(ENDPOINTS.adminOrganizations, { query }),
  );
}

export const organizationKey = (id: string) =>
  endpointKey(ENDPOINTS.adminOrganization, { params: { id } });

/** One organisation: members, listings, credits left and history. */
export function useOrganization(id: string) {
  return useSWR(organizationKey(id), () =>
    apiFetch(ENDPOINTS.adminOrganization, { params: { id } }),
  );
}

export const moveListing = (submissionId: string, organizationId: number) =>
  apiFetch(ENDPOINTS.adminMoveListing, {
    params: { id: submissionId },
    body: { organizationId },
  });

export const moveCredits = (id: string, toOrganizationId: number) =>
  apiFetch(ENDPOINTS.adminMoveCredits, { params: { id }, body: { toOrganizationId } });

export const mergeOrganization = (id: string, intoOrganizationId: number) =>
  apiFetch(ENDPOINTS.adminMergeOrganization, { params: { id }, body: { intoOrganizationId } });

export const mergeCompany = (id: string, intoCompanyId: number) =>
  apiFetch(ENDPOINTS.adminMergeCompany, { params: { id }, body: { intoCompanyId } });
