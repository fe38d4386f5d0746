import { ENDPOINTS, endpointKey } from '@jobboard/contract/endpoints';
import { apiFetch } from '@jobboard/shared-ui';
import useSWR from 'swr';

export const clientErrorsKey = endpointKey(ENDPOINTS.adminClientErrors);

/** What the browsers reported about the remotes to the API process that answers, for the dashboard. */
export function useClientErrors() {
  return useSWR(clientErrorsKey, () => apiFetch(ENDPOINTS.adminClientErrors), {
    revalidateOnMount: true,
  });
}
