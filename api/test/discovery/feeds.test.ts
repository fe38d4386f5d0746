import { FEED_ITEMS } from '@jobboard/contract/jobs';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJobs, pay } from '../support/jobs';
import { buildTestApp, testDatabase, type TestApp } from '../support/test-app';

/**
 * Issue 15: the feeds of any board search (RSS 2.0 and JSON Feed 1.1), the sitemap and
 * robots.txt, each read by a real parser, and their caching (ETag / Last-Modified, 304).
 */

const ORIGIN = 'https://jobs.example.org';
const xml = new XMLParser({
  ignoreAttributes: false,
  isArray: (name) => name === 'item' || name === 'url' || name === 'category',
});

function parseXml(text: string) {
  expect(XMLValidator.validate(text)).toBe(true);
  return xml.parse(text) as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
}

let t: TestApp;
let ids: Record<string, string>;
const DAY = 86_400_000;

beforeAll(async () => {
  t = await buildTestApp({ env: { PUBLIC_URL: ORIGIN, BOARD_NAME: 'Good Jobs' } });
  const now = t.clock.now.getTime();
  ids = await createJobs(t.app, [
    {
      title: 'Grants Writer',
      description: 'Write grants for a food bank & its <partners>, with care and attention.',
      remote: true,
      locations: ['Remote'],
      categories: ['Fundraising'],
      postedDate: '2026-11-15',
      pay: pay(55000, 65000),
    },
    {
      title: 'Grants Manager',
      remote: true,
      locations: ['Remote'],
      categories: ['Fundraising', 'Philanthropy'],
      postedDate: '2026-11-20',
    },
    // Featured, but older: a feed is newest first all the same.
    {
      title: 'Grants Director',
      featured: true,
      remote: true,
      locations: ['Remote'],
      categories: ['Fundraising'],
      postedDate: '2026-11-10',
    },
    {
      title: 'Grants Officer',
      remote: false,
      categories: ['Fundraising'],
      postedDate: '2026-11-19',
    },
    { title: 'Editor', remote: true, locations: ['Remote'], postedDate: '2026-11-21' },
    {
      title: 'Expired Grants Lead',
      remote: true,
      postedDate: '2026-11-01',
      expiresAt: new Date(now - DAY),
    },
    { title: 'Inactive Grants Lead', remote: true, active: false, postedDate: '2026-11-21' },
    {
      title: `Odd \u0001 text ]]> <b>`,
      postedDate: '2026-11-02',
      description: 'Control \u0008 characters and ]]> in a job, still valid XML here.',
    },
  ]);
});
afterAll(() => t.close());

const ACTIVE = () => Object.keys(ids).filter((title) => !/^(Expired|Inactive)/.test(title));

describe(`the RSS feed, on ${testDatabase}`, () => {
  it("parses as RSS 2.0 with the board search's jobs, newest first", async () => {
    const res = await t.app.inject('/feed.xml?q=grants&remote=true&category=Fundraising');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/rss+xml; charset=utf-8');
    const { rss } = parseXml(res.body);
    expect(rss['@_version']).toBe('2.0');
    const channel = rss.channel;
    expect(channel.title).toBe('Good Jobs: “grants”, Remote, Fundraising');
    expect(channel.link).toBe(`${ORIGIN}/?q=grants&remote=true&category=Fundraising`);
    expect(channel['atom:link']['@_href']).toBe(
      `${ORIGIN}/feed.xml?q=grants&remote=true&category=Fundraising`,
    );
    const items = channel.item as Record<string, any>[]; // eslint-disable-line @typescript-eslint/no-explicit-any
    expect(items.map((i) => i.title)).toEqual([
      'Grants Manager at Example Org',
      'Grants Writer at Example Org',
      'Grants Director at Example Org',
    ]);
    const writer = items[1]!;
    // The link is counted for the feeds (issue 44); the id stays the page's own address, which
    // readers know the item by, no longer marked a permalink, or a reader would open it instead.
    expect(writer.link).toBe(`${ORIGIN}/jobs/${ids['Grants Writer']}?via=feed`);
    expect(writer.guid['#text']).toBe(`${ORIGIN}/jobs/${ids['Grants Writer']}`);
    expect(writer.guid['@_isPermaLink']).toBe('false');
    expect(writer.pubDate).toBe('Sun, 15 Nov 2026 00:00:00 GMT');
    // A description holds HTML, so the job's text is HTML-escaped in it: readers show
    // '... & its <partners>' (test/system/feed-readers.test.ts reads it with independent readers).
    expect(writer.description).toBe(
      'Remote · Full-time · $55,000 - $65,000 a year. Write grants for a food bank &#38; its &#60;partners&#62;, with care and attention.',
    );
    expect(writer.category).toEqual(['Fundraising']);
  });

  it('reads the query string exactly as the board does: unknown or bad parts fall back', async () => {
    const same = await t.app.inject(
      '/feed.xml?remote=true&q=grants&category=Fundraising&sort=salary-high&page=9&bogus=1',
    );
    const titles = (parseXml(same.body).rss.channel.item as { title: string }[]).map(
      (i) => i.title,
    );
    expect(titles).toHaveLength(3);
    const all = parseXml((await t.app.inject('/feed.xml?salary=nonsense&sort=upside-down')).body);
    expect(all.rss.channel.item).toHaveLength(ACTIVE().length);
    // A search nothing matches is still a valid, empty feed.
    const none = parseXml((await t.app.inject(`/feed.xml?q=${'x'.repeat(500)}`)).body);
    expect(none.rss.channel.title).toMatch(/^Good Jobs: “x+”$/);
    expect(none.rss.channel.item).toBeUndefined();
  });

  it('has every active job and no other when unfiltered, and stays valid XML', async () => {
    const { rss } = parseXml((await t.app.inject('/feed.xml')).body);
    const links = (rss.channel.item as { link: string }[]).map((i) => i.link).sort();
    expect(links).toEqual(
      ACTIVE()
        .map((title) => `${ORIGIN}/jobs/${ids[title]}?via=feed`)
        .sort(),
    );
    expect(rss.channel.title).toBe('Good Jobs: all jobs');
  });

  it(`holds at most ${FEED_ITEMS} jobs`, async () => {
    const many = Array.from({ length: FEED_ITEMS + 5 }, (_, i) => ({
      title: `Volunteer Coordinator ${i}`,
      postedDate: `2026-11-${String(3 + (i % 15)).padStart(2, '0')}`,
    }));
    const local = await buildTestApp({ env: { PUBLIC_URL: ORIGIN } });
    try {
      await createJobs(local.app, [
        ...many,
        // Featured leads the board, but a feed holds the newest jobs: this one is the oldest.
        { title: 'Featured Volunteer Coordinator', featured: true, postedDate: '2026-11-01' },
      ]);
      const { rss } = parseXml((await local.app.inject('/feed.xml?q=coordinator')).body);
      expect(rss.channel.item).toHaveLength(FEED_ITEMS);
      const titles: string[] = rss.channel.item.map((item: { title: string }) => item.title);
      expect(titles.some((title) => title.startsWith('Featured Volunteer'))).toBe(false);
      const dates = rss.channel.item.map((item: { pubDate: string }) => Date.parse(item.pubDate));
      expect(dates).toEqual([...dates].sort((a, b) => b - a));
      // Exactly the newest: every job left out is no newer than the oldest one listed.
      const left = many.filter((job) => !titles.some((title) => title.startsWith(job.title + ' ')));
      const oldestListed = Math.min(...dates);
      for (const job of left) expect(Date.parse(job.postedDate)).toBeLessThanOrEqual(oldestListed);
    } finally {
      await local.close();
    }
  });
});

describe(`the JSON feed, on ${testDatabase}`, () => {
  it('has the fields JSON Feed 1.1 requires, and the same jobs as the RSS feed', async () => {
    const res = await t.app.inject('/feed.json?q=grants&remote=true&category=Fundraising');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/feed+json; charset=utf-8');
    const feed = res.json();
    expect(feed.version).toBe('https://jsonfeed.org/version/1.1');
    expect(feed.title).toBe('Good Jobs: “grants”, Remote, Fundraising');
    expect(feed.home_page_url).toBe(`${ORIGIN}/?q=grants&remote=true&category=Fundraising`);
    expect(feed.feed_url).toBe(`${ORIGIN}/feed.json?q=grants&remote=true&category=Fundraising`);
    expect(Array.isArray(feed.items)).toBe(true);
    for (const item of feed.items) {
      // Required: id (a string), and content_html or content_text.
      expect(typeof item.id).toBe('string');
      expect(typeof item.content_text).toBe('string');
      expect(Number.isNaN(Date.parse(item.date_published))).toBe(false);
    }
    expect(feed.items.map((i: { title: string }) => i.title)).toEqual([
      'Grants Manager at Example Org',
      'Grants Writer at Example Org',
      'Grants Director at Example Org',
    ]);
    expect(feed.items[1]).toMatchObject({
      id: `${ORIGIN}/jobs/${ids['Grants Writer']}`,
      url: `${ORIGIN}/jobs/${ids['Grants Writer']}?via=feed`,
      date_published: '2026-11-15T00:00:00.000Z',
      authors: [{ name: 'Example Org' }],
      tags: ['Fundraising'],
    });
  });
});

describe(`the sitemap and robots.txt, on ${testDatabase}`, () => {
  it('lists the board, its pages and exactly the active jobs, each with lastmod', async () => {
    const res = await t.app.inject('/sitemap.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    const { urlset } = parseXml(res.body);
    expect(urlset['@_xmlns']).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
    const urls = urlset.url as { loc: string; lastmod?: string }[];
    const jobUrls = urls.filter((u) => u.loc.includes('/jobs/'));
    expect(jobUrls.map((u) => u.loc).sort()).toEqual(
      ACTIVE()
        .map((title) => `${ORIGIN}/jobs/${ids[title]}`)
        .sort(),
    );
    for (const url of jobUrls) expect(url.lastmod).toBe(t.clock.now.toISOString());
    expect(urls.filter((u) => !u.loc.includes('/jobs/')).map((u) => u.loc)).toEqual([
      `${ORIGIN}/`,
      `${ORIGIN}/job-list`,
      `${ORIGIN}/submit-job`,
      // The page of the jobs' company (issue 47), after the jobs.
      `${ORIGIN}/organizations/example-org`,
    ]);
  });

  it('drops a job from the feeds and the sitemap once it expires or is taken off', async () => {
    const [id] = Object.values(
      await createJobs(t.app, [
        {
          title: 'Short Lived',
          postedDate: '2026-11-22',
          expiresAt: new Date(t.clock.now.getTime() + 60_000),
        },
      ]),
    );
    const listed = async () => [
      (await t.app.inject('/sitemap.xml')).body.includes(`/jobs/${id}<`),
      (await t.app.inject('/feed.xml')).body.includes(`/jobs/${id}<`),
      (await t.app.inject('/feed.json')).body.includes(`/jobs/${id}"`),
    ];
    expect(await listed()).toEqual([true, true, true]);
    t.clock.now = new Date(t.clock.now.getTime() + 120_000);
    expect(await listed()).toEqual([false, false, false]);
    await t.app.jobs.setLifecycle(Number(id), { active: true, expiresAt: null }, t.clock.now);
    expect(await listed()).toEqual([true, true, true]);
    await t.app.jobs.setLifecycle(Number(id), { active: false, expiresAt: null }, t.clock.now);
    expect(await listed()).toEqual([false, false, false]);
  });

  it('robots.txt keeps crawlers out of /admin and /pay and names the sitemap', async () => {
    const res = await t.app.inject('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    const lines = res.body.split('\n');
    expect(lines).toContain('User-agent: *');
    expect(lines).toContain('Disallow: /admin');
    expect(lines).toContain('Disallow: /pay/');
    expect(lines).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
    expect(lines.filter((l) => l.startsWith('Disallow:'))).toHaveLength(2);
  });
});

describe(`caching of feeds and sitemap, on ${testDatabase}`, () => {
  it.each(['/feed.xml?q=grants', '/feed.json', '/sitemap.xml'])(
    '%s: short public caching, ETag and Last-Modified, 304 on a match',
    async (url) => {
      const first = await t.app.inject(url);
      expect(first.headers['cache-control']).toBe('public, max-age=300');
      const etag = first.headers.etag as string;
      const modified = first.headers['last-modified'] as string;
      expect(etag).toMatch(/^"[\w-]+"$/);
      expect(new Date(modified).getTime()).toBe(Math.floor(t.clock.now.getTime() / 1000) * 1000);

      const byTag = await t.app.inject({ url, headers: { 'if-none-match': etag } });
      expect(byTag.statusCode).toBe(304);
      expect(byTag.body).toBe('');
      const byDate = await t.app.inject({ url, headers: { 'if-modified-since': modified } });
      expect(byDate.statusCode).toBe(304);
      // An ETag that no longer matches wins over a date that would.
      const stale = await t.app.inject({
        url,
        headers: { 'if-none-match': '"old"', 'if-modified-since': modified },
      });
      expect(stale.statusCode).toBe(200);
      const earlier = new Date(Date.parse(modified) - 1000).toUTCString();
      expect(
        (await t.app.inject({ url, headers: { 'if-modified-since': earlier } })).statusCode,
      ).toBe(200);
    },
  );

  it('sends a new ETag once jobs change', async () => {
    const before = (await t.app.inject('/feed.xml')).headers.etag;
    await createJobs(t.app, [{ title: 'Brand New Role', postedDate: '2026-11-22' }]);
    const after = await t.app.inject({
      url: '/feed.xml',
      headers: { 'if-none-match': before as string },
    });
    expect(after.statusCode).toBe(200);
    expect(after.body).toContain('Brand New Role');
  });
});
