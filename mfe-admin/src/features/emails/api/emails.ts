import { ENDPOINTS, type AdminEmailPage } from '@jobboard/contract';
import { apiFetch, useMutation } from '@jobboard/shared-ui';
import useSWR from 'swr';

/** The e-mail page's cache entry: the page on screen (a resend refreshes it). */
export const emailsKey = ENDPOINTS.adminEmails.path;

/** One page of the outbox (`query`: its query string), newest first. */
export function useEmails(query: string) {
  return useSWR(`${emailsKey}${query}`, (url: string) => apiFetch<AdminEmailPage>(url), {
    revalidateOnMount: true,
    keepPreviousData: true,
  });
}

export const resendEmail = (id: string) => apiFetch(ENDPOINTS.resendEmail, { params: { id } });

/** Send a failed message again; `pageKey` (the page on screen) is fetched again. */
export function useResendEmail(pageKey: string) {
  return useMutation(pageKey, (_key: string, { arg: id }: { arg: string }) => resendEmail(id));
}
