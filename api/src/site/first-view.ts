import { ENDPOINTS, endpointKey } from '@jobboard/contract/endpoints';
import { MAX_PAGE } from '@jobboard/contract/common';
import {
  type Channel,
  ORGANIZATION_SLUG_PATTERN,
  afterFromQueryString,
  filterFromQueryString,
  JOB_ID_PATTERN,
  pageFromQueryString,
  searchPage,
} from '@jobboard/contract/jobs';
import {
  legalPageAt,
  type FirstViewKeys,
  type RemoteName,
  type SiteRoute,
} from '@jobboard/contract/site';
import { NotFound } from '../platform/domain-errors';
import type { PublicReads } from '../jobs';
import type { LegalPages } from '../legal';

/**
 * The data of the board's first view, as JSON text for the page (BootConfig.data): the page of
 * the search the address describes (page 1 unless it says `page=`), the filter choices and on /jobs/{id} that job; on /job-list the
 * recent list's lines; on a legal page (/privacy...) that page. Built from the very answers the API sends (already serialized in the public-read
 * cache), so the first card needs no request and agrees with the API. Each part comes with the
 * key of the call it answers (`keys`, endpointKey of the same input the read was made with): the
 * key the board's hooks ask for, so the browser asks nothing again. Other routes get none.
 */
export async function firstViewJson(
  reads: PublicReads,
  legal: LegalPages,
  route: SiteRoute | undefined,
  pathname: string,
  queryString: string,
  /** On /jobs/{id}: the channel the request landed on the job by (FirstViewData.channel). */
  channel?: Channel,
): Promise<string | undefined> {
  const legalPage = isPage(route, 'mfe_board', LEGAL_PAGE_MODULE) && legalPageAt(pathname);
  if (legalPage) {
    const keys: FirstViewKeys = {
      legal: endpointKey(ENDPOINTS.legalPage, { params: { slug: legalPage.slug } }),
    };
    const page = await legal.page(legalPage.slug);
    return JSON.stringify({ legal: page, keys });
  }
  if (isPage(route, 'mfe_board', './RecentJobsPage')) {
    const keys: FirstViewKeys = { recent: endpointKey(ENDPOINTS.recentJobLines) };
    const recent = (await reads.recentLines()).bytes;
    return `{"recent":${recent},"readAt":${Date.now()},"keys":${JSON.stringify(keys)}}`;
  }
  if (isPage(route, 'mfe_board', ORGANIZATION_PAGE_MODULE)) {
    return organizationFirstView(reads, pathname, queryString);
  }
  if (!isPage(route, 'mfe_board', './BoardPage')) return undefined;
  const filter = filterFromQueryString(queryString);
  // The page the address names (`page=`), so a reload or a shared link of page 3 draws page 3,
  // from its cursor when the address has one (`after=`, as the board asks for it).
  const request = searchPage(
    filter,
    pageFromQueryString(queryString),
    afterFromQueryString(queryString),
  );
  const id = jobIdInPath(pathname);
  // A job's page shows a few jobs like it (issue 47), drawn by the server too.
  const similarOf = id !== undefined && JOB_ID_PATTERN.test(id) ? Number(id) : undefined;
  const keys: FirstViewKeys = {
    search: endpointKey(ENDPOINTS.searchJobs, { body: request }),
    locations: endpointKey(ENDPOINTS.locations),
    categories: endpointKey(ENDPOINTS.categories),
    ...(id === undefined ? {} : { job: endpointKey(ENDPOINTS.job, { params: { id } }) }),
    ...(similarOf === undefined
      ? {}
      : { similar: endpointKey(ENDPOINTS.similarJobs, { params: { id: similarOf } }) }),
  };
  const [search, locations, categories, job, similar] = await Promise.all([
    reads.search(request),
    reads.locations(),
    reads.categories(),
    id === undefined ? undefined : jobJson(reads, id),
    similarOf === undefined ? undefined : reads.similar(similarOf),
  ]);
  const parts = [
    `"search":{"filter":${JSON.stringify(filter)},"response":${search.bytes}}`,
    `"locations":${locations.bytes}`,
    `"categories":${categories.bytes}`,
    ...(id === undefined ? [] : [`"job":{"id":${JSON.stringify(id)},${job}}`]),
    ...(id === undefined || channel === undefined ? [] : [`"channel":${JSON.stringify(channel)}`]),
    ...(similar === undefined ? [] : [`"similar":${similar.bytes}`]),
    `"keys":${JSON.stringify(keys)}`,
  ];
  return `{${parts.join(',')}}`;
}

/** The board's page of an organisation, `/organizations/{slug}` (mfe-board's routes.ts). */
export const ORGANIZATION_PAGE_MODULE = './OrganizationPage';

/** The slug segment of an organisation's page, as written; undefined on any other path. */
export function organizationSlugInPath(pathname: string): string | undefined {
  return /^\/organizations\/([^/]+)\/?$/.exec(pathname)?.[1];
}

/** The slug an organisation's page's address names, when it can be one a company has. */
export function organizationSlugOf(pathname: string): string | undefined {
  const slug = decodeSlug(organizationSlugInPath(pathname) ?? '');
  return slug.length <= SLUG_MAX && ORGANIZATION_SLUG_PATTERN.test(slug) ? slug : undefined;
}

/**
 * The page of an organisation's page the address names (`page=`, 1 when it names none or one
 * out of bounds): what its first view shows and what its address is kept under.
 */
export function organizationPageOf(queryString: string): number {
  const text = new URLSearchParams(queryString).get('page');
  const page = text && /^\d{1,4}$/.test(text) ? Number(text) : 1;
  return page >= 1 && page <= MAX_PAGE ? page : 1;
}

/**
 * `/organizations/{slug}`: the organisation and the page of its open jobs the address names, under
 * the key of `GET /api/organizations/{slug}` the board's hook asks for; `page: null` when no
 * company has the slug (the page says so, answered with a 404).
 */
async function organizationFirstView(
  reads: PublicReads,
  pathname: string,
  queryString: string,
): Promise<string> {
  const slug = organizationSlugOf(pathname);
  const page = organizationPageOf(queryString);
  const keys: FirstViewKeys = {};
  let body = 'null';
  if (slug !== undefined) {
    keys.organization = endpointKey(ENDPOINTS.organizationPage, {
      params: { slug },
      query: { page },
    });
    body = await organizationJson(reads, slug, page);
  }
  return `{"organization":{"slug":${JSON.stringify(slug ?? '')},"page":${body}},"keys":${JSON.stringify(keys)}}`;
}

/** The organisation's answer as the API sends it, or null when no company has the slug. */
async function organizationJson(reads: PublicReads, slug: string, page: number): Promise<string> {
  try {
    return (await reads.organization(slug, page)).bytes.toString();
  } catch (error) {
    if (!(error instanceof NotFound)) throw error;
    return 'null';
  }
}

/** The longest slug a company has (companies.slug). */
const SLUG_MAX = 100;

const decodeSlug = (segment: string): string => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return '';
  }
};

/** The board's page that shows a legal page (mfe-board's routes.ts). */
export const LEGAL_PAGE_MODULE = './LegalPage';

/**
 * Whether a route is drawn by one remote's page: the pages whose data (first view, head) the API
 * knows. Any other route is the remote's own (its title from its routes).
 */
export const isPage = (route: SiteRoute | undefined, remote: RemoteName, module: string) =>
  route?.remote === remote && route.module === module;

/** The id segment of a job's page (`/jobs/{id}`), as written; undefined on any other path. */
export function jobIdInPath(pathname: string): string | undefined {
  return /^\/jobs\/([^/]+)\/?$/.exec(pathname)?.[1];
}

/**
 * `"job":` the job's JSON, or null when there is no such job to show, and then `"closed":true`
 * when it exists but was taken off the board (the modal says which).
 */
async function jobJson(reads: PublicReads, id: string): Promise<string> {
  if (!JOB_ID_PATTERN.test(id)) return '"job":null';
  try {
    return `"job":${(await reads.job(Number(id))).bytes.toString()}`;
  } catch (error) {
    if (!(error instanceof NotFound)) throw error;
    return (await reads.exists(Number(id))) ? '"job":null,"closed":true' : '"job":null';
  }
}
