/** Admin: the newsletter block sent to Ghost as a draft (issue 44; api/src/newsletter/). */
import {
  NEWSLETTER_LIMITS,
  NewsletterBlock,
  NewsletterBlockRequest,
  NewsletterIssue,
  NewsletterPage,
  NewsletterSchedule,
  NewsletterScheduleSetting,
  NewsletterSendRequest,
} from '../admin/newsletter';
import { type Endpoint, orEmptyObject } from '../endpoint';

export const newsletterPage = {
  method: 'GET',
  path: '/api/admin/newsletter',
  summary: `The newsletter page: whether Ghost's Admin API key is set (never the key), the default range (the last ${NEWSLETTER_LIMITS.defaultDays} days), the weekly schedule and the latest issues sent.`,
  response: NewsletterPage,
} as const satisfies Endpoint;
export const newsletterPreview = {
  method: 'POST',
  path: '/api/admin/newsletter/preview',
  summary:
    'The block of a range as it would be sent: its title, the exact HTML, its jobs in order (the listings that bought the newsletter first, then the rest by category) and its digest.',
  body: orEmptyObject(NewsletterBlockRequest),
  response: NewsletterBlock,
} as const satisfies Endpoint;
export const sendNewsletter = {
  method: 'POST',
  path: '/api/admin/newsletter/issues',
  summary:
    "Sends the block to the publication's Ghost as a draft post (never published) and records the issue; 409 when the block changed since the preview named by `digest`, 502 when Ghost refuses the key or the post (nothing recorded).",
  body: orEmptyObject(NewsletterSendRequest),
  status: 201,
  response: NewsletterIssue,
} as const satisfies Endpoint;
export const updateNewsletterSchedule = {
  method: 'PUT',
  path: '/api/admin/newsletter/schedule',
  summary:
    'Turns the weekly draft on or off and sets its day and hour (UTC); it makes its first draft at the next such hour.',
  body: NewsletterScheduleSetting,
  response: NewsletterSchedule,
} as const satisfies Endpoint;
