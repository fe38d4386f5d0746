import { rmSync } from 'node:fs';
import { MAX_INT4, SITEMAP_MAX_BYTES, SITEMAP_MAX_URLS } from '@jobboard/contract/jobs';
import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { urlsPerFile, urlsetXml } from '../../src/discovery/sitemap';
import type { JobInput } from '../../src/jobs/job-input';
import { builtSiteWith, type BuiltSite } from '../support/built-site';
import { createJobs, jobInput } from '../support/jobs';
import { fakeReleases } from '../support/releases';
import { buildTestApp, testDatabase, type TestApp } from '../support/test-app';
import { SITEMAP_INDEX_XSD, SITEMAP_XSD, xmllintProblems } from '../support/xml-schema';

/**
 * Issue 24: /sitemap.xml against the sitemaps.org XML Schemas (xmllint --schema, Debian's
 * libxml2-utils), and the sitemap index it becomes once there are more URLs than one sitemap may
 * hold: pages.xml and one jobs-{n}.xml per group of ids, each valid, all public jobs covered once.
 * The index is tried with a per-file limit of 10 (SITEMAP_URLS_PER_FILE), on the built site and in
 * process, and once at real size: 60,000 jobs inserted in bulk, 50,000 URLs to a file.
 */

const DAY = 86_400_000;
const xml = new XMLParser({
  ignoreAttributes: false,
  isArray: (name) => name === 'url' || name === 'sitemap',
});

interface Entry {
  loc: string;
  lastmod?: string;
}

/** The entries of a sitemap or an index, after xmllint has validated it against its schema. */
function validEntries(body: string, kind: 'urlset' | 'sitemapindex'): Entry[] {
  expect(xmllintProblems(body, kind === 'urlset' ? SITEMAP_XSD : SITEMAP_INDEX_XSD)).toEqual([]);
  const parsed = xml.parse(body) as Record<string, Record<string, Entry[]>>;
  expect(Object.keys(parsed).filter((key) => key !== '?xml')).toEqual([kind]);
  return parsed[kind]![kind === 'urlset' ? 'url' : 'sitemap'] ?? [];
}

/** `count` public jobs, then one expired at `now` and an inactive one (ids in that order). */
function jobsWithHidden(count: number, now: number): Partial<JobInput>[] {
  return [
    ...Array.from({ length: count }, (_, i) => ({
      title: `Role ${i + 1}`,
      postedDate: '2026-11-20',
    })),
    { title: 'Expired Role', expiresAt: new Date(now - DAY) },
    { title: 'Inactive Role', active: false },
  ];
}

describe(`the sitemap index on the built site, 10 URLs to a file (${testDatabase})`, () => {
  let site: BuiltSite;
  let releases: string;
  beforeAll(async () => {
    releases = fakeReleases();
    // Ids 1-25 public, 26 expired, 27 inactive: three files of jobs (ids 1-10, 11-20, 21-30).
    site = await builtSiteWith(jobsWithHidden(25, Date.now()), {
      SITEMAP_URLS_PER_FILE: '10',
      RELEASES_DIR: releases,
    });
  }, 120_000);
  afterAll(async () => {
    await site?.close();
    rmSync(releases, { recursive: true, force: true });
  });

  const get = (path: string) => fetch(`${site.api.url}${path}`);

  it('serves /sitemap.xml as an index of valid files that list every public job once', async () => {
    const res = await get('/sitemap.xml');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    const files = validEntries(await res.text(), 'sitemapindex');
    expect(files.map((file) => file.loc)).toEqual(
      ['pages', 'jobs-1', 'jobs-2', 'jobs-3', 'organizations-1'].map(
        (name) => `${site.api.url}/sitemaps/${name}.xml`,
      ),
    );
    for (const file of files) expect(Number.isNaN(Date.parse(file.lastmod!))).toBe(false);

    const listed: string[] = [];
    for (const file of files) {
      const answer = await fetch(file.loc);
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toBe('application/xml; charset=utf-8');
      const urls = validEntries(await answer.text(), 'urlset');
      expect(urls.length).toBeGreaterThan(0);
      expect(urls.length).toBeLessThanOrEqual(10);
      listed.push(...urls.map((url) => url.loc));
    }
    const publicJobs = Array.from({ length: 25 }, (_, i) => `Role ${i + 1}`);
    expect(listed.sort()).toEqual(
      [
        `${site.api.url}/`,
        `${site.api.url}/job-list`,
        `${site.api.url}/submit-job`,
        ...publicJobs.map((title) => `${site.api.url}/jobs/${site.ids[title]}`),
        // Their one company's page (issue 47).
        `${site.api.url}/organizations/example-org`,
      ].sort(),
    );
  });

  it('caches each file like the sitemap: public for 5 minutes, ETag and Last-Modified, 304', async () => {
    for (const path of ['/sitemap.xml', '/sitemaps/pages.xml', '/sitemaps/jobs-2.xml']) {
      const first = await get(path);
      expect(first.headers.get('cache-control')).toBe('public, max-age=300');
      expect(first.headers.get('last-modified')).toMatch(/ GMT$/);
      const etag = first.headers.get('etag')!;
      const again = await fetch(`${site.api.url}${path}`, { headers: { 'if-none-match': etag } });
      expect(again.status).toBe(304);
    }
  });

  it('answers 404 for a file it does not have', async () => {
    for (const path of [
      '/sitemaps/jobs-4.xml',
      '/sitemaps/jobs-0.xml',
      '/sitemaps/jobs-01.xml',
      '/sitemaps/jobs-99999999999.xml',
      '/sitemaps/jobs-1',
      '/sitemaps/other.xml',
    ]) {
      expect((await get(path)).status, path).toBe(404);
    }
  });

  it('still names /sitemap.xml in robots.txt and in every page head', async () => {
    expect(await (await get('/robots.txt')).text()).toContain(
      `Sitemap: ${site.api.url}/sitemap.xml`,
    );
    const page = await (await get('/')).text();
    expect(page).toContain(
      `<link rel="sitemap" type="application/xml" href="${site.api.url}/sitemap.xml"`,
    );
  });
});

describe(`one sitemap until the jobs no longer fit, then an index (${testDatabase})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({
      env: { PUBLIC_URL: 'https://jobs.example.org', SITEMAP_URLS_PER_FILE: '10' },
    });
  });
  afterAll(() => t.close());

  it('is one valid urlset while the pages and jobs fit in one file, and has no other files', async () => {
    const ids = await createJobs(t.app, jobsWithHidden(6, t.clock.now.getTime()));
    const urls = validEntries((await t.app.inject('/sitemap.xml')).body, 'urlset');
    // The 3 pages, 6 jobs and their company's page (issue 47).
    expect(urls).toHaveLength(10);
    expect(urls.filter((url) => url.loc.includes('/jobs/')).map((url) => url.loc)).toEqual(
      Array.from({ length: 6 }, (_, i) => `https://jobs.example.org/jobs/${ids[`Role ${i + 1}`]}`),
    );
    expect(urls.at(-1)!.loc).toBe('https://jobs.example.org/organizations/example-org');
    for (const name of ['pages', 'jobs-1', 'organizations-1']) {
      expect((await t.app.inject(`/sitemaps/${name}.xml`)).statusCode).toBe(404);
    }
  });

  it('becomes an index with one more job, and one file again once a job is taken off', async () => {
    const ids = await createJobs(t.app, [{ title: 'Role 8' }]);
    const files = validEntries((await t.app.inject('/sitemap.xml')).body, 'sitemapindex');
    // Role 8 has id 9: the first file (ids 1-10) holds all seven; company 1's page is in the first
    // organisations' file (company ids 1-10).
    expect(files.map((file) => file.loc)).toEqual([
      'https://jobs.example.org/sitemaps/pages.xml',
      'https://jobs.example.org/sitemaps/jobs-1.xml',
      'https://jobs.example.org/sitemaps/organizations-1.xml',
    ]);
    const jobs = validEntries((await t.app.inject('/sitemaps/jobs-1.xml')).body, 'urlset');
    expect(jobs).toHaveLength(7);
    expect(jobs.at(-1)!.loc).toBe(`https://jobs.example.org/jobs/${ids['Role 8']}`);
    const organizations = validEntries(
      (await t.app.inject('/sitemaps/organizations-1.xml')).body,
      'urlset',
    );
    expect(organizations.map((url) => url.loc)).toEqual([
      'https://jobs.example.org/organizations/example-org',
    ]);
    expect((await t.app.inject('/sitemaps/organizations-2.xml')).statusCode).toBe(404);
    expect(validEntries((await t.app.inject('/sitemaps/pages.xml')).body, 'urlset')).toHaveLength(
      3,
    );

    await t.app.jobs.setLifecycle(
      Number(ids['Role 8']),
      { active: false, expiresAt: null },
      t.clock.now,
    );
    expect(validEntries((await t.app.inject('/sitemap.xml')).body, 'urlset')).toHaveLength(10);
    for (const name of ['jobs-1', 'organizations-1']) {
      expect((await t.app.inject(`/sitemaps/${name}.xml`)).statusCode).toBe(404);
    }
  });
});

describe('the size of one sitemap file', () => {
  it(`holds fewer than ${SITEMAP_MAX_URLS.toLocaleString('en-US')} URLs only when the longest would pass 50 MB`, () => {
    expect(urlsPerFile('https://jobs.example.org', SITEMAP_MAX_URLS)).toBe(SITEMAP_MAX_URLS);
    expect(urlsPerFile('https://jobs.example.org', 10)).toBe(10);
    // A PUBLIC_URL of 2,000 characters: entries of about 2,100 bytes.
    const origin = `https://jobs.example.org/${'a'.repeat(1975)}`;
    const fits = urlsPerFile(origin, SITEMAP_MAX_URLS);
    expect(fits).toBeLessThan(SITEMAP_MAX_URLS);
    // The longest entry is an organisation's page with the longest slug (issue 47).
    const longest = (count: number) =>
      urlsetXml(
        origin,
        [],
        false,
        Array.from({ length: count }, () => ({
          slug: 'a'.repeat(100),
          updatedAt: Date.UTC(9999, 11, 31),
        })),
      );
    expect(
      Buffer.byteLength(
        urlsetXml(origin, [{ id: MAX_INT4, updatedAt: Date.UTC(9999, 11, 31) }], false),
      ),
    ).toBeLessThan(Buffer.byteLength(longest(1)));
    expect(Buffer.byteLength(longest(fits))).toBeLessThanOrEqual(SITEMAP_MAX_BYTES);
    expect(Buffer.byteLength(longest(fits + 1))).toBeGreaterThan(SITEMAP_MAX_BYTES);
  });
});

describe(`the sitemap at real size: 60,000 jobs (${testDatabase})`, () => {
  const COUNT = 60_000;
  let t: TestApp;
  let ids: number[];
  beforeAll(async () => {
    t = await buildTestApp({ env: { PUBLIC_URL: 'https://jobs.example.org' } });
    const inputs = Array.from({ length: COUNT }, (_, i) =>
      jobInput({ title: `Role ${i + 1}`, source: 'sync', externalId: `size-${i + 1}` }),
    );
    ids = await t.app.jobs.createMany(inputs, t.clock.now);
  }, 180_000);
  afterAll(() => t.close());

  it(`is an index of files of at most ${SITEMAP_MAX_URLS.toLocaleString('en-US')} URLs, each valid, covering every job`, async () => {
    const index = await t.app.inject('/sitemap.xml');
    const files = validEntries(index.body, 'sitemapindex');
    expect(files.map((file) => file.loc)).toEqual([
      'https://jobs.example.org/sitemaps/pages.xml',
      'https://jobs.example.org/sitemaps/jobs-1.xml',
      'https://jobs.example.org/sitemaps/jobs-2.xml',
      // Past one file, the companies' pages have files of their own (issue 47).
      'https://jobs.example.org/sitemaps/organizations-1.xml',
    ]);
    const listed = new Set<string>();
    for (const file of files) {
      const res = await t.app.inject(new URL(file.loc).pathname);
      expect(res.statusCode).toBe(200);
      expect(Buffer.byteLength(res.body)).toBeLessThanOrEqual(SITEMAP_MAX_BYTES);
      const urls = validEntries(res.body, 'urlset');
      expect(urls.length).toBeLessThanOrEqual(SITEMAP_MAX_URLS);
      for (const url of urls) {
        expect(listed.has(url.loc)).toBe(false);
        listed.add(url.loc);
      }
    }
    const companies = await t.db('jobs').countDistinct({ n: 'company_id' });
    expect(listed.size).toBe(COUNT + 3 + Number(companies[0]!.n));
    for (const id of ids) expect(listed.has(`https://jobs.example.org/jobs/${id}`)).toBe(true);
  }, 120_000);
});
