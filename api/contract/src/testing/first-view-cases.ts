import { endpointKey } from '../endpoint';
import * as ENDPOINTS from '../endpoints';
import { defaultSearchFilter, type SearchRequest } from '../search';
import type { FirstViewKeys } from '../site';

/**
 * One table of the board's first views: each address, and the cache key of every call its page
 * carries the answer of, each call written out by hand (not derived from the address by the code
 * under test). The API's test holds the server to it (the keys it puts in the page) and the
 * board's test holds the hooks to it (the keys they ask for), so the key the server gives a part
 * is the key the browser asks for, and the browser never fetches what the page already holds.
 */
export interface FirstViewCase {
  name: string;
  /** The address opened: path and query string. */
  address: string;
  /**
   * The page of the search the address describes (`page=`, else 1, from its cursor `after=` when
   * the address has one), as the board asks for it.
   */
  search?: SearchRequest;
  /** The job of a job's page (`/jobs/{id}`), by its id as written in the address. */
  jobId?: string;
  /** The keys of the calls the page's data answers (FirstViewData.keys). */
  keys: FirstViewKeys;
}

/** The job id the job pages below open: the board test's fixture has a job with this id. */
export const FIRST_VIEW_JOB_ID = '31';

/** The organisation the organisation pages below open (issue 47). */
export const FIRST_VIEW_ORGANIZATION_SLUG = 'open-newsroom';

const search = (change: Partial<SearchRequest>): SearchRequest => ({
  ...defaultSearchFilter(),
  page: 1,
  pageSize: 10,
  ...change,
});

const board = (name: string, address: string, request: SearchRequest, jobId?: string) => ({
  name,
  address,
  search: request,
  ...(jobId === undefined ? {} : { jobId }),
  keys: {
    search: endpointKey(ENDPOINTS.searchJobs, { body: request }),
    locations: endpointKey(ENDPOINTS.locations),
    categories: endpointKey(ENDPOINTS.categories),
    ...(jobId === undefined
      ? {}
      : {
          job: endpointKey(ENDPOINTS.job, { params: { id: jobId } }),
          similar: endpointKey(ENDPOINTS.similarJobs, { params: { id: jobId } }),
        }),
  },
});

/** A 'Most Recent' cursor after job 12 (not featured, posted 2026-11-20), as the API writes it. */
const AFTER_JOB_12 = 'eyJ2IjoxLCJzIjoicmVjZW50IiwiZiI6ZmFsc2UsImQiOiIyMDI2LTExLTIwIiwiaSI6MTJ9';

const FILTERED = search({
  query: 'editor',
  jobType: { fullTime: true, partTime: false, contract: false, remote: false },
  // `remote=true` is the Remote workplace (issue 47).
  workplace: { onSite: false, hybrid: false, remote: true },
  experience: { entry: false, mid: true, senior: false },
  salaryRange: '50k-75k',
  location: 'Remote',
  category: ['Fundraising', 'Grants'],
  sortOption: 'salary-high',
});

export const FIRST_VIEW_CASES: FirstViewCase[] = [
  board('the board with no filter', '/', search({})),
  board(
    'the board with every filter',
    '/?q=editor&fullTime=true&remote=true&mid=true&salary=50k-75k&location=Remote&category=Fundraising&category=Grants&sort=salary-high',
    FILTERED,
  ),
  board('a search by relevance', '/?q=grants&sort=relevance', {
    ...search({ query: 'grants', sortOption: 'relevance' }),
  }),
  board('a later page of a search', '/?q=role&page=2', search({ query: 'role', page: 2 })),
  board(
    'a later page by its cursor (Next)',
    `/?q=role&page=3&after=${AFTER_JOB_12}`,
    search({ query: 'role', page: 3, after: AFTER_JOB_12 }),
  ),
  board('a job page', `/jobs/${FIRST_VIEW_JOB_ID}`, search({}), FIRST_VIEW_JOB_ID),
  board(
    'a job page over a search',
    `/jobs/${FIRST_VIEW_JOB_ID}?q=editor&sort=recent`,
    search({ query: 'editor' }),
    FIRST_VIEW_JOB_ID,
  ),
  {
    name: 'the recent jobs',
    address: '/job-list',
    keys: { recent: endpointKey(ENDPOINTS.recentJobLines) },
  },
  // An organisation's page (issue 47): its first page of open jobs, then a later one.
  {
    name: 'an organisation page',
    address: `/organizations/${FIRST_VIEW_ORGANIZATION_SLUG}`,
    keys: {
      organization: endpointKey(ENDPOINTS.organizationPage, {
        params: { slug: FIRST_VIEW_ORGANIZATION_SLUG },
      }),
    },
  },
  {
    name: "a later page of an organisation's jobs",
    address: `/organizations/${FIRST_VIEW_ORGANIZATION_SLUG}?page=2`,
    keys: {
      organization: endpointKey(ENDPOINTS.organizationPage, {
        params: { slug: FIRST_VIEW_ORGANIZATION_SLUG },
        query: { page: 2 },
      }),
    },
  },
  {
    name: 'a legal page',
    address: '/refunds',
    keys: { legal: endpointKey(ENDPOINTS.legalPage, { params: { slug: 'refunds' } }) },
  },
];
