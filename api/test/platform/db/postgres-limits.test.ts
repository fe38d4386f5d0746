import { ADMIN_LIMITS, MAX_AMOUNT_CENTS } from '@jobboard/contract/admin';
import { BROKEN_CHARACTER, NUL_CHARACTER } from '@jobboard/contract/common';
import {
  MAX_INT4,
  PAY_LIMITS,
  PAY_PERIOD_VALUES,
  amountText,
  maxAmount,
  JOB_LIMITS,
} from '@jobboard/contract/jobs';
import { SUBMISSION_LIMITS } from '@jobboard/contract/submissions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VALID_SUBMISSION } from '@jobboard/contract/testing';
import { CSRF, createAdmin, login, sessionCookie, signedIn } from '../../support/admin';
import { createJobs } from '../../support/jobs';
import { invalidRows } from '../../support/rows';
import { insertSubmission } from '../../support/submissions';
import { buildTestApp, testDatabase, type TestApp } from '../../support/test-app';
import { injectWithProof } from '../../support/human-proof';

/**
 * Values at and just past what PostgreSQL's columns hold (api/migrations). Each of these was a 500
 * on PostgreSQL (the database refused the value) while SQLite stored it; now the contract refuses
 * what does not fit, on both databases alike, and accepts everything that does.
 */

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
let jobId: string;
let submissionId: number;
beforeAll(async () => {
  t = await buildTestApp({ env: { SUBMISSION_RATE_LIMIT_MAX: '1000' } });
  admin = await signedIn(t);
  jobId = (await createJobs(t.app, [{ title: 'Data Editor' }]))['Data Editor']!;
  submissionId = await insertSubmission(t.db, { status: 'pending_review' });
});
afterAll(() => t.close());

const JOB_FORM = {
  title: 'Senior Grants Writer',
  organization: 'Harbor Health Alliance',
  applicationUrl: 'https://harborhealth.example/jobs/grants',
  description: 'Write and manage grant proposals.',
  category: ['Fundraising'],
  locations: ['Portland, ME'],
  jobType: 'Full-time',
  via: 'Organization website',
  postedDate: '2026-11-20',
  salaryMin: 70_000,
  salaryMax: 85_000,
};
const longUrl = (length: number) => {
  const start = 'https://harborhealth.example/';
  return start + 'a'.repeat(length - start.length);
};
const TOO_BIG = [maxAmount('year') + 1, MAX_INT4 + 1, 99_999_999_999, Number.MAX_SAFE_INTEGER];

describe(`ids past a 32-bit integer on ${testDatabase}`, () => {
  it.each(['2147483648', '99999999999', '9999999999999999', '4294967296'])(
    'GET /api/jobs/%s is a 404, not a 500',
    async (id) => {
      const res = await t.app.inject(`/api/jobs/${id}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Job not found' });
    },
  );

  it('still finds the largest id a column holds, and real ids', async () => {
    expect((await t.app.inject(`/api/jobs/${MAX_INT4}`)).statusCode).toBe(404);
    expect((await t.app.inject(`/api/jobs/${jobId}`)).statusCode).toBe(200);
  });

  it.each([
    ['GET', '/api/admin/jobs/2147483648'],
    ['PUT', '/api/admin/jobs/99999999999'],
    ['DELETE', '/api/admin/jobs/2147483648'],
    ['POST', '/api/admin/jobs/2147483648/extend'],
    ['POST', '/api/admin/jobs/2147483648/republish'],
    ['GET', '/api/admin/submissions/2147483648'],
    ['POST', '/api/admin/submissions/99999999999/approve'],
    ['POST', '/api/admin/submissions/2147483648/reject'],
    ['PUT', '/api/admin/submissions/2147483648/amount'],
    ['POST', '/api/admin/submissions/2147483648/payment-link'],
    ['POST', '/api/admin/submissions/2147483648/revoke-payment-links'],
    ['POST', '/api/admin/submissions/2147483648/mark-paid'],
    ['PUT', '/api/admin/promo-codes/2147483648'],
    ['DELETE', '/api/admin/promo-codes/99999999999'],
  ])('%s %s is a 404', async (method, url) => {
    const body: Record<string, unknown> = url.includes('/amount')
      ? { amount: 500 }
      : url.includes('/extend')
        ? {}
        : url.includes('promo-codes')
          ? { code: 'SAVE', percentOff: 10 }
          : url.includes('/jobs/')
            ? JOB_FORM
            : {};
    const res = await admin({
      method: method as 'GET',
      url,
      ...(method === 'GET' || method === 'DELETE' ? {} : { payload: body }),
    });
    expect(res.statusCode, `${method} ${url}`).toBe(404);
  });
});

describe(`the admin job form against its columns on ${testDatabase}`, () => {
  const save = (change: Record<string, unknown>) =>
    admin({ method: 'POST', url: '/api/admin/jobs', payload: { ...JOB_FORM, ...change } });

  it('stores values that fill every column exactly', async () => {
    const res = await save({
      title: 'T'.repeat(JOB_LIMITS.title),
      organization: 'O'.repeat(JOB_LIMITS.organization),
      applicationUrl: longUrl(JOB_LIMITS.applicationUrl),
      locations: ['L'.repeat(JOB_LIMITS.label)],
      category: ['C'.repeat(JOB_LIMITS.label)],
      jobType: 'J'.repeat(JOB_LIMITS.jobType),
      via: 'V'.repeat(JOB_LIMITS.via),
      deadline: 'D'.repeat(JOB_LIMITS.deadline),
      salaryMin: maxAmount('year'),
      salaryMax: maxAmount('year'),
      benefitsSummary: 'B'.repeat(PAY_LIMITS.benefits),
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().pay).toMatchObject({ max: maxAmount('year'), period: 'year' });
    expect(await invalidRows(t.db)).toEqual([]);
  });

  it('stores pay at the one ceiling of each period, cents and its annual figure in int4', async () => {
    for (const period of PAY_PERIOD_VALUES) {
      const res = await save({
        salaryMin: amountText(maxAmount(period)),
        salaryMax: amountText(maxAmount(period)),
        salaryPeriod: period,
        salaryCurrency: 'USD',
      });
      expect(res.statusCode, `${period}: ${res.body}`).toBe(201);
      expect(res.json().pay).toMatchObject({ min: maxAmount(period), period });
      const row = await t
        .db('jobs')
        .where({ id: Number(res.json().id) })
        .first();
      expect(Number(row.pay_max_cents)).toBe(Math.round(maxAmount(period) * 100));
      expect(Number(row.pay_annual_high ?? 0)).toBeLessThanOrEqual(PAY_LIMITS.annual);
    }
    // The words of pay that is no figures, at the width of their column.
    const words = await save({
      salaryMin: null,
      salaryMax: null,
      salaryText: 'W'.repeat(PAY_LIMITS.text),
    });
    expect(words.statusCode, words.body).toBe(201);
    expect(words.json().salary).toBe('W'.repeat(PAY_LIMITS.text));
    expect(await invalidRows(t.db)).toEqual([]);
  });

  it.each<[string, Record<string, unknown>]>([
    ['title', { title: 'T'.repeat(JOB_LIMITS.title + 1) }],
    ['organization', { organization: 'O'.repeat(JOB_LIMITS.organization + 1) }],
    ['applicationUrl', { applicationUrl: longUrl(JOB_LIMITS.applicationUrl + 1) }],
    ['locations', { locations: ['L'.repeat(JOB_LIMITS.label + 1)] }],
    ['category', { category: ['C'.repeat(JOB_LIMITS.label + 1)] }],
    ['jobType', { jobType: 'J'.repeat(JOB_LIMITS.jobType + 1) }],
    ['via', { via: 'V'.repeat(JOB_LIMITS.via + 1) }],
    ['deadline', { deadline: 'D'.repeat(JOB_LIMITS.deadline + 1) }],
    ...TOO_BIG.map((n): [string, Record<string, unknown>] => [
      'salaryMin',
      { salaryMin: n, salaryMax: null },
    ]),
    ...TOO_BIG.map((n): [string, Record<string, unknown>] => ['salaryMax', { salaryMax: n }]),
    ['salaryMin', { salaryMin: '4807.70', salaryMax: null, salaryPeriod: 'hour' }],
    ['benefitsSummary', { benefitsSummary: 'B'.repeat(PAY_LIMITS.benefits + 1) }],
    ['salaryText', { salaryText: 'W'.repeat(PAY_LIMITS.text + 1) }],
    ['title', { title: 'Grants\u0000Writer' }],
    ['locations.0', { locations: ['Portland\u0000'] }],
  ])('refuses a %s that its column cannot hold (400, nothing stored)', async (field, change) => {
    const before = await t.db('jobs').count({ n: '*' });
    const res = await save(change);
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe(field);
    expect(await t.db('jobs').count({ n: '*' })).toEqual(before);
  });

  it('stores and finds a job whose words fill its description (prefix vectors kept in the row where they fit, 20261127000510)', async () => {
    // 2,000 different words: the prefix vectors are several times a PostgreSQL page, past what
    // STORAGE MAIN keeps in the row, so PostgreSQL must still move them out to store the job.
    const words = Array.from({ length: 2_000 }, (_, i) => `w${i.toString(36)}q`).join(' ');
    const description = words.slice(0, JOB_LIMITS.description);
    const res = await save({ title: 'Wordy Role', description });
    expect(res.statusCode, res.body).toBe(201);
    const last = description.split(' ').at(-2)!;
    const found = await t.app.inject({
      method: 'POST',
      url: '/api/jobs/search',
      payload: { query: last },
    });
    expect(found.json().jobs.map((job: { title: string }) => job.title)).toEqual(['Wordy Role']);
    if (testDatabase === 'postgres') {
      const { rows } = await t.db.raw(
        `SELECT attname, attstorage FROM pg_attribute
          WHERE attrelid = 'jobs'::regclass AND attname IN ('search_prefixes', 'title_prefixes')
          ORDER BY attname`,
      );
      expect(rows).toEqual([
        { attname: 'search_prefixes', attstorage: 'm' },
        { attname: 'title_prefixes', attstorage: 'm' },
      ]);
    }
  });

  it('refuses the same on an update', async () => {
    const res = await admin({
      method: 'PUT',
      url: `/api/admin/jobs/${jobId}`,
      payload: { ...JOB_FORM, salaryMax: MAX_INT4 + 1 },
    });
    expect(res.statusCode).toBe(400);
  });
});

describe(`amounts and promo codes against their columns on ${testDatabase}`, () => {
  const amount = (value: unknown) =>
    admin({
      method: 'PUT',
      url: `/api/admin/submissions/${submissionId}/amount`,
      payload: { amount: value },
    });

  it('takes an amount up to $999,999.99 and refuses more', async () => {
    expect((await amount(MAX_AMOUNT_CENTS)).statusCode).toBe(200);
    for (const value of [MAX_AMOUNT_CENTS + 1, MAX_INT4 + 1, 1e15]) {
      const res = await amount(value);
      expect(res.statusCode, String(value)).toBe(400);
      expect(res.json().message).toContain('999,999.99');
    }
    const row = await t.db('submissions').where({ id: submissionId }).first('amount_cents');
    expect(Number(row.amount_cents)).toBe(MAX_AMOUNT_CENTS);
  });

  const promo = (change: Record<string, unknown>) =>
    admin({
      method: 'POST',
      url: '/api/admin/promo-codes',
      payload: { code: `C${Math.random().toString(36).slice(2, 10)}`, percentOff: 10, ...change },
    });

  it('stores a promo code that fills its columns', async () => {
    const res = await promo({
      description: 'd'.repeat(ADMIN_LIMITS.promoDescription),
      percentOff: null,
      amountOffCents: MAX_AMOUNT_CENTS,
      maxRedemptions: MAX_INT4,
    });
    expect(res.statusCode).toBe(201);
    expect(await invalidRows(t.db)).toEqual([]);
  });

  it.each([
    ['description', { description: 'd'.repeat(ADMIN_LIMITS.promoDescription + 1) }],
    ['description', { description: 'half\u0000off' }],
    ['amountOffCents', { percentOff: null, amountOffCents: MAX_AMOUNT_CENTS + 1 }],
    ['amountOffCents', { percentOff: null, amountOffCents: MAX_INT4 + 1 }],
    ['maxRedemptions', { maxRedemptions: MAX_INT4 + 1 }],
    ['maxRedemptions', { maxRedemptions: 1e12 }],
  ])('refuses a %s its column cannot hold', async (field, change) => {
    const res = await promo(change);
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe(field);
  });
});

describe(`text PostgreSQL cannot store on ${testDatabase}`, () => {
  it.each([
    ['title', { title: 'Communications\u0000Director' }],
    ['description', { description: `${VALID_SUBMISSION.description}\u0000` }],
    ['contactName', { contactName: 'Jordan\u0000Lee' }],
    ['location', { location: 'Washington\u0000' }],
  ])('refuses a NUL character in a submission (%s)', async (field, change) => {
    const res = await injectWithProof(t.app, {
      method: 'POST',
      url: '/api/submit-job-for-review',
      payload: { ...VALID_SUBMISSION, ...change },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ [field]: NUL_CHARACTER });
  });

  it('refuses a NUL character in a sign-in and in a search', async () => {
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { username: 'alice\u0000', password: 'whatever it is' },
      headers: CSRF,
    });
    expect(signIn.statusCode).toBe(400);
    for (const body of [{ location: 'Portland\u0000' }, { category: ['\u0000'] }]) {
      const search = await t.app.inject({ method: 'POST', url: '/api/jobs/search', payload: body });
      expect(search.statusCode, JSON.stringify(body)).toBe(400);
    }
  });

  // Half a surrogate pair has no UTF-8 form: both databases stored U+FFFD instead, so a label
  // saved this way was never found again and the save failed with a 500 (found by fuzzing).
  it.each([
    ['category.0', { category: ['\ud800'] }],
    ['locations.1', { locations: ['Portland, ME', 'Bad \udc00 place'] }],
    ['title', { title: 'Senior \ud83d Writer' }],
  ])('refuses half a surrogate pair in a job (%s), on the admin screen', async (field, change) => {
    const res = await admin({
      method: 'POST',
      url: '/api/admin/jobs',
      payload: { ...JOB_FORM, ...change },
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().fields).toEqual({ [field]: BROKEN_CHARACTER });
  });

  it('refuses half a surrogate pair in a submission and a search, and takes whole pairs', async () => {
    const submission = await injectWithProof(t.app, {
      method: 'POST',
      url: '/api/submit-job-for-review',
      payload: { ...VALID_SUBMISSION, location: 'Remote \ud800' },
    });
    expect(submission.statusCode).toBe(400);
    expect(submission.json().fields).toEqual({ location: BROKEN_CHARACTER });
    const search = await t.app.inject({
      method: 'POST',
      url: '/api/jobs/search',
      payload: { query: '\udfff' },
    });
    expect(search.statusCode).toBe(400);
    const emoji = await admin({
      method: 'POST',
      url: '/api/admin/jobs',
      payload: { ...JOB_FORM, locations: ['Portland, ME 🌲'], category: ['Fundraising 💚'] },
    });
    expect(emoji.statusCode, emoji.body).toBe(201);
    expect(emoji.json()).toMatchObject({
      locations: ['Portland, ME 🌲'],
      category: ['Fundraising 💚'],
    });
  });

  it('stores a submission that fills every field', async () => {
    const res = await injectWithProof(t.app, {
      method: 'POST',
      url: '/api/submit-job-for-review',
      payload: {
        ...VALID_SUBMISSION,
        title: 'T'.repeat(JOB_LIMITS.title),
        organization: 'O'.repeat(JOB_LIMITS.organization),
        location: 'L'.repeat(JOB_LIMITS.label),
        contactName: 'N'.repeat(SUBMISSION_LIMITS.contactName),
        applicationUrl: longUrl(JOB_LIMITS.applicationUrl),
        contactEmail: `${'e'.repeat(64)}@${'d'.repeat(60)}.${'x'.repeat(60)}.example.org`,
        salaryMin: String(maxAmount('year')),
        salaryMax: String(maxAmount('year')),
        benefitsSummary: 'B'.repeat(PAY_LIMITS.benefits),
        companyWebsite: longUrl(JOB_LIMITS.companyUrl),
        logoUrl: longUrl(JOB_LIMITS.companyUrl),
        companyDescription: 'D'.repeat(JOB_LIMITS.companyDescription),
      },
    });
    expect(res.statusCode).toBe(201);
    expect(await invalidRows(t.db)).toEqual([]);
  });
});

describe(`who did it, at the width of its columns, on ${testDatabase} (issue 25)`, () => {
  it('records the longest admin name on pay links, their revocation and company changes', async () => {
    const username = 'a'.repeat(ADMIN_LIMITS.username);
    await createAdmin(t, { username, password: 'correct horse battery staple' });
    const res = await login(t, { username, password: 'correct horse battery staple' });
    const cookie = sessionCookie(res);
    const as = (url: string, payload?: object) =>
      t.app.inject({
        method: 'POST',
        url,
        headers: { ...CSRF, cookie },
        ...(payload ? { payload } : {}),
      });
    const organization = 'C'.repeat(JOB_LIMITS.organization);
    await createJobs(t.app, [{ title: 'On the board', organization }]);
    const id = await insertSubmission(t.db, {
      status: 'pending_review',
      organization,
      company_website_url: longUrl(JOB_LIMITS.companyUrl),
      company_description: 'D'.repeat(JOB_LIMITS.companyDescription),
    });
    const approved = await as(`/api/admin/submissions/${id}/approve`, {
      updateCompany: ['websiteUrl', 'description'],
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect((await as(`/api/admin/submissions/${id}/payment-link`)).statusCode).toBe(200);
    expect((await as(`/api/admin/submissions/${id}/revoke-payment-links`)).statusCode).toBe(200);
    const actor = `admin:${username}`;
    expect(await t.db('payment_links').where({ submission_id: id })).toEqual([
      expect.objectContaining({ created_by: actor, revoked_by: actor }),
      expect.objectContaining({ created_by: actor, revoked_by: actor }),
    ]);
    expect(await t.db('company_audit').where({ submission_id: id })).toEqual([
      expect.objectContaining({ field: 'websiteUrl', actor }),
      expect.objectContaining({
        field: 'description',
        actor,
        new_value: 'D'.repeat(JOB_LIMITS.companyDescription),
      }),
    ]);
    expect(await invalidRows(t.db)).toEqual([]);
  });
});
