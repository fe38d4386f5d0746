import type {
  NewsletterBlockRequest,
  NewsletterScheduleSetting,
  NewsletterSendRequest,
} from '@jobboard/contract/admin';
import { ENDPOINTS, endpointKey } from '@jobboard/contract/endpoints';
import { apiFetch } from '@jobboard/shared-ui';
import useSWR from 'swr';

export const newsletterKey = endpointKey(ENDPOINTS.newsletterPage);

/** The newsletter page: Ghost set up or not, the default range, the schedule, the issues sent. */
export function useNewsletterPage() {
  return useSWR(newsletterKey, () => apiFetch(ENDPOINTS.newsletterPage));
}

/** The block of a range as it would be sent (its exact HTML). */
export const previewNewsletter = (request: NewsletterBlockRequest) =>
  apiFetch(ENDPOINTS.newsletterPreview, { body: request });

/** Send the block previewed (its digest) to Ghost as a draft. */
export const sendNewsletter = (request: NewsletterSendRequest) =>
  apiFetch(ENDPOINTS.sendNewsletter, { body: request });

export const saveSchedule = (setting: NewsletterScheduleSetting) =>
  apiFetch(ENDPOINTS.updateNewsletterSchedule, { body: setting });
