import {
  PAY_MESSAGES,
  PAY_PERIOD_VALUES,
  PAY_PERIODS,
  formatPay,
  jobPostingLd,
  type Job,
  type PayPeriod,
  type SearchFilter,
} from '@jobboard/contract/jobs';
import { PAY_PHRASINGS, VALID_SUBMISSION } from '@jobboard/contract/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn } from '../support/admin';
import { signedInEmployer } from '../support/employers';
import {
  airtableEnv,
  airtableJob,
  startFakeAirtable,
  type FakeAirtable,
} from '../support/fake-airtable';
import { ADMIN_JOB_FORM, jobInput, pay } from '../support/jobs';
import { invalidRows } from '../support/rows';
import { buildTestApp, testDatabase, type TestApp } from '../support/test-app';
import { injectWithProof } from '../support/human-proof';

/**
 * Pay told as it is (issue 39, docs/product.md#pay): every path that writes a job (the public
 * form, the admin form, a JSON feed, Airtable, an employer's proposal) takes pay of every period,
 * and the board shows it with its period, filters and sorts it by its annual equivalent, tells
 * Google its unit, reads the rows of earlier releases, follows the board's currency and holds
 * back a listing without pay when the admins ask for pay on every listing.
 */

/** A figure of each period, within its ceiling, and the line the board shows. */
const EACH_PERIOD: [PayPeriod, number, number, string][] = [
  ['hour', 25, 30.5, '$25 - $30.50 an hour'],
  ['day', 200, 250, '$200 - $250 a day'],
  ['week', 800, 1000, '$800 - $1,000 a week'],
  ['month', 3000, 3000, '$3,000 a month'],
  ['year', 60_000, 75_000, '$60,000 - $75,000 a year'],
  ['stipend', 5000, 5000, '$5,000 stipend'],
  ['fee', 2000, 2500, '$2,000 - $2,500 fixed fee'],
];

let fake: FakeAirtable;
let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
const NOW = new Date('2026-11-22T12:00:00Z');

beforeAll(async () => {
  fake = await startFakeAirtable();
  t = await buildTestApp({
    now: NOW,
    env: { JOB_FEED_URL: fake.feedUrl, SUBMISSION_RATE_LIMIT_MAX: '1000' },
  });
  admin = await signedIn(t);
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

const publicJob = async (id: string | number): Promise<Job> => {
  const res = await t.app.inject(`/api/jobs/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const adminJob = async (id: string | number) =>
  (await admin({ url: `/api/admin/jobs/${id}` })).json();
const search = async (filter: Partial<SearchFilter>, app = t) =>
  (
    await app.app.inject({ method: 'POST', url: '/api/jobs/search', payload: { ...filter } })
  ).json() as { jobs: Job[]; total: number };

/** The form's contact, signed in once (sign-in links are limited to a few an hour). */
let signedInAs: Awaited<ReturnType<typeof signedInEmployer>> | undefined;
const employer = async () =>
  (signedInAs ??= await signedInEmployer(t, VALID_SUBMISSION.contactEmail));

/** Submitted through the public form, approved and marked paid by hand: the live job's id. */
async function published(change: Record<string, unknown>): Promise<number> {
  const submitted = await injectWithProof(t.app, {
    method: 'POST',
    url: '/api/submit-job-for-review',
    payload: { ...VALID_SUBMISSION, ...change },
  });
  expect(submitted.statusCode, submitted.body).toBe(201);
  const id = submitted.json().id as string;
  expect(
    (await admin({ method: 'POST', url: `/api/admin/submissions/${id}/approve` })).statusCode,
  ).toBe(200);
  const paid = await admin({ method: 'POST', url: `/api/admin/submissions/${id}/mark-paid` });
  expect(paid.statusCode, paid.body).toBe(200);
  return Number(paid.json().jobId);
}

const feedJob = (id: string, fields: Record<string, unknown>) => ({
  id,
  title: `Feed Role ${id}`,
  organization: 'Pay Feed Org',
  location: 'Denver, CO',
  jobType: 'Part-time',
  description: 'A role from the feed, with its pay in words or in figures.',
  postedDate: '2026-11-20',
  applicationUrl: `https://feed.example/apply/${id}`,
  category: 'Communications',
  ...fields,
});

describe(`each path writes pay of each period on ${testDatabase}`, () => {
  it.each(EACH_PERIOD)('the public form, paid per %s', async (period, min, max, line) => {
    const jobId = await published({
      title: `Form ${period}`,
      salaryMin: String(min),
      salaryMax: String(max),
      salaryPeriod: period,
      benefitsSummary: 'Health and dental',
    });
    const job = await publicJob(jobId);
    expect(job).toMatchObject({
      salary: line,
      pay: { min, max, period, currency: 'USD', benefits: 'Health and dental' },
    });
    // The deprecated figures are a year's only, so an older board shows the line.
    expect(job.salaryMin).toBe(period === 'year' ? min : null);
    const review = (await admin({ url: '/api/admin/submissions' })).json() as {
      title: string;
      pay?: unknown;
    }[];
    expect(review.find((s) => s.title === `Form ${period}`)?.pay).toMatchObject({ period });
  });

  it.each(EACH_PERIOD)('the admin form, paid per %s', async (period, min, max, line) => {
    const res = await admin({
      method: 'POST',
      url: '/api/admin/jobs',
      payload: {
        ...ADMIN_JOB_FORM,
        title: `Admin ${period}`,
        salaryMin: String(min),
        salaryMax: max,
        salaryPeriod: period,
        salaryCurrency: '',
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(await publicJob(res.json().id)).toMatchObject({
      salary: line,
      pay: { min, max, period, currency: 'USD' },
    });
  });

  it('a JSON feed: words read for their period, explicit periods, and the board\u2019s own Job shape', async () => {
    fake.feed = [
      ...EACH_PERIOD.map(([period, min, max], i) =>
        feedJob(`P${i}`, { salaryMin: min, salaryMax: max, salaryPeriod: period }),
      ),
      feedJob('W1', { salary: '$25 - $30 per hour' }),
      feedJob('W2', { salary: 'Stipend: $2,500' }),
      feedJob('W3', { salary: 'Competitive' }),
      feedJob('W4', { salary: '$25 - $30' }),
      feedJob('J1', { pay: { min: 3000, max: 3500, period: 'month', currency: 'CAD' } }),
      feedJob('X1', { salaryMin: 10, salaryPeriod: 'fortnight' }),
    ];
    const res = await admin({ url: '/api/refresh-jobs' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().skippedRecords).toEqual([
      {
        externalId: 'X1',
        reason:
          "'salaryPeriod' 'fortnight' is not a period: hour, day, week, month, year, stipend or fixed fee",
      },
    ]);
    const byTitle = new Map(
      ((await admin({ url: '/api/admin/jobs' })).json() as Job[]).map((j) => [j.title, j]),
    );
    for (const [i, [period, min, max, line]] of EACH_PERIOD.entries()) {
      expect(byTitle.get(`Feed Role P${i}`)).toMatchObject({
        salary: line,
        pay: { min, max, period },
      });
    }
    expect(byTitle.get('Feed Role W1')).toMatchObject({
      salary: '$25 - $30 an hour',
      pay: { min: 25, max: 30, period: 'hour' },
    });
    expect(byTitle.get('Feed Role W2')?.salary).toBe('$2,500 stipend');
    // Words that cannot be read keep their words and no figures.
    expect(byTitle.get('Feed Role W3')).toMatchObject({ salary: 'Competitive', salaryMin: null });
    expect(byTitle.get('Feed Role W3')?.pay).toBeUndefined();
    expect(byTitle.get('Feed Role W4')?.salary).toBe('$25 - $30');
    expect(byTitle.get('Feed Role J1')).toMatchObject({
      salary: 'CA$3,000 - CA$3,500 a month',
      pay: { currency: 'CAD' },
    });
  });

  it('Airtable: its Salary, Salary Period, Salary Currency and Benefits Summary columns', async () => {
    const airtable = await buildTestApp({ now: NOW, env: airtableEnv(fake) });
    try {
      fake.records = [
        ...EACH_PERIOD.map(([period, min, max], i) =>
          airtableJob(i + 1, {
            'Salary Min': min,
            'Salary Max': max,
            // As an Airtable single-select names it.
            'Salary Period': PAY_PERIODS.find((p) => p.value === period)!.label,
            'Benefits Summary': 'Health, dental',
          }),
        ),
        airtableJob(20, {
          'Salary Min': undefined,
          'Salary Max': undefined,
          Salary: '$25 - $30 per hour',
        }),
        airtableJob(21, {
          'Salary Min': 40,
          'Salary Max': 45,
          'Salary Currency': 'cad',
          'Salary Period': 'Hourly',
        }),
        airtableJob(22, { 'Salary Currency': 'dollars' }),
      ];
      const as = await signedIn(airtable);
      const res = await as({ url: '/api/refresh-jobs' });
      expect(res.json().skippedRecords).toEqual([
        {
          externalId: 'rec00000000000022',
          reason: "'Salary Currency' 'DOLLARS' is not a currency code such as USD",
        },
      ]);
      const jobs = (await as({ url: '/api/admin/jobs' })).json() as Job[];
      const named = (n: number) => jobs.find((j) => j.title === `Synced Role ${n}`)!;
      for (const [i, [period, min, max, line]] of EACH_PERIOD.entries()) {
        expect(named(i + 1)).toMatchObject({
          salary: line,
          pay: { min, max, period, benefits: 'Health, dental' },
        });
      }
      expect(named(20)).toMatchObject({ salary: '$25 - $30 an hour', pay: { period: 'hour' } });
      expect(named(21)).toMatchObject({
        salary: 'CA$40 - CA$45 an hour',
        pay: { currency: 'CAD', period: 'hour' },
      });
    } finally {
      await airtable.close();
    }
  });

  it.each(EACH_PERIOD)(
    'an employer\u2019s proposal changes the pay to one per %s, approved by an admin',
    async (period, min, max, line) => {
      const jobId = await published({ title: `Proposed ${period}` });
      const as = await employer();
      const form = (await as({ url: `/api/employer/jobs/${jobId}/proposal` })).json();
      expect(form).toMatchObject({
        salaryMin: VALID_SUBMISSION.salaryMin,
        salaryPeriod: 'year',
        salaryCurrency: 'USD',
      });
      const proposed = await as({
        method: 'POST',
        url: `/api/employer/jobs/${jobId}/proposal`,
        payload: {
          ...form,
          salaryMin: String(min),
          salaryMax: String(max),
          salaryPeriod: period,
          benefitsSummary: 'Health, dental; 403(b)',
        },
      });
      expect(proposed.statusCode, proposed.body).toBe(200);
      const proposal = (
        (await admin({ url: '/api/admin/proposals' })).json() as {
          id: string;
          jobId: string;
          changes: { field: string }[];
        }[]
      ).find((p) => p.jobId === String(jobId))!;
      expect(proposal.changes.map((c) => c.field)).toEqual(
        expect.arrayContaining(['salaryMin', 'benefitsSummary']),
      );
      const approved = await admin({
        method: 'POST',
        url: `/api/admin/proposals/${proposal.id}/approve`,
      });
      expect(approved.statusCode, approved.body).toBe(200);
      expect(await publicJob(jobId)).toMatchObject({
        salary: line,
        pay: { min, max, period, benefits: 'Health, dental; 403(b)' },
      });
      const listing = (await as({ url: '/api/employer/listings' }))
        .json()
        .listings.find((l: { jobId: string | null }) => l.jobId === String(jobId));
      expect(listing.salary).toBe(line);
    },
  );

  it('refuses pay past the one ceiling of its period, or a maximum under the minimum, on every path', async () => {
    const form = await injectWithProof(t.app, {
      method: 'POST',
      url: '/api/submit-job-for-review',
      payload: { ...VALID_SUBMISSION, salaryMin: '20', salaryMax: '5000', salaryPeriod: 'hour' },
    });
    expect(form.json().fields).toEqual({ salaryMax: PAY_MESSAGES.tooLarge('hour') });
    const board = await admin({
      method: 'POST',
      url: '/api/admin/jobs',
      payload: { ...ADMIN_JOB_FORM, salaryMin: '90', salaryMax: '80', salaryPeriod: 'day' },
    });
    expect(board.json().fields).toEqual({ salaryMax: PAY_MESSAGES.order });
    expect(await invalidRows(t.db)).toEqual([]);
  });
});

describe(`'$25 - $30 per hour' from a sync, told as it is, on ${testDatabase}`, () => {
  let hourly: Job;
  beforeAll(async () => {
    fake.feed = [
      feedJob('H1', { title: 'Hourly Canvasser', salary: '$25 - $30 per hour' }),
      feedJob('H2', { title: 'Yearly Organizer', salary: '$48,000 - $49,000 a year' }),
      feedJob('H3', { title: 'Monthly Fellow', salary: '$5,500 a month' }),
      feedJob('H4', { title: 'Summer Stipend', salary: '$9,000 stipend' }),
    ];
    expect((await admin({ url: '/api/refresh-jobs' })).statusCode).toBe(200);
    const jobs = ((await admin({ url: '/api/admin/jobs' })).json() as Job[]).filter(
      (j) => j.organization === 'Pay Feed Org' && j.active,
    );
    hourly = jobs.find((j) => j.title === 'Hourly Canvasser')!;
  });

  const titles = (jobs: Job[]) =>
    jobs.filter((j) => j.organization === 'Pay Feed Org').map((j) => j.title);

  it('shows "an hour"', () => {
    expect(hourly.salary).toBe('$25 - $30 an hour');
  });

  it('is found under $50,000 - $75,000 ($52,000 - $62,400 a year), not under $50,000', async () => {
    expect(titles((await search({ salaryRange: '50k-75k' })).jobs)).toEqual(
      expect.arrayContaining(['Hourly Canvasser', 'Monthly Fellow']),
    );
    const under = titles((await search({ salaryRange: 'under-50k' })).jobs);
    expect(under).toContain('Yearly Organizer');
    expect(under).not.toContain('Hourly Canvasser');
    // A stipend is in no band of a year's pay; it has its own choice.
    expect(titles((await search({ salaryRange: '50k-75k' })).jobs)).not.toContain('Summer Stipend');
    expect(titles((await search({ salaryRange: 'totals' })).jobs)).toEqual(['Summer Stipend']);
  });

  it('sorts by the annual figure: $66,000 a year (monthly) above $62,400 (hourly) above $49,000', async () => {
    expect(titles((await search({ sortOption: 'salary-high', query: 'feed' })).jobs)).toEqual([
      'Monthly Fellow',
      'Hourly Canvasser',
      'Yearly Organizer',
      'Summer Stipend',
    ]);
    expect(titles((await search({ sortOption: 'salary-low', query: 'feed' })).jobs)).toEqual([
      'Yearly Organizer',
      'Hourly Canvasser',
      'Monthly Fellow',
      'Summer Stipend',
    ]);
  });

  it('tells Google unitText HOUR', () => {
    expect(jobPostingLd(hourly, 'https://jobs.example')?.baseSalary).toEqual({
      '@type': 'MonetaryAmount',
      currency: 'USD',
      value: { '@type': 'QuantitativeValue', minValue: 25, maxValue: 30, unitText: 'HOUR' },
    });
  });
});

describe(`rows an earlier release wrote on ${testDatabase}`, () => {
  it('are read once into the pay columns, each text for its period (the phrasings table)', async () => {
    const ids: number[] = [];
    for (const i of PAY_PHRASINGS.keys()) {
      ids.push(await t.app.jobs.create(jobInput({ title: `Legacy ${i}` }), NOW));
    }
    // As the previous release wrote them: words and yearly figures, no period.
    for (const [i, [text]] of PAY_PHRASINGS.entries()) {
      await t.db('jobs').where({ id: ids[i] }).update({
        salary_text: text,
        salary_min: null,
        salary_max: null,
        salary_period: null,
        salary_currency: null,
        pay_min_cents: null,
        pay_max_cents: null,
        pay_annual_low: null,
        pay_annual_high: null,
      });
    }
    // Also a yearly row with figures from the old form, its text composed from them.
    const formRow = await t.app.jobs.create(jobInput({ title: 'Legacy form' }), NOW);
    await t.db('jobs').where({ id: formRow }).update({
      salary_text: '$60,000 - $75,000',
      salary_min: 60_000,
      salary_max: 75_000,
      salary_period: null,
      pay_min_cents: null,
      pay_max_cents: null,
    });
    // Shown right even before the start reads them (the old columns are read as they are).
    expect((await publicJob(formRow)).salary).toBe('$60,000 - $75,000 a year');
    expect(await t.app.jobs.refreshPay()).toBeGreaterThanOrEqual(PAY_PHRASINGS.length + 1);
    expect(await t.app.jobs.refreshPay()).toBe(0);
    for (const [i, [text, ...read]] of PAY_PHRASINGS.entries()) {
      const job = await publicJob(ids[i]!);
      const row = await t.db('jobs').where({ id: ids[i] }).first();
      expect(row.salary_period, text).not.toBeNull();
      if (read.length === 1) {
        expect(job.salary, text).toBe(text);
        expect(job.pay, text).toBeUndefined();
        continue;
      }
      const [min, max, period, currency] = read;
      expect(job.pay, text).toMatchObject({ min, max, period, currency: currency ?? 'USD' });
      expect(job.salary, text).toBe(formatPay({ min, max, period, currency: currency ?? 'USD' }));
    }
    expect(await adminJob(formRow)).toMatchObject({
      pay: { min: 60_000, max: 75_000, period: 'year' },
    });
    expect((await t.db('jobs').where({ id: formRow }).first()).pay_annual_high).toBe(75_000);
  });

  it('keeps the old columns as the previous release reads them (a rollback tells the truth too)', async () => {
    const id = await t.app.jobs.create(jobInput({ title: 'Both', pay: pay(25, 30, 'hour') }), NOW);
    const yearly = await t.app.jobs.create(
      jobInput({ title: 'Both yearly', pay: pay(60_000, 75_000) }),
      NOW,
    );
    expect(await t.db('jobs').where({ id }).first()).toMatchObject({
      salary_text: '$25 - $30 an hour',
      salary_min: null,
      salary_max: null,
    });
    expect(await t.db('jobs').where({ id: yearly }).first()).toMatchObject({
      salary_min: 60_000,
      salary_max: 75_000,
    });
  });
});

describe(`the board's pay rule on ${testDatabase}`, () => {
  const setRule = (requirePay: boolean) =>
    admin({ method: 'PUT', url: '/api/admin/settings', payload: { requirePay } });
  const onBoard = async (id: number | string) =>
    (await t.app.inject(`/api/jobs/${id}`)).statusCode === 200;

  it('holds back every job without pay, with its reason in the admin, and releases them', async () => {
    const without = await t.app.jobs.create(jobInput({ title: 'No Pay Role' }), NOW);
    const words = await t.app.jobs.create(
      jobInput({ title: 'Words Role', pay: pay(null, null, 'year', { text: 'Competitive' }) }),
      NOW,
    );
    const withPay = await t.app.jobs.create(
      jobInput({ title: 'Paid Role', pay: pay(20, 25, 'hour') }),
      NOW,
    );
    expect(await onBoard(without)).toBe(true);

    expect((await setRule(true)).json()).toMatchObject({ requirePay: true });
    expect(await onBoard(without)).toBe(false);
    expect(await onBoard(words)).toBe(false);
    expect(await onBoard(withPay)).toBe(true);
    const board = (await t.app.inject('/api/jobs?pageSize=100')).json() as Job[];
    expect(board.map((j) => j.title)).not.toContain('No Pay Role');
    expect(await adminJob(without)).toMatchObject({ active: true, heldBack: PAY_MESSAGES.held });
    expect((await adminJob(withPay)).heldBack).toBeUndefined();
    const held = (await admin({ url: '/api/admin/lists/jobs?status=held&pageSize=100' })).json();
    expect(held.jobs.map((j: Job) => j.title)).toEqual(
      expect.arrayContaining(['No Pay Role', 'Words Role']),
    );
    expect(held.jobs.map((j: Job) => j.title)).not.toContain('Paid Role');

    // An admin's new job without pay is held too; given pay, it goes on the board.
    const created = await admin({
      method: 'POST',
      url: '/api/admin/jobs',
      payload: { ...ADMIN_JOB_FORM, title: 'Admin No Pay' },
    });
    expect(created.json()).toMatchObject({ heldBack: PAY_MESSAGES.held });
    expect(await onBoard(created.json().id)).toBe(false);
    const given = await admin({
      method: 'PUT',
      url: `/api/admin/jobs/${created.json().id}`,
      payload: { salaryMin: '58000', salaryPeriod: 'year' },
    });
    expect(given.statusCode, given.body).toBe(200);
    expect(given.json().heldBack).toBeUndefined();
    expect(await onBoard(created.json().id)).toBe(true);

    // A synced record without pay is held, counted and listed for the last-sync panel.
    fake.feed = [feedJob('N1', { title: 'Synced Without Pay' })];
    const synced = await admin({ url: '/api/refresh-jobs' });
    expect(synced.json(), synced.body).toMatchObject({ held: 1 });
    expect(synced.json().message).toContain('1 held back without pay');
    const last = (await admin({ url: '/api/admin/sync/last' })).json();
    expect(last.held).toMatchObject({
      count: 1,
      jobs: [{ title: 'Synced Without Pay', externalId: 'N1' }],
    });

    expect((await setRule(false)).json()).toMatchObject({ requirePay: false });
    expect(await onBoard(without)).toBe(true);
    expect((await admin({ url: '/api/admin/sync/last' })).json().held.count).toBe(0);
    expect(await invalidRows(t.db)).toEqual([]);
  });
});

describe(`the board's currency on ${testDatabase}`, () => {
  it('compares only pay in the board\u2019s currency, and follows BOARD_CURRENCY at start', async () => {
    const usd = await t.app.jobs.create(
      jobInput({ title: 'Dollar Role', pay: pay(60_000, 70_000, 'year') }),
      NOW,
    );
    const cad = await t.app.jobs.create(
      jobInput({ title: 'Loonie Role', pay: pay(60_000, 70_000, 'year', { currency: 'CAD' }) }),
      NOW,
    );
    const inBand = async (app: TestApp) =>
      (await search({ salaryRange: '50k-75k', query: 'role' }, app)).jobs.map((j) => j.title);
    expect(await inBand(t)).toContain('Dollar Role');
    expect(await inBand(t)).not.toContain('Loonie Role');

    const canadian = await buildTestApp({
      now: NOW,
      sameDatabaseAs: t,
      env: { BOARD_CURRENCY: 'CAD' },
    });
    try {
      // Its start read the annual figures again, in Canadian dollars: nothing is left to do.
      expect(await canadian.app.jobs.refreshPay()).toBe(0);
      expect(await inBand(canadian)).toContain('Loonie Role');
      expect(await inBand(canadian)).not.toContain('Dollar Role');
      expect((await canadian.app.inject(`/api/jobs/${cad}`)).json().salary).toBe(
        'CA$60,000 - CA$70,000 a year',
      );
    } finally {
      await canadian.close();
    }
    // Back in US dollars: a start puts the annual figures back.
    expect(await t.app.jobs.refreshPay()).toBeGreaterThanOrEqual(2);
    expect(await inBand(t)).toContain('Dollar Role');
    expect((await publicJob(usd)).salary).toBe('$60,000 - $70,000 a year');
  });
});

it('has a period for every pay the tests wrote', async () => {
  const periods = await t.db('jobs').distinct('salary_period').pluck('salary_period');
  for (const period of periods) expect([...PAY_PERIOD_VALUES, null]).toContain(period);
});
