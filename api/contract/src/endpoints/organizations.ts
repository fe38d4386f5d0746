/** Organisations' pages (issue 47): the public reads of a company's page and a job's similar jobs, in the jobs slice (api/src/jobs/public-reads.ts). */
import type { Endpoint } from '../endpoint';
import {
  ORGANIZATION_JOBS_PAGE_SIZE,
  ORGANIZATION_TEXTS,
  OrganizationPage,
  OrganizationParams,
  OrganizationQuery,
  SIMILAR_JOBS_COUNT,
  SimilarJobs,
} from '../organizations';
import { jobId } from './params';

export const organizationPage = {
  method: 'GET',
  path: '/api/organizations/:slug',
  crossOrigin: true,
  summary: `An organisation's page: the company (name, slug, logo, description, website) and one page (\`?page=\`, ${ORGANIZATION_JOBS_PAGE_SIZE} a page) of its open jobs, newest first, with their total. A company an admin merged into another answers 301, its \`Location\` the survivor's page (the same \`?page=\`; the end of a chain of merges).`,
  params: OrganizationParams,
  querystring: OrganizationQuery,
  notFound: { slug: ORGANIZATION_TEXTS.notFound },
  response: OrganizationPage,
} as const satisfies Endpoint;
export const similarJobs = {
  method: 'GET',
  path: '/api/jobs/:id/similar',
  crossOrigin: true,
  summary: `Up to ${SIMILAR_JOBS_COUNT} open jobs like this one (its categories, then its locations), newest first, never itself (a closed job's page shows them too); none for an id no job has.`,
  ...jobId,
  response: SimilarJobs,
} as const satisfies Endpoint;
