/** The jobs slice (api/src/jobs/): the public board's cached reads (api/src/jobs/public-reads.ts) and the admin's jobs (one job, its form, the dashboard's list and bulk actions). */
import {
  AdminJobPage,
  AdminJobsQuery,
  BulkJobAction,
  BulkJobResult,
  EXTEND_DAYS,
  ExtendListing,
  MAX_BULK_JOBS,
} from '../admin-lists';
import { AdminJob, AdminJobForm, AdminJobList, AdminJobUpdate } from '../admin/jobs';
import { RECENT_DAYS, TOTAL_COUNT_CAP } from '../choices';
import { type Endpoint, Message, orEmptyObject } from '../endpoint';
import { Job, JobList, RecentJobLines } from '../job';
import { JobListQuery, SearchRequest, SearchResponse, StringList } from '../search';
import { jobId } from './params';

export const jobList = {
  method: 'GET',
  path: '/api/jobs',
  crossOrigin: true,
  summary:
    'One page of the public jobs (active, not ended), featured first, newest first; `X-Total-Count` and `Link` headers give the total and the next page.',
  querystring: JobListQuery,
  response: JobList,
} as const satisfies Endpoint;
export const recentJobs = {
  method: 'GET',
  path: '/api/jobs/recent',
  crossOrigin: true,
  summary: `The public jobs posted in the last ${RECENT_DAYS} days, newest first: the recent job list.`,
  response: JobList,
} as const satisfies Endpoint;
export const recentJobLines = {
  method: 'GET',
  path: '/api/jobs/recent/lines',
  crossOrigin: true,
  summary:
    'The recent list as the page shows it: the jobs of `GET /api/jobs/recent`, in its order, each with only its id, title, company name, locations, categories, application URL and posted date.',
  response: RecentJobLines,
} as const satisfies Endpoint;
export const job = {
  method: 'GET',
  path: '/api/jobs/:id',
  crossOrigin: true,
  summary: 'One job for its page or modal; an ended job is still answered, marked `expired: true`.',
  ...jobId,
  response: Job,
} as const satisfies Endpoint;
export const searchJobs = {
  method: 'POST',
  path: '/api/jobs/search',
  crossOrigin: true,
  summary: `One page of the public jobs matching the filter object, sorted as asked, with the total (counted up to ${TOTAL_COUNT_CAP}: \`totalExact\`) and \`next\`, where the next page starts: sent back as \`after\` (with the next \`page\`), the next page is read by a seek from there, as cheap at page 1,000 as at page 2, instead of past every row before it. A damaged cursor, or one of another sort order, is a 400.`,
  body: /* @__PURE__ */ orEmptyObject(SearchRequest),
  response: SearchResponse,
} as const satisfies Endpoint;
export const locations = {
  method: 'GET',
  path: '/api/locations',
  crossOrigin: true,
  summary: 'The locations of the public jobs, alphabetical: the Location filter.',
  response: StringList,
} as const satisfies Endpoint;
export const categories = {
  method: 'GET',
  path: '/api/categories',
  crossOrigin: true,
  summary: 'The categories of the public jobs, alphabetical: the Category filter.',
  response: StringList,
} as const satisfies Endpoint;
export const adminJobs = {
  method: 'GET',
  path: '/api/admin/jobs',
  summary: 'Every job, inactive and ended ones too, as the admin sees it.',
  response: AdminJobList,
} as const satisfies Endpoint;
export const adminJob = {
  method: 'GET',
  path: '/api/admin/jobs/:id',
  summary: 'One job as the admin sees it (with its source and the fields edited here).',
  ...jobId,
  response: AdminJob,
} as const satisfies Endpoint;
export const createJob = {
  method: 'POST',
  path: '/api/admin/jobs',
  summary: "Creates a job from the admin's job form.",
  body: AdminJobForm,
  status: 201,
  response: AdminJob,
} as const satisfies Endpoint;
/** Writes the fields given, keeps every other (AdminJobUpdate). */
export const updateJob = {
  method: 'PUT',
  path: '/api/admin/jobs/:id',
  summary: 'Writes the fields given and keeps every other; each change goes into the audit trail.',
  ...jobId,
  body: AdminJobUpdate,
  response: AdminJob,
} as const satisfies Endpoint;
export const deleteJob = {
  method: 'DELETE',
  path: '/api/admin/jobs/:id',
  summary: 'Deletes a job; a synced one is remembered so that the source does not create it again.',
  ...jobId,
  response: Message,
} as const satisfies Endpoint;
export const extendJob = {
  method: 'POST',
  path: '/api/admin/jobs/:id/extend',
  summary: `Keeps a listing up longer: its end (or today, once ended) plus ${EXTEND_DAYS} days, as a bulk extend does. The body's \`days\` is deprecated: ${EXTEND_DAYS} is taken, any other number refused (400).`,
  ...jobId,
  body: ExtendListing,
  response: AdminJob,
} as const satisfies Endpoint;
export const republishJob = {
  method: 'POST',
  path: '/api/admin/jobs/:id/republish',
  summary: 'Puts an ended or switched-off job live again, dated today.',
  ...jobId,
  response: AdminJob,
} as const satisfies Endpoint;
/**
 * A synced job an admin edited goes back to its source: the admin's changes stop outranking it,
 * and the next sync writes the source's values (409 for a job that came from no source).
 */
export const returnJobToSource = {
  method: 'POST',
  path: '/api/admin/jobs/:id/return-to-source',
  summary:
    "A synced job edited here goes back to its source: the next sync writes the source's values.",
  ...jobId,
  response: AdminJob,
} as const satisfies Endpoint;
export const adminJobPage = {
  method: 'GET',
  path: '/api/admin/lists/jobs',
  summary:
    "One page of the dashboard's jobs list: searched, filtered, sorted, with the total of the view.",
  querystring: AdminJobsQuery,
  response: AdminJobPage,
} as const satisfies Endpoint;
export const bulkJobs = {
  method: 'POST',
  path: '/api/admin/jobs/bulk',
  summary: `One action (deactivate, activate, extend ${EXTEND_DAYS} days, delete) on up to ${MAX_BULK_JOBS} jobs, all or none.`,
  body: BulkJobAction,
  response: BulkJobResult,
} as const satisfies Endpoint;
