import {
  DISCOVERY_PATHS,
  MAX_INT4,
  SITEMAP_MAX_BYTES,
  SITEMAP_MAX_URLS,
  jobPageUrl,
  organizationPageUrl,
} from '@jobboard/contract/jobs';
import { escapeXml } from './markup';

/**
 * The sitemap (https://www.sitemaps.org/protocol.html): the board's indexable pages (the others
 * are noindex) and every public job with when it last changed. One file while everything fits in
 * one (SITEMAP_MAX_URLS URLs, SITEMAP_MAX_BYTES); past that `/sitemap.xml` is a sitemap index of
 * `/sitemaps/pages.xml` and one `/sitemaps/jobs-{n}.xml` per group of ids that has public jobs
 * (discovery.ts): file n holds the jobs with ids from (n-1)*size+1 to n*size, so a job stays in the
 * same file for as long as it is listed. The organisations' pages (issue 47) of every company with
 * a live job follow the jobs, in the one file, or in `/sitemaps/organizations-{n}.xml` files
 * grouped by company id the same way.
 */

const SITEMAP_NAMESPACE = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>';

/** The board's own pages, in every sitemap; the board and the recent list change with the jobs. */
const PAGES = [
  { path: '/', changesWithJobs: true },
  { path: '/job-list', changesWithJobs: true },
  { path: '/submit-job', changesWithJobs: false },
] as const;

export const SITEMAP_PAGE_COUNT = PAGES.length;

/** Where the files of a sitemap index are: `/sitemaps/pages.xml`, `/sitemaps/jobs-1.xml`... */
export const SITEMAP_FILES_PREFIX = '/sitemaps/';
export const PAGES_FILE = 'pages';

/** The name of the file of id group `group` (0-based): jobs-1 holds ids 1 to the file's size. */
export function jobsFileName(group: number): string {
  return `jobs-${group + 1}`;
}

/** The id group a file name stands for, or null when it names no jobs file. */
export function groupOfJobsFile(name: string): number | null {
  const match = /^jobs-([1-9]\d{0,9})$/.exec(name);
  return match ? Number(match[1]) - 1 : null;
}

/** The name of the organisations' file of company id group `group` (0-based). */
export function organizationsFileName(group: number): string {
  return `organizations-${group + 1}`;
}

/** The company id group an organisations' file name stands for, or null. */
export function groupOfOrganizationsFile(name: string): number | null {
  const match = /^organizations-([1-9]\d{0,9})$/.exec(name);
  return match ? Number(match[1]) - 1 : null;
}

export interface SitemapJob {
  id: number;
  updatedAt: number;
}

/** A company with a live job: its page's slug, and its newest job change (the page's lastmod). */
export interface SitemapOrganizationEntry {
  slug: string;
  updatedAt: number;
}

/** The longest slug a company has (companies.slug). */
const LONGEST_SLUG = 100;

/**
 * How many URLs one file may hold on this site: `configured` (SITEMAP_URLS_PER_FILE, at most
 * SITEMAP_MAX_URLS), fewer when the longest entry this origin can make would otherwise pass
 * SITEMAP_MAX_BYTES (only a very long PUBLIC_URL does that).
 */
export function urlsPerFile(origin: string, configured: number): number {
  // The largest job id or the longest slug, and the longest lastmod (a year of four digits).
  const longestUrl = [
    jobPageUrl(origin, String(MAX_INT4)),
    organizationPageUrl(origin, 'a'.repeat(LONGEST_SLUG)),
  ].reduce((a, b) => (a.length >= b.length ? a : b));
  const longestEntry = Buffer.byteLength(
    `${urlEntry(longestUrl, Date.UTC(9999, 11, 31, 23, 59, 59, 999))}\n`,
  );
  const frame = Buffer.byteLength(`${urlsetOpen()}\n${urlsetClose()}\n`);
  return Math.max(
    1,
    Math.min(configured, SITEMAP_MAX_URLS, Math.floor((SITEMAP_MAX_BYTES - frame) / longestEntry)),
  );
}

/**
 * One sitemap file: these jobs, after the board's pages when `pages` (a sitemap of one file), then
 * these organisations' pages.
 */
export function urlsetXml(
  origin: string,
  jobs: SitemapJob[],
  pages: boolean,
  organizations: SitemapOrganizationEntry[] = [],
): string {
  const newest = jobs.reduce((at, job) => Math.max(at, job.updatedAt), 0);
  return [
    urlsetOpen(),
    ...(pages ? pageEntries(origin, newest) : []),
    ...jobs.map((job) => urlEntry(jobPageUrl(origin, String(job.id)), job.updatedAt)),
    ...organizations.map((org) => urlEntry(organizationPageUrl(origin, org.slug), org.updatedAt)),
    urlsetClose(),
    '',
  ].join('\n');
}

/** The board's pages alone (an index's pages file); `newest` is the newest job change. */
export function pagesXml(origin: string, newest: number): string {
  return [urlsetOpen(), ...pageEntries(origin, newest), urlsetClose(), ''].join('\n');
}

/** A sitemap index: each file with its address and when its newest entry changed. */
export function sitemapIndexXml(
  origin: string,
  files: { name: string; lastmod: number }[],
): string {
  return [
    XML_DECLARATION,
    `<sitemapindex xmlns="${SITEMAP_NAMESPACE}">`,
    ...files.map(
      (file) =>
        `<sitemap><loc>${escapeXml(sitemapFileUrl(origin, file.name))}</loc>${lastmod(file.lastmod)}</sitemap>`,
    ),
    '</sitemapindex>',
    '',
  ].join('\n');
}

export function sitemapFileUrl(origin: string, name: string): string {
  return `${origin}${SITEMAP_FILES_PREFIX}${name}.xml`;
}

function pageEntries(origin: string, newest: number): string[] {
  return PAGES.map((page) =>
    urlEntry(`${origin}${page.path}`, page.changesWithJobs && newest ? newest : undefined),
  );
}

function urlsetOpen(): string {
  return `${XML_DECLARATION}\n<urlset xmlns="${SITEMAP_NAMESPACE}">`;
}

function urlsetClose(): string {
  return '</urlset>';
}

function urlEntry(loc: string, changed?: number): string {
  return `<url><loc>${escapeXml(loc)}</loc>${changed ? lastmod(changed) : ''}</url>`;
}

function lastmod(at: number): string {
  return `<lastmod>${new Date(at).toISOString()}</lastmod>`;
}

/**
 * robots.txt: everything may be crawled but the admin area and pay links (private, and noindex
 * anyway); the sitemap is named.
 */
export function robotsTxt(origin: string): string {
  return [
    'User-agent: *',
    'Disallow: /admin',
    'Disallow: /pay/',
    '',
    `Sitemap: ${origin}${DISCOVERY_PATHS.sitemap}`,
    '',
  ].join('\n');
}
