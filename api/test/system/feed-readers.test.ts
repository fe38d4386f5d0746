import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobInput } from '../../src/jobs/job-input';
import { builtSiteWith, type BuiltSite } from '../support/built-site';
import { pay } from '../support/jobs';
import {
  DEBIAN_PYTHON,
  FEED_READERS,
  type FeedFormat,
  type FeedReader,
  type ReadFeed,
} from '../support/feed-readers';
import { testDatabase } from '../support/test-app';

/**
 * Issue 24: the feeds as independent readers see them. Our own feed tests (feeds.test.ts) parse what
 * we write with the parser we chose; here the built site serves them over HTTP and three readers
 * that share nothing with it read them from their addresses: feedsmith and
 * @extractus/feed-extractor from npm, and Debian's Python feedparser (RSS only: Debian's 6.0.10
 * cannot read JSON Feed), as test/support/feed-readers.ts describes. For each search, every active
 * job of the search is an item with the job's title, link, date and summary, in every reader, and
 * no reader reports a problem.
 */

const DAY = 86_400_000;

/** A job of the site, and the facts its feed item starts its summary with. */
interface Listed {
  input: Partial<JobInput> & { title: string; postedDate: string };
  facts: string;
}

const ORG = 'Example Org';

const LISTED: Listed[] = [
  {
    input: {
      title: 'Grants Writer',
      description: 'Write grants for a food bank & its <partners>, with care and attention.',
      remote: true,
      locations: ['Remote'],
      categories: ['Fundraising'],
      postedDate: '2026-11-15',
      pay: pay(55000, 65000),
    },
    facts: 'Remote · Full-time · $55,000 - $65,000 a year',
  },
  {
    input: {
      title: 'Grants Manager',
      remote: true,
      locations: ['Remote'],
      categories: ['Fundraising', 'Philanthropy'],
      postedDate: '2026-11-20',
    },
    facts: 'Remote · Full-time',
  },
  {
    input: {
      title: 'Grants Officer',
      jobType: 'Part-time',
      categories: ['Fundraising'],
      postedDate: '2026-11-19',
      pay: pay(40000, null),
    },
    facts: 'Washington, DC · Part-time · From $40,000 a year',
  },
  {
    input: {
      title: 'Editor',
      locations: ['Chicago, IL', 'New York, NY'],
      categories: ['News and Audience'],
      postedDate: '2026-11-21',
    },
    facts: 'Chicago, IL, New York, NY · Full-time',
  },
  // Hostile text in titles: markup-like text, ampersands, both quotes, emoji, right-to-left script.
  {
    input: {
      title: `Director, Research & "Policy" <Senior> 'Lead' 🎉`,
      organization: 'منظمة الأخبار',
      description: `Lead research & policy — "evidence first", it's 🎉 work for مرحبا readers.`,
      categories: ['Advocacy & Policy'],
      postedDate: '2026-11-18',
    },
    facts: 'Washington, DC · Full-time',
  },
  {
    input: {
      title: 'Data Editor </script><script>alert(1)</script>',
      organization: 'Org "><img src=x onerror=alert(2)>',
      description: 'Stories & data &amp; charts, <b>not bold</b> and ]]> in the text.',
      categories: ['News and Audience'],
      postedDate: '2026-11-17',
    },
    facts: 'Washington, DC · Full-time',
  },
];

/** Never in a feed: expired, or taken off the board. */
const HIDDEN: Partial<JobInput>[] = [
  { title: 'Expired Grants Lead', postedDate: '2026-11-22', expiresAt: new Date(Date.now() - DAY) },
  { title: 'Inactive Grants Lead', active: false, postedDate: '2026-11-22' },
];

/** The searches read, and the titles of the jobs each one holds, newest first. */
const SEARCHES: { name: string; query: string; titles: string[] }[] = [
  {
    name: 'no filter',
    query: '',
    titles: [
      'Editor',
      'Grants Manager',
      'Grants Officer',
      LISTED[4]!.input.title,
      LISTED[5]!.input.title,
      'Grants Writer',
    ],
  },
  {
    name: 'a query',
    query: '?q=grants',
    titles: ['Grants Manager', 'Grants Officer', 'Grants Writer'],
  },
  {
    name: 'a category',
    query: '?category=Fundraising',
    titles: ['Grants Manager', 'Grants Officer', 'Grants Writer'],
  },
  {
    name: 'hostile text, by a query and a category',
    query: `?q=research&category=${encodeURIComponent('Advocacy & Policy')}`,
    titles: [LISTED[4]!.input.title],
  },
  { name: 'no results', query: '?q=beekeeping', titles: [] },
];

const PATHS: Record<FeedFormat, string> = { rss: '/feed.xml', json: '/feed.json' };

let site: BuiltSite;
beforeAll(async () => {
  // Say plainly what is missing rather than fail on a spawn error (.ci/run installs it).
  try {
    execFileSync(DEBIAN_PYTHON, ['-c', 'import feedparser']);
  } catch {
    throw new Error(
      `Debian's python3-feedparser is missing: apt-get install -y python3-feedparser`,
    );
  }
  site = await builtSiteWith([...LISTED.map((job) => job.input), ...HIDDEN]);
}, 120_000);
afterAll(() => site?.close());

/** The item every reader must show for a job: its title, link, id, posting day and summary. */
function expectedItem(title: string) {
  const job = LISTED.find((listed) => listed.input.title === title)!;
  const organization = job.input.organization ?? ORG;
  const description =
    job.input.description ??
    'Supports programs across the organization with care and attention to detail.';
  return {
    title: `${title} at ${organization}`,
    // The link is counted for the feeds (issue 44); the id stays the page's own address.
    link: `${site.api.url}/jobs/${site.ids[title]}?via=feed`,
    id: `${site.api.url}/jobs/${site.ids[title]}`,
    published: Date.parse(`${job.input.postedDate}T00:00:00Z`),
    summary: `${job.facts}. ${description}`,
  };
}

/**
 * What a reader shows as an item's summary: feed-extractor shows text with anything between `<`
 * and `>` removed (its normalization), and for JSON Feed the item's content_text (the job's whole
 * description) rather than its summary.
 */
function shownSummary(reader: FeedReader, format: FeedFormat, title: string): string {
  const { summary } = expectedItem(title);
  if (reader.name.startsWith('@extractus')) {
    const shown = format === 'rss' ? summary : summary.slice(summary.indexOf('. ') + '. '.length);
    return shown.replace(/<[^>]+>/g, '').trim();
  }
  return summary;
}

describe(`feeds read by independent readers, on the built site (${testDatabase})`, () => {
  for (const reader of FEED_READERS) {
    for (const format of reader.formats) {
      describe(`${reader.name}, ${format === 'rss' ? 'RSS 2.0' : 'JSON Feed 1.1'}`, () => {
        it.each(SEARCHES)('$name: every job of the search, as written', async (search) => {
          const url = `${site.api.url}${PATHS[format]}${search.query}`;
          const feed: ReadFeed = await reader.read(url, format);
          expect(feed.problems, `${reader.name} on ${url}`).toEqual([]);
          expect(feed.title).toMatch(/^Nonprofit Comms Jobs: /);
          expect(feed.items.map((item) => item.title)).toEqual(
            search.titles.map((title) => expectedItem(title).title),
          );
          for (const [i, title] of search.titles.entries()) {
            const item = feed.items[i]!;
            const expected = expectedItem(title);
            expect(item.link).toBe(expected.link);
            expect(item.id).toBe(expected.id);
            expect(item.published).toBe(expected.published);
            expect(item.summary).toBe(shownSummary(reader, format, title));
          }
        });
      });
    }
  }
});

/** The fields JSON Feed 1.1 (https://www.jsonfeed.org/version/1.1/) requires, and their types. */
function jsonFeedProblems(feed: Record<string, unknown>): string[] {
  const problems: string[] = [];
  const isString = (v: unknown) => typeof v === 'string' && v.length > 0;
  const isDate = (v: unknown) =>
    typeof v === 'string' &&
    /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/.test(v);
  if (feed.version !== 'https://jsonfeed.org/version/1.1') problems.push('version');
  if (!isString(feed.title)) problems.push('title is required');
  for (const key of ['home_page_url', 'feed_url', 'description', 'language']) {
    if (key in feed && !isString(feed[key])) problems.push(`${key} must be a string`);
  }
  if (!Array.isArray(feed.items)) return [...problems, 'items is required'];
  for (const [i, item] of (feed.items as Record<string, unknown>[]).entries()) {
    if (!isString(item.id)) problems.push(`items[${i}].id is required (a string)`);
    if (!isString(item.content_html) && !isString(item.content_text)) {
      problems.push(`items[${i}] needs content_html or content_text`);
    }
    for (const key of ['url', 'title', 'summary']) {
      if (key in item && !isString(item[key])) problems.push(`items[${i}].${key}`);
    }
    for (const key of ['date_published', 'date_modified']) {
      if (key in item && !isDate(item[key])) problems.push(`items[${i}].${key} is not RFC 3339`);
    }
    if ('tags' in item && !(item.tags as unknown[]).every(isString)) {
      problems.push(`items[${i}].tags`);
    }
    const authors = item.authors as Record<string, unknown>[] | undefined;
    if (authors && !authors.every((a) => isString(a.name) || isString(a.url))) {
      problems.push(`items[${i}].authors: each needs a name, url or avatar`);
    }
  }
  return problems;
}

describe(`the JSON Feed against the JSON Feed 1.1 specification (${testDatabase})`, () => {
  it.each(SEARCHES)('$name: the required fields, with their types', async (search) => {
    const res = await fetch(`${site.api.url}/feed.json${search.query}`);
    expect(res.headers.get('content-type')).toBe('application/feed+json; charset=utf-8');
    const feed = (await res.json()) as Record<string, unknown>;
    expect(jsonFeedProblems(feed)).toEqual([]);
    expect(feed.feed_url).toMatch(new RegExp(`^${site.api.url}/feed\\.json`));
  });
});
