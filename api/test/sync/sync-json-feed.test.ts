import { JOB_LIMITS, PAY_LIMITS, PAY_MESSAGES, maxAmount } from '@jobboard/contract/jobs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSRF, login, sessionCookie, signedIn } from '../support/admin';
import { startFakeAirtable, type FakeAirtable } from '../support/fake-airtable';
import { invalidRows } from '../support/rows';
import { buildTestApp, testDatabase, type TestApp } from '../support/test-app';

/**
 * The re-sync from a JSON feed (JOB_FEED_URL): jobs in the public Job shape of docs/product.md#entities, with
 * relative posted dates and categories given as a string or a list; every value bounded by its
 * column (the longest allowed is stored, one more is skipped with its reason).
 */

let fake: FakeAirtable;
let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
const NOW = new Date('2026-11-22T12:00:00Z');

beforeAll(async () => {
  fake = await startFakeAirtable();
  t = await buildTestApp({ now: NOW, env: { JOB_FEED_URL: fake.feedUrl } });
  admin = await signedIn(t);
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

const feedJob = (id: string | number, fields: Record<string, unknown> = {}) => ({
  id,
  title: `Feed Role ${id}`,
  company: {
    name: 'Feed Org',
    description: 'A newsroom.',
    websiteUrl: 'https://feed.example',
    logo: 'https://feed.example/logo.png',
  },
  organization: 'Feed Org',
  location: 'Austin, TX',
  jobType: 'Part-time',
  description: 'Edits the newsletter and writes for the site.',
  postedDate: 'Today',
  salary: '$40,000 - $50,000',
  deadline: 'Deadline: 12-31-2026',
  responsibilities: ['Edit', 'Write'],
  requirements: ['Two years of editing'],
  benefits: ['Health'],
  applicationUrl: `https://feed.example/apply/${id}`,
  category: 'News and Audience',
  featured: false,
  saved: false,
  active: true,
  via: 'Feed',
  ...fields,
});
const refresh = () => admin({ url: '/api/refresh-jobs' });
const jobNamed = async (title: string) => {
  const jobs = (await admin({ url: '/api/admin/jobs' })).json() as { title: string; id: string }[];
  const job = jobs.find((j) => j.title === title);
  return job && (await admin({ url: `/api/admin/jobs/${job.id}` })).json();
};

describe(`re-sync from a JSON feed on ${testDatabase}`, () => {
  it('turns relative posted dates into dates at sync time and takes string or list categories', async () => {
    fake.feed = [
      feedJob(1, { postedDate: 'Today' }),
      feedJob(2, { postedDate: 'Yesterday', category: ['Communications', 'Political'] }),
      feedJob(3, { postedDate: 'Recently' }),
      feedJob(4, { postedDate: '3 days ago' }),
      feedJob(5, { postedDate: '1 day ago' }),
      feedJob(6, { postedDate: '2 weeks ago' }),
      feedJob(7, { postedDate: '1 month ago' }),
      feedJob(8, { postedDate: '2026-10-01' }),
      feedJob(9, { postedDate: 'someday' }),
      feedJob(10, { category: undefined, locations: ['Remote', 'Denver, CO'] }),
    ];
    const res = await refresh();
    expect(res.json()).toMatchObject({
      source: 'the JSON feed',
      created: 9,
      skipped: 1,
      skippedRecords: [
        {
          externalId: '9',
          reason:
            "'postedDate' 'someday' is not a date (YYYY-MM-DD) or text such as 'Today' or '3 days ago'",
        },
      ],
    });
    const dates = await Promise.all(
      [1, 2, 3, 4, 5, 6, 7, 8].map(async (n) => (await jobNamed(`Feed Role ${n}`)).postedDate),
    );
    expect(dates).toEqual([
      '2026-11-22',
      '2026-11-21',
      '2026-11-22',
      '2026-11-19',
      '2026-11-21',
      '2026-11-08',
      '2026-10-23',
      '2026-10-01',
    ]);
    expect((await jobNamed('Feed Role 1')).category).toEqual(['News and Audience']);
    expect((await jobNamed('Feed Role 2')).category).toEqual(['Communications', 'Political']);
    expect(await jobNamed('Feed Role 1')).toMatchObject({
      company: {
        name: 'Feed Org',
        description: 'A newsroom.',
        websiteUrl: 'https://feed.example',
      },
      // The feed's logo address: the board serves its own copy once fetched (logos.test.ts).
      logoSource: 'https://feed.example/logo.png',
      location: 'Austin, TX',
      jobType: 'Part-time',
      salary: '$40,000 - $50,000 a year',
      salaryMin: 40_000,
      salaryMax: 50_000,
      pay: { min: 40_000, max: 50_000, period: 'year', currency: 'USD' },
      deadline: '2026-12-31',
      responsibilities: ['Edit', 'Write'],
      requirements: ['Two years of editing'],
      benefits: ['Health'],
      source: 'json-feed',
    });
    expect(await jobNamed('Feed Role 10')).toMatchObject({
      category: ['Uncategorized'],
      locations: ['Remote', 'Denver, CO'],
      remote: true,
    });
  });

  it("keeps a relative date's first reading while the record is unchanged", async () => {
    t.clock.now = new Date('2026-11-25T12:00:00Z');
    try {
      // Three days on, the session has ended: sign in again.
      const cookie = sessionCookie(await login(t));
      const res = await t.app.inject({ url: '/api/refresh-jobs', headers: { ...CSRF, cookie } });
      expect(res.json()).toMatchObject({ created: 0, updated: 0, unchanged: 9 });
    } finally {
      t.clock.now = NOW;
    }
    expect((await jobNamed('Feed Role 1')).postedDate).toBe('2026-11-22');
  });

  it('skips records that break a rule, each with its reason, and syncs the rest', async () => {
    fake.feed = [
      feedJob(1),
      feedJob(11, { title: '' }),
      feedJob(12, { applicationUrl: 'javascript:alert(1)' }),
      feedJob(13, { salaryMin: 90_000, salaryMax: 10 }),
      feedJob(14, { category: [1, 2] }),
      feedJob(15, { description: 'Has a \u0000 in it' }),
      feedJob(1, { title: 'Same id again' }),
      { title: 'No id at all' },
      'not a job',
    ];
    const res = await refresh();
    expect(res.json().skippedRecords).toEqual([
      { externalId: '11', reason: "'title' is missing" },
      { externalId: '12', reason: "'applicationUrl' is not an http(s) address" },
      { externalId: '13', reason: `'salaryMax': ${PAY_MESSAGES.order}` },
      { externalId: '14', reason: "'category' is not text or a list of text" },
      {
        externalId: '15',
        reason: "'description' holds a NUL character, which the database cannot store",
      },
      { externalId: '1', reason: 'Another record earlier in the source has the same id' },
      { externalId: null, reason: 'It has no id' },
      { externalId: null, reason: 'It has no id' },
    ]);
    // Jobs 2 to 10 left the feed: switched off.
    expect(res.json()).toMatchObject({ created: 0, deactivated: 8, skipped: 8 });
  });

  it('stores the longest values each column holds, and skips one character more', async () => {
    const long = (n: number) => 'x'.repeat(n);
    const url = (n: number) =>
      `https://feed.example/${'a'.repeat(n - 'https://feed.example/'.length)}`;
    const longest = feedJob('L', {
      title: long(JOB_LIMITS.title),
      organization: long(JOB_LIMITS.organization),
      company: {
        name: long(JOB_LIMITS.organization),
        description: long(JOB_LIMITS.companyDescription),
        websiteUrl: url(JOB_LIMITS.companyUrl),
        logo: url(JOB_LIMITS.companyUrl),
      },
      description: long(JOB_LIMITS.description),
      jobType: long(JOB_LIMITS.jobType),
      experienceLevel: long(JOB_LIMITS.experienceLevel),
      salary: long(PAY_LIMITS.text),
      salaryMax: maxAmount('year'),
      deadline: long(JOB_LIMITS.deadline),
      via: long(JOB_LIMITS.via),
      applicationUrl: url(JOB_LIMITS.applicationUrl),
      locations: Array.from(
        { length: JOB_LIMITS.labels },
        (_, i) => `${i}${long(JOB_LIMITS.label - 2)}`,
      ),
      category: Array.from(
        { length: JOB_LIMITS.labels },
        (_, i) => `${i}${long(JOB_LIMITS.label - 2)}`,
      ),
      responsibilities: Array.from({ length: JOB_LIMITS.listItems }, () =>
        long(JOB_LIMITS.listItem),
      ),
    });
    const tooLong = (id: string, fields: Record<string, unknown>) => feedJob(id, fields);
    fake.feed = [
      { ...longest, id: long(JOB_LIMITS.externalId) },
      tooLong('T1', { title: long(JOB_LIMITS.title + 1) }),
      tooLong('T2', { via: long(JOB_LIMITS.via + 1) }),
      tooLong('T3', { salaryMax: maxAmount('year') + 1 }),
      tooLong('T4', { location: long(JOB_LIMITS.label + 1) }),
      tooLong('T5', { jobType: long(JOB_LIMITS.jobType + 1) }),
      tooLong('T6', { deadline: long(JOB_LIMITS.deadline + 1) }),
      tooLong('T7', { salary: long(PAY_LIMITS.text + 1) }),
      { ...feedJob('T8'), id: long(JOB_LIMITS.externalId + 1) },
    ];
    const res = await refresh();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ created: 1, skipped: 8 });
    expect(res.json().skippedRecords.map((s: { reason: string }) => s.reason)).toEqual([
      "'title' is longer than 300 characters",
      "'via' is longer than 200 characters",
      `'salaryMax': ${PAY_MESSAGES.tooLarge('year', 'USD')}`,
      "'location' has an entry longer than 200 characters",
      "'jobType' is longer than 40 characters",
      "'deadline' is longer than 60 characters",
      "'salary' is longer than 200 characters",
      'Its id is longer than 200 characters',
    ]);
    expect(await invalidRows(t.db)).toEqual([]);
    expect((await jobNamed(long(JOB_LIMITS.title))).title).toHaveLength(JOB_LIMITS.title);
  });

  it.each([
    ['a 500', '500'],
    ['bad JSON', 'bad-json'],
  ] as const)('changes nothing when the feed fails: %s', async (_name, answer) => {
    const before = (await admin({ url: '/api/admin/jobs' })).json();
    const saved = fake.feed;
    fake.feed = [feedJob('would-be-new')];
    fake.feedScript = [answer];
    try {
      const res = await refresh();
      expect(res.statusCode).toBe(502);
      expect(res.json().message).toMatch(/^Could not read the jobs from the JSON feed: /);
      expect(res.json().message).toMatch(/Nothing was changed\.$/);
      expect((await admin({ url: '/api/admin/jobs' })).json()).toEqual(before);
    } finally {
      fake.feed = saved;
    }
  });

  it('refuses a feed that is not a list of jobs, changing nothing', async () => {
    const before = (await admin({ url: '/api/admin/jobs' })).json();
    fake.feed = { not: 'jobs' };
    const res = await refresh();
    expect(res.statusCode).toBe(502);
    expect(res.json().message).toBe(
      'Could not read the jobs from the JSON feed: The JSON feed did not answer a list of jobs. Nothing was changed.',
    );
    expect((await admin({ url: '/api/admin/jobs' })).json()).toEqual(before);
  });
});
