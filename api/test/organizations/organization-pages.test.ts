import { rmSync } from 'node:fs';
import { FIRST_VIEW_CASES } from '@jobboard/contract/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJobs } from '../support/jobs';
import { structuredDataIssues } from '../support/structured-data';
import { buildTestApp, testDatabase, type TestApp } from '../support/test-app';
import { organizationPageReleases } from './organization-releases';

/**
 * Issue 47, organisation pages: `/organizations/{slug}` drawn by the server with its head and
 * Organization JSON-LD, `GET /api/organizations/{slug}`, the slugs new companies get, a job page's
 * similar jobs, and the organisations in the sitemap.
 */

const ORIGIN = 'https://jobs.example.org';
const DAY = 86_400_000;

let t: TestApp;
let releases: string;
let ids: Record<string, string>;

beforeAll(async () => {
  releases = organizationPageReleases();
  t = await buildTestApp({
    env: { RELEASES_DIR: releases, PUBLIC_URL: ORIGIN, BOARD_NAME: 'Good Jobs' },
  });
  const now = t.clock.now.getTime();
  const newsroom = {
    organization: 'Open Newsroom',
    websiteUrl: 'https://opennewsroom.example',
    companyDescription: 'A nonprofit newsroom covering the region.',
    categories: ['Editorial'],
    locations: ['Baltimore, MD'],
  };
  ids = await createJobs(t.app, [
    { ...newsroom, title: 'Editor', postedDate: '2026-11-18' },
    { ...newsroom, title: 'Reporter', postedDate: '2026-11-19' },
    { ...newsroom, title: 'Old Role', expiresAt: new Date(now - DAY) },
    { ...newsroom, title: 'Off Role', active: false },
    { title: 'Other Editor', organization: 'Elsewhere', categories: ['Editorial'] },
    {
      title: 'Closed Editor',
      organization: 'Elsewhere',
      categories: ['Editorial'],
      expiresAt: new Date(now - DAY),
    },
    // Shares Open Newsroom's place, not its category: after those that share its category.
    {
      title: 'Baltimore Driver',
      organization: 'Elsewhere',
      categories: ['Transport'],
      locations: ['Baltimore, MD'],
    },
    {
      title: 'Quiet Role',
      organization: 'Quiet Org',
      companyDescription: '',
      expiresAt: new Date(now - DAY),
    },
    { title: 'Acme Role', organization: 'Acme' },
    { title: 'ACME Role', organization: 'ACME!' },
    ...Array.from({ length: 22 }, (_, i) => ({
      title: `Big Role ${i + 1}`,
      organization: 'Big Org',
      categories: ['Operations'],
      locations: ['Denver, CO'],
      postedDate: `2026-10-${String(i + 1).padStart(2, '0')}`,
    })),
  ]);
});
afterAll(async () => {
  await t.close();
  rmSync(releases, { recursive: true, force: true });
});

const slugOf = async (name: string) =>
  (await t.db('companies').where({ name }).first('slug')).slug as string;

describe(`an organisation's slug, on ${testDatabase}`, () => {
  it('is given when the company is first written, from its name, -2 for a name that makes the same', async () => {
    expect(await slugOf('Open Newsroom')).toBe('open-newsroom');
    expect(await slugOf('Acme')).toBe('acme');
    expect(await slugOf('ACME!')).toBe('acme-2');
    // A job carries it, so its page links the organisation.
    const job = (await t.app.inject(`/api/jobs/${ids.Editor}`)).json();
    expect(job.company.slug).toBe('open-newsroom');
  });
});

describe(`GET /api/organizations/{slug}, on ${testDatabase}`, () => {
  it('answers the company and its live jobs only, newest first', async () => {
    const res = await t.app.inject('/api/organizations/open-newsroom');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.organization).toEqual({
      name: 'Open Newsroom',
      slug: 'open-newsroom',
      description: 'A nonprofit newsroom covering the region.',
      websiteUrl: 'https://opennewsroom.example',
    });
    expect(body.jobs.map((job: { title: string }) => job.title)).toEqual(['Reporter', 'Editor']);
    expect(body).toMatchObject({ total: 2, page: 1, pageSize: 20 });
  });

  it('pages a long list of open jobs', async () => {
    const first = (await t.app.inject('/api/organizations/big-org')).json();
    expect(first.jobs).toHaveLength(20);
    expect(first.total).toBe(22);
    expect(first.jobs[0].title).toBe('Big Role 22');
    const second = (await t.app.inject('/api/organizations/big-org?page=2')).json();
    expect(second.jobs.map((job: { title: string }) => job.title)).toEqual([
      'Big Role 2',
      'Big Role 1',
    ]);
  });

  it('answers a company with no live job with its page and no jobs', async () => {
    const body = (await t.app.inject('/api/organizations/quiet-org')).json();
    expect(body).toMatchObject({ organization: { name: 'Quiet Org' }, jobs: [], total: 0 });
  });

  it('answers 404 for a slug no company has, and for one that cannot be a slug', async () => {
    for (const slug of ['no-such-org', 'Open%20Newsroom']) {
      const res = await t.app.inject(`/api/organizations/${slug}`);
      expect(res.statusCode, slug).toBe(404);
      expect(res.json().message).toBe('Organization not found');
    }
    // Longer than any slug: no route matches (Fastify's maxParamLength), the API's 404 too.
    expect((await t.app.inject(`/api/organizations/${'a'.repeat(101)}`)).statusCode).toBe(404);
  });
});

/** The page's head tags and JSON-LD, read from its HTML. */
function head(html: string) {
  const meta = (name: string) =>
    new RegExp(`<meta (?:name|property)="${name}" content="([^"]*)"`).exec(html)?.[1];
  const jsonLd = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map(
    (match) => JSON.parse(match[1]!) as Record<string, unknown>,
  );
  return {
    title: /<title>(.*?)<\/title>/.exec(html)?.[1],
    description: meta('description'),
    robots: meta('robots'),
    canonical: /<link rel="canonical" href="([^"]*)"/.exec(html)?.[1],
    jsonLd,
  };
}

/** The first view's data the page carries for the board (its boot configuration). */
function firstView(html: string) {
  const text = /<script id="boot-config" type="application\/json">(.*?)<\/script>/s.exec(html)?.[1];
  return JSON.parse(text!).data;
}

describe(`/organizations/{slug} as the server draws it, on ${testDatabase}`, () => {
  it('has its title, description, canonical address and Organization JSON-LD', async () => {
    const res = await t.app.inject('/organizations/open-newsroom');
    expect(res.statusCode).toBe(200);
    const page = head(res.body);
    expect(page.title).toBe('Jobs at Open Newsroom | Good Jobs');
    expect(page.description).toBe(
      '2 open jobs at Open Newsroom on Good Jobs. A nonprofit newsroom covering the region.',
    );
    expect(page.canonical).toBe(`${ORIGIN}/organizations/open-newsroom`);
    expect(page.robots).toBeUndefined();
    expect(page.jsonLd).toEqual([
      {
        '@context': 'https://schema.org',
        '@type': 'Organization',
        name: 'Open Newsroom',
        url: `${ORIGIN}/organizations/open-newsroom`,
        sameAs: 'https://opennewsroom.example',
        description: 'A nonprofit newsroom covering the region.',
      },
    ]);
    expect(await structuredDataIssues(res.body)).toEqual([]);
  });

  it('carries the organisation and its open jobs under the key the board asks for', async () => {
    const data = firstView((await t.app.inject('/organizations/open-newsroom')).body);
    expect(data.keys.organization).toBe('/api/organizations/open-newsroom');
    expect(data.organization.slug).toBe('open-newsroom');
    expect(data.organization.page).toEqual(
      (await t.app.inject('/api/organizations/open-newsroom')).json(),
    );
    const second = firstView((await t.app.inject('/organizations/big-org?page=2&x=1')).body);
    expect(second.keys.organization).toBe('/api/organizations/big-org?page=2');
    expect(second.organization.page.jobs).toHaveLength(2);
    expect(head((await t.app.inject('/organizations/big-org?page=2')).body).canonical).toBe(
      `${ORIGIN}/organizations/big-org?page=2`,
    );
  });

  it("names its part by the key the board's hook asks for (the first views' table)", async () => {
    const cases = FIRST_VIEW_CASES.filter((c) => c.keys.organization);
    expect(cases).not.toHaveLength(0);
    for (const c of cases) {
      expect(firstView((await t.app.inject(c.address)).body).keys, c.name).toEqual(c.keys);
    }
  });

  it('is still the page of a company with no open job now', async () => {
    const res = await t.app.inject('/organizations/quiet-org');
    expect(res.statusCode).toBe(200);
    expect(head(res.body).description).toBe('Quiet Org has no open jobs right now.');
    expect(firstView(res.body).organization.page.total).toBe(0);
  });

  it("answers an unknown slug with a 404 and the not-found page's head", async () => {
    for (const address of ['/organizations/no-such-org', '/organizations/Bad%20Slug']) {
      const res = await t.app.inject(address);
      expect(res.statusCode, address).toBe(404);
      const page = head(res.body);
      expect(page.title).toBe('Organization not found | Good Jobs');
      expect(page.robots).toBe('noindex');
      expect(page.jsonLd).toEqual([]);
      expect(firstView(res.body).organization.page).toBeNull();
    }
  });
});

describe(`a job page's similar jobs, on ${testDatabase}`, () => {
  const titles = (jobs: { title: string }[]) => jobs.map((job) => job.title);

  it('are live jobs of its category, newest first, then of its place, never itself nor an ended one', async () => {
    const res = await t.app.inject(`/api/jobs/${ids.Editor}/similar`);
    expect(res.statusCode).toBe(200);
    expect(titles(res.json())).toEqual(['Other Editor', 'Reporter', 'Baltimore Driver']);
  });

  it('stop at four, and are none for an id no job has', async () => {
    const big = (await t.app.inject(`/api/jobs/${ids['Big Role 1']}/similar`)).json();
    expect(titles(big)).toEqual(['Big Role 22', 'Big Role 21', 'Big Role 20', 'Big Role 19']);
    expect((await t.app.inject('/api/jobs/999999/similar')).json()).toEqual([]);
  });

  it('are in the job page the server draws, under their key', async () => {
    const data = firstView((await t.app.inject(`/jobs/${ids.Editor}`)).body);
    expect(data.keys.similar).toBe(`/api/jobs/${ids.Editor}/similar`);
    expect(titles(data.similar)).toEqual(['Other Editor', 'Reporter', 'Baltimore Driver']);
    expect(data.job.job.company.slug).toBe('open-newsroom');
  });
});

describe(`the sitemap's organisations, on ${testDatabase}`, () => {
  it('lists the page of every company with a live job, and no other', async () => {
    const body = (await t.app.inject('/sitemap.xml')).body;
    const organizations = [...body.matchAll(/<loc>[^<]*\/organizations\/([^<]+)<\/loc>/g)].map(
      (match) => match[1],
    );
    expect(organizations.sort()).toEqual(
      ['acme', 'acme-2', 'big-org', 'elsewhere', 'open-newsroom'].sort(),
    );
  });
});
