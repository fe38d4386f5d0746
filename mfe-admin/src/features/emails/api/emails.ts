import { ENDPOINTS, endpointKey, type EndpointQuery } from '@jobboard/contract/endpoints';
import { apiFetch } from '@jobboard/shared-ui';
import useSWR from 'swr';

/** A view of the outbox: its filter and page. */
export type EmailsQuery = NonNullable<EndpointQuery<typeof ENDPOINTS.adminEmails>>;

/** The cache entry of one page of the outbox (a resend refreshes the page on screen). */
export const emailsKey = (view: EmailsQuery) => endpointKey(ENDPOINTS.adminEmails, { query: view });

/** One page of the outbox, newest first. */
export function useEmails(view: EmailsQuery) {
  return useSWR(emailsKey(view), () => apiFetch(ENDPOINTS.adminEmails, { query: view }), {
    revalidateOnMount: true,
    keepPreviousData: true,
  });
}
