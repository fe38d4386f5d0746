import { DISCOVERY_PATHS, jobPageUrl } from '@jobboard/contract';
import { escapeXml } from './markup';

/**
 * The sitemap (https://www.sitemaps.org/protocol.html): the board's indexable pages (the others
 * are noindex) and every public job
 * with when it last changed. `jobs` is at most SITEMAP_MAX_URLS minus the pages, newest first.
 */
export function sitemapXml(origin: string, jobs: { id: number; updatedAt: number }[]): string {
  const newest = jobs.reduce((at, job) => Math.max(at, job.updatedAt), 0);
  const url = (loc: string, lastmod?: number) =>
    `<url><loc>${escapeXml(loc)}</loc>${lastmod ? `<lastmod>${new Date(lastmod).toISOString()}</lastmod>` : ''}</url>`;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    // The board and the recent list change whenever a job does.
    url(`${origin}/`, newest || undefined),
    url(`${origin}/job-list`, newest || undefined),
    url(`${origin}/submit-job`),
    ...jobs.map((job) => url(jobPageUrl(origin, String(job.id)), job.updatedAt)),
    '</urlset>',
    '',
  ].join('\n');
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
