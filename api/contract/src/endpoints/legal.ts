/** The publication's legal pages (api/src/legal/). */
import { type Endpoint } from '../endpoint';
import { LegalPageParams, LegalPageView } from '../legal';

export const legalPage = {
  method: 'GET',
  path: '/api/pages/:slug',
  summary:
    "One of the publication's legal pages (privacy, terms, refunds): its title and its Markdown rendered as HTML.",
  params: LegalPageParams,
  notFound: { slug: 'Page not found' },
  response: LegalPageView,
} as const satisfies Endpoint;
