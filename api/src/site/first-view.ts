import { ENDPOINTS, endpointKey } from '@jobboard/contract/endpoints';
import {
  type Channel,
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
  const keys: FirstViewKeys = {
    search: endpointKey(ENDPOINTS.searchJobs, { body: request }),
    locations: endpointKey(ENDPOINTS.locations),
    categories: endpointKey(ENDPOINTS.categories),
    ...(id === undefined ? {} : { job: endpointKey(ENDPOINTS.job, { params: { id } }) }),
  };
  const [search, locations, categories, job] = await Promise.all([
    reads.search(request),
    reads.locations(),
    reads.categories(),
    id === undefined ? undefined : jobJson(reads, id),
  ]);
  const parts = [
    `"search":{"filter":${JSON.stringify(filter)},"response":${search.bytes}}`,
    `"locations":${locations.bytes}`,
    `"categories":${categories.bytes}`,
    ...(id === undefined ? [] : [`"job":{"id":${JSON.stringify(id)},${job}}`]),
    ...(id === undefined || channel === undefined ? [] : [`"channel":${JSON.stringify(channel)}`]),
    `"keys":${JSON.stringify(keys)}`,
  ];
  return `{${parts.join(',')}}`;
}

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
