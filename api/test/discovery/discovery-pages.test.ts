import { rmSync } from 'node:fs';
import { parse, type DefaultTreeAdapterMap } from 'parse5';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import sharp from 'sharp';
import { reencodeLogo } from '../../src/logos/logo-image';
import { createJobs, pay } from '../support/jobs';
import { fakeReleases } from '../support/releases';
import { buildTestApp, testDatabase, type TestApp } from '../support/test-app';

type Element = DefaultTreeAdapterMap['element'];
type Node = DefaultTreeAdapterMap['node'];

/**
 * Issue 15: what a crawler or a link preview reads from a page without running JavaScript. The
 * HTML is parsed as a browser would (parse5, the WHATWG parser), so "inert" means: the parsed
 * page has no element a job's text put there.
 */

const ORIGIN = 'https://jobs.example.org';
const NEWSROOM_LOGO = 'https://cdn.example.org/open-newsroom.png';
/** Open Newsroom's logo as the board serves it (its full address). */
let storedLogo: string;
const SCRIPT_ATTACK = '</script><script>alert(1)</script>';
const ATTRIBUTE_ATTACK = '"><img src=x onerror=alert(2)>';
/** Where a job's applications are relayed to: never on any page. */
const RELAYED_ADDRESS = 'hiring-desk@relayed.example';

/** Every element of the document, in order. */
function elements(node: Node, found: Element[] = []): Element[] {
  if ('tagName' in node) found.push(node);
  const children = 'childNodes' in node ? node.childNodes : [];
  for (const child of children) elements(child, found);
  if ('content' in node && node.content) elements(node.content as Node, found);
  return found;
}

const attr = (element: Element, name: string) => element.attrs.find((a) => a.name === name)?.value;

const textOf = (element: Element) =>
  element.childNodes.map((n) => ('value' in n ? n.value : '')).join('');

interface Page {
  all: Element[];
  title: string;
  meta(key: string): string | undefined;
  link(rel: string, type?: string): string | undefined;
  jsonLd: Record<string, unknown>[];
}

function page(html: string): Page {
  const all = elements(parse(html));
  const head = all.filter(
    (e) => e.tagName === 'meta' || e.tagName === 'link' || e.tagName === 'title',
  );
  const metas = head.filter((e) => e.tagName === 'meta');
  return {
    all,
    title: textOf(head.find((e) => e.tagName === 'title')!),
    meta: (key) => {
      const found = metas.filter((m) => attr(m, 'name') === key || attr(m, 'property') === key);
      expect(found.length, `one <meta> ${key}`).toBeLessThanOrEqual(1);
      return found[0] && attr(found[0], 'content');
    },
    link: (rel, type) =>
      attr(
        head.find(
          (e) =>
            e.tagName === 'link' && attr(e, 'rel') === rel && (!type || attr(e, 'type') === type),
        ) ?? ({ attrs: [] } as unknown as Element),
        'href',
      ),
    jsonLd: all
      .filter((e) => e.tagName === 'script' && attr(e, 'type') === 'application/ld+json')
      .map((e) => JSON.parse(textOf(e)) as Record<string, unknown>),
  };
}

let t: TestApp;
let releases: string;
let ids: Record<string, string>;

beforeAll(async () => {
  releases = fakeReleases();
  t = await buildTestApp({
    env: { RELEASES_DIR: releases, PUBLIC_URL: ORIGIN, BOARD_NAME: 'Good Jobs' },
  });
  const now = t.clock.now.getTime();
  ids = await createJobs(t.app, [
    {
      title: 'Remote Editor',
      organization: 'Open Newsroom',
      websiteUrl: 'https://opennewsroom.example',
      logoUrl: NEWSROOM_LOGO,
      description: 'Edit stories from anywhere in the country, with a small and kind team.',
      jobType: 'Part-time',
      remote: true,
      locations: ['Remote'],
      pay: pay(70000, 90000),
      deadline: '12/31/2026',
      postedDate: '2026-11-18',
    },
    {
      title: 'Organizer',
      organization: 'Two Cities Coalition',
      jobType: 'Contract',
      locations: ['Chicago, IL', 'New York, NY'],
      pay: pay(60000, null),
      expiresAt: new Date(now + 20 * 86_400_000),
      postedDate: '2026-11-19',
    },
    {
      title: 'Intern',
      organization: 'Small Shop',
      websiteUrl: 'javascript:alert(3)',
      jobType: 'Internship',
      locations: ['Portland'],
      postedDate: '2026-11-20',
    },
    {
      title: `Data Editor ${SCRIPT_ATTACK}`,
      organization: `Org ${ATTRIBUTE_ATTACK}`,
      description: `Stories ${SCRIPT_ATTACK} and ${ATTRIBUTE_ATTACK} and \u2028 & <!-- for the newsroom.`,
      locations: [`Town ${ATTRIBUTE_ATTACK}`],
      postedDate: '2026-11-21',
    },
    {
      title: 'Expired Role',
      postedDate: '2026-10-01',
      expiresAt: new Date(now - 86_400_000),
    },
    { title: 'Taken Down Role', active: false },
    // How they take applications (issue 42): the board's form, and e-mail the board relays.
    { title: 'Board Editor', postedDate: '2026-11-22', applyMethod: 'form' },
    {
      title: 'Relayed Editor',
      postedDate: '2026-11-22',
      applyMethod: 'email',
      applicationEmail: RELAYED_ADDRESS,
    },
  ]);
  // Open Newsroom's logo, as the logo fetcher stores it (logos.test.ts fetches one for real).
  const logo = await reencodeLogo(
    await sharp({ create: { width: 64, height: 64, channels: 3, background: '#0a5' } })
      .png()
      .toBuffer(),
  );
  await t.app.logos.repository.store(logo, NEWSROOM_LOGO, t.clock.now);
  const [company] = (await t.app.jobs.companies.named(['Open Newsroom'])).values();
  expect(await t.app.jobs.companies.setLogo(company!.id, NEWSROOM_LOGO, logo.hash)).toBe(true);
  storedLogo = `${ORIGIN}/logos/${logo.hash}.png`;
});
afterAll(async () => {
  await t.close();
  rmSync(releases, { recursive: true, force: true });
});

async function jobPage(title: string): Promise<Page> {
  const res = await t.app.inject(`/jobs/${ids[title]}`);
  expect(res.statusCode).toBe(200);
  return page(res.body);
}

describe(`a job's page without JavaScript, on ${testDatabase}`, () => {
  it('has the title, description, canonical URL and preview tags', async () => {
    const p = await jobPage('Remote Editor');
    const url = `${ORIGIN}/jobs/${ids['Remote Editor']}`;
    expect(p.title).toBe('Remote Editor at Open Newsroom | Good Jobs');
    expect(p.meta('description')).toMatch(
      /^Open Newsroom is hiring \(Remote, Part-time, \$70,000 - \$90,000 a year\)\. Edit stories/,
    );
    expect(p.meta('description')!.length).toBeLessThanOrEqual(160);
    expect(p.link('canonical')).toBe(url);
    expect(p.meta('robots')).toBeUndefined();
    expect(p.meta('og:title')).toBe(p.title);
    expect(p.meta('og:description')).toBe(p.meta('description'));
    expect(p.meta('og:url')).toBe(url);
    expect(p.meta('og:type')).toBe('website');
    expect(p.meta('og:site_name')).toBe('Good Jobs');
    // The board's own copy of the logo, never the address it was fetched from.
    expect(p.meta('og:image')).toBe(storedLogo);
    expect(p.meta('twitter:card')).toBe('summary');
    expect(p.meta('twitter:title')).toBe(p.title);
    expect(p.meta('twitter:description')).toBe(p.meta('description'));
    expect(p.link('alternate', 'application/rss+xml')).toBe(`${ORIGIN}/feed.xml`);
    expect(p.link('alternate', 'application/feed+json')).toBe(`${ORIGIN}/feed.json`);
    expect(p.link('sitemap', 'application/xml')).toBe(`${ORIGIN}/sitemap.xml`);
    // The template's own title and description are replaced, not repeated.
    expect(p.all.filter((e) => e.tagName === 'title')).toHaveLength(1);
  });

  it('has the JobPosting of a remote job, field by field', async () => {
    const [ld, ...others] = (await jobPage('Remote Editor')).jsonLd;
    expect(others).toEqual([]);
    const id = ids['Remote Editor']!;
    expect(ld).toEqual({
      '@context': 'https://schema.org',
      '@type': 'JobPosting',
      title: 'Remote Editor',
      description: 'Edit stories from anywhere in the country, with a small and kind team.',
      identifier: { '@type': 'PropertyValue', name: 'Open Newsroom', value: id },
      url: `${ORIGIN}/jobs/${id}`,
      datePosted: '2026-11-18',
      validThrough: '2026-12-31',
      employmentType: 'PART_TIME',
      hiringOrganization: {
        '@type': 'Organization',
        name: 'Open Newsroom',
        sameAs: 'https://opennewsroom.example',
        logo: storedLogo,
      },
      jobLocationType: 'TELECOMMUTE',
      applicantLocationRequirements: { '@type': 'Country', name: 'US' },
      baseSalary: {
        '@type': 'MonetaryAmount',
        currency: 'USD',
        value: { '@type': 'QuantitativeValue', minValue: 70000, maxValue: 90000, unitText: 'YEAR' },
      },
      directApply: false,
    });
  });

  it('has the JobPosting of a job in several places, valid through its expiry', async () => {
    const [ld] = (await jobPage('Organizer')).jsonLd;
    expect(ld).toMatchObject({
      title: 'Organizer',
      employmentType: 'CONTRACTOR',
      datePosted: '2026-11-19',
      validThrough: new Date(t.clock.now.getTime() + 20 * 86_400_000).toISOString(),
      hiringOrganization: { '@type': 'Organization', name: 'Two Cities Coalition' },
      jobLocation: [
        {
          '@type': 'Place',
          address: {
            '@type': 'PostalAddress',
            addressLocality: 'Chicago',
            addressRegion: 'IL',
            addressCountry: 'US',
          },
        },
        {
          '@type': 'Place',
          address: {
            '@type': 'PostalAddress',
            addressLocality: 'New York',
            addressRegion: 'NY',
            addressCountry: 'US',
          },
        },
      ],
      baseSalary: {
        '@type': 'MonetaryAmount',
        currency: 'USD',
        value: { '@type': 'QuantitativeValue', minValue: 60000, unitText: 'YEAR' },
      },
      directApply: false,
    });
    expect(ld).not.toHaveProperty('jobLocationType');
    expect(ld).not.toHaveProperty('applicantLocationRequirements');
  });

  it('has the JobPosting of a job without a salary: no baseSalary, no unsafe links', async () => {
    const p = await jobPage('Intern');
    const [ld] = p.jsonLd;
    expect(ld).toMatchObject({
      title: 'Intern',
      employmentType: 'INTERN',
      hiringOrganization: { '@type': 'Organization', name: 'Small Shop' },
      jobLocation: [
        {
          '@type': 'Place',
          address: { '@type': 'PostalAddress', addressLocality: 'Portland', addressCountry: 'US' },
        },
      ],
      directApply: false,
    });
    expect(ld).not.toHaveProperty('baseSalary');
    expect(ld).not.toHaveProperty('validThrough');
    // A javascript: website is no sameAs, and no logo means no og:image.
    expect(ld!.hiringOrganization).toEqual({ '@type': 'Organization', name: 'Small Shop' });
    expect(p.meta('og:image')).toBeUndefined();
    expect(p.meta('description')).toMatch(/^Small Shop is hiring \(Portland, Internship\)\./);
  });

  it('says Google may take applications on the page only of a job that takes them on the board', async () => {
    const [board] = (await jobPage('Board Editor')).jsonLd;
    expect(board).toMatchObject({ title: 'Board Editor', directApply: true });
    const relayed = await t.app.inject(`/jobs/${ids['Relayed Editor']}`);
    const [ld] = page(relayed.body).jsonLd;
    expect(ld).toMatchObject({ title: 'Relayed Editor', directApply: true });
    // Relayed by the board, which is no reason to show where to.
    expect(relayed.body).not.toContain(RELAYED_ADDRESS);
    expect(relayed.body).not.toContain('relayed.example');
    // A job applied for by its own link is not applied for here.
    const [linked] = (await jobPage('Intern')).jsonLd;
    expect(linked).toMatchObject({ title: 'Intern', directApply: false });
  });

  it("keeps a job's text inert in the title, the tags and the JSON-LD", async () => {
    const res = await t.app.inject(`/jobs/${ids[`Data Editor ${SCRIPT_ATTACK}`]}`);
    const p = page(res.body);
    expect(res.body).not.toContain(SCRIPT_ATTACK);
    expect(res.body).not.toContain(ATTRIBUTE_ATTACK);
    // The fake shell has two scripts of its own (inline, and its entry); the page adds the boot
    // data and the JSON-LD.
    const scripts = p.all.filter((e) => e.tagName === 'script');
    expect(scripts.map((s) => attr(s, 'type') ?? attr(s, 'src') ?? 'inline')).toEqual([
      'application/ld+json',
      'inline',
      '/assets/shell/1.0.0-a/static/js/index.js',
      'application/json',
    ]);
    expect(p.all.filter((e) => e.tagName === 'img')).toEqual([]);
    expect(p.all.every((e) => e.attrs.every((a) => !a.name.startsWith('on')))).toBe(true);
    // ...and every value still reads as it was written.
    expect(p.title).toBe(`Data Editor ${SCRIPT_ATTACK} at Org ${ATTRIBUTE_ATTACK} | Good Jobs`);
    expect(p.meta('og:title')).toBe(p.title);
    expect(p.meta('description')).toContain(ATTRIBUTE_ATTACK);
    const [ld] = p.jsonLd;
    expect(ld!.title).toBe(`Data Editor ${SCRIPT_ATTACK}`);
    expect(ld!.description).toBe(
      `Stories ${SCRIPT_ATTACK} and ${ATTRIBUTE_ATTACK} and \u2028 & <!-- for the newsroom.`,
    );
    expect(ld!.jobLocation).toEqual([
      {
        '@type': 'Place',
        address: {
          '@type': 'PostalAddress',
          addressLocality: `Town ${ATTRIBUTE_ATTACK}`,
          addressCountry: 'US',
        },
      },
    ]);
  });
});

describe(`a closed job's page, on ${testDatabase}`, () => {
  it('still resolves for an expired job, says it is closed, and has no JobPosting', async () => {
    const p = await jobPage('Expired Role');
    expect(p.title).toBe('Closed: Expired Role at Example Org | Good Jobs');
    expect(p.meta('description')).toMatch(
      /^Closed: this job is no longer accepting applications\./,
    );
    expect(p.jsonLd).toEqual([]);
    expect(p.link('canonical')).toBe(`${ORIGIN}/jobs/${ids['Expired Role']}`);
  });

  it('still resolves for a job taken off the board, says it is closed, shows none of it', async () => {
    const res = await t.app.inject(`/jobs/${ids['Taken Down Role']}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('Taken Down Role');
    const p = page(res.body);
    expect(p.title).toBe('This job is closed | Good Jobs');
    expect(p.meta('description')).toBe('This job is no longer accepting applications.');
    expect(p.meta('robots')).toBe('noindex');
    expect(p.jsonLd).toEqual([]);
    // The board's modal says it too, drawn from the first view's data.
    const boot = JSON.parse(
      /<script id="boot-config" type="application\/json">(.*?)<\/script>/.exec(res.body)![1]!,
    );
    expect(boot.data.job).toEqual({ id: ids['Taken Down Role'], job: null, closed: true });
  });

  it('tells an unknown job apart from a closed one, and keeps it out of search results', async () => {
    const res = await t.app.inject('/jobs/999999');
    // A 404 for crawlers (not a soft 404), with the board's page saying so for people.
    expect(res.statusCode).toBe(404);
    expect((await t.app.inject('/jobs/not-a-number')).statusCode).toBe(404);
    const p = page(res.body);
    expect(p.title).toBe('Job not found | Good Jobs');
    expect(p.meta('robots')).toBe('noindex');
    expect(p.jsonLd).toEqual([]);
  });
});

describe(`every other page's head, on ${testDatabase}`, () => {
  it.each([
    ['/', 'Good Jobs', `${ORIGIN}/`, false],
    // A search for the visitor's own words: never indexed, pointed at the whole board.
    [
      '/?q=editor&remote=true&sort=relevance',
      'Jobs: “editor”, Remote | Good Jobs',
      `${ORIGIN}/`,
      true,
    ],
    // The board's own filters: one indexable address per list (sorting aside).
    [
      '/?remote=true&category=Grants&sort=oldest',
      'Jobs: Remote, Grants | Good Jobs',
      `${ORIGIN}/?remote=true&category=Grants`,
      false,
    ],
    // A later page of the list is an address of its own.
    ['/?remote=true&page=2', 'Jobs: Remote | Good Jobs', `${ORIGIN}/?remote=true&page=2`, false],
    ['/job-list', 'Recent jobs | Good Jobs', `${ORIGIN}/job-list`, false],
    ['/submit-job', 'Post a job | Good Jobs', `${ORIGIN}/submit-job`, false],
    ['/bookmarks', 'My bookmarks | Good Jobs', `${ORIGIN}/bookmarks`, true],
    ['/pay/some-token', 'Pay for your listing | Good Jobs', `${ORIGIN}/pay/some-token`, true],
    ['/admin/submissions', 'Admin | Good Jobs', `${ORIGIN}/admin/submissions`, true],
    ['/alerts/confirm?token=secret', 'Job alerts | Good Jobs', `${ORIGIN}/alerts/confirm`, true],
  ])(
    '%s has its own title, description and canonical URL',
    async (url, title, canonical, noindex) => {
      const res = await t.app.inject(url);
      expect(res.statusCode).toBe(200);
      const p = page(res.body);
      expect(p.title).toBe(title);
      expect(p.meta('description')).toMatch(/\w/);
      expect(p.meta('og:title')).toBe(title);
      expect(p.link('canonical')).toBe(canonical);
      expect(p.meta('robots')).toBe(noindex ? 'noindex' : undefined);
      expect(p.link('sitemap', 'application/xml')).toBe(`${ORIGIN}/sitemap.xml`);
      expect(p.jsonLd).toEqual([]);
    },
  );

  it('draws and keeps the board once for every address that differs only in unknown parameters', async () => {
    const render = vi.spyOn(t.app.sitePages.renderer, 'render');
    try {
      const board = (await t.app.inject('/?remote=true')).body;
      const drawn = render.mock.calls.length;
      for (let n = 0; n < 20; n += 1) {
        const res = await t.app.inject(`/?remote=true&x=${n}&utm_source=mail${n}`);
        expect(res.statusCode).toBe(200);
        expect(res.body).toBe(board);
      }
      expect(render.mock.calls.length).toBe(drawn);
      // A job's page keeps none of its query string either.
      await t.app.inject(`/job-list?x=1`);
      const jobList = render.mock.calls.length;
      await t.app.inject(`/job-list?x=2`);
      expect(render.mock.calls.length).toBe(jobList);
      expect(jobList - drawn).toBeLessThanOrEqual(1);
    } finally {
      render.mockRestore();
    }
  });

  it("links the board search's own feeds", async () => {
    const p = page((await t.app.inject('/?q=editor&category=News+and+Audience')).body);
    const query = '?q=editor&category=News+and+Audience';
    expect(p.link('alternate', 'application/rss+xml')).toBe(`${ORIGIN}/feed.xml${query}`);
    expect(p.link('alternate', 'application/feed+json')).toBe(`${ORIGIN}/feed.json${query}`);
  });

  it('gives every page a different description', async () => {
    const descriptions = await Promise.all(
      ['/', '/job-list', '/submit-job', `/jobs/${ids['Organizer']}`].map(async (url) =>
        page((await t.app.inject(url)).body).meta('description'),
      ),
    );
    expect(new Set(descriptions).size).toBe(4);
  });

  it('marks an unknown address as not for search results', async () => {
    const res = await t.app.inject('/no-such-page');
    expect(res.statusCode).toBe(404);
    const p = page(res.body);
    expect(p.title).toBe('Page not found | Good Jobs');
    expect(p.meta('robots')).toBe('noindex');
    expect(p.link('canonical')).toBeUndefined();
  });
});
