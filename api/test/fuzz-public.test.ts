import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VALID_SUBMISSION } from '../contract/src/__tests__/submission-cases';
import { CSRF, createAdmin } from './support/admin';
import { fuzzQuery, fuzzSegment, fuzzText, fuzzValue, nearly } from './support/fuzz';
import { createJobs } from './support/jobs';
import { invalidRows } from './support/rows';
import { buildTestApp, testDatabase, type TestApp } from './support/test-app';

/**
 * Every public body, query and path parameter under arbitrary input, on both databases: the API
 * never answers with a 5xx, every error is JSON with a message, and no invalid row is ever stored.
 */

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({
    env: {
      SUBMISSION_RATE_LIMIT_MAX: '100000',
      STRIPE_SECRET_KEY: 'sk_test_fuzz',
      STRIPE_WEBHOOK_SECRET: 'whsec_fuzz',
    },
  });
  await createAdmin(t);
  await createJobs(t.app, [{ title: 'Data Editor' }, { title: 'Grants Manager', featured: true }]);
});
afterAll(() => t.close());

const RUNS = 120;

async function expectHandled(res: Awaited<ReturnType<TestApp['app']['inject']>>) {
  expect(res.statusCode, res.body.slice(0, 300)).toBeLessThan(500);
  if (res.statusCode >= 400) expect(typeof res.json().message).toBe('string');
}

describe(`public queries and path parameters under arbitrary input on ${testDatabase}`, () => {
  it('GET /api/jobs with any query string', async () => {
    await fc.assert(
      fc.asyncProperty(fuzzQuery, async (query) => {
        await expectHandled(await t.app.inject(`/api/jobs?${query}`));
      }),
      { numRuns: RUNS },
    );
  });

  it('GET /api/jobs/:id, /api/pay/:token and POST /api/pay/:token/checkout with any segment', async () => {
    await fc.assert(
      fc.asyncProperty(fuzzSegment, async (segment) => {
        await expectHandled(await t.app.inject(`/api/jobs/${segment}`));
        await expectHandled(await t.app.inject(`/api/pay/${segment}`));
        await expectHandled(
          await t.app.inject({ method: 'POST', url: `/api/pay/${segment}/checkout` }),
        );
      }),
      { numRuns: RUNS },
    );
  });

  it('the other public reads with any query string', async () => {
    await fc.assert(
      fc.asyncProperty(fuzzQuery, async (query) => {
        for (const url of ['/api/jobs/recent', '/api/locations', '/api/categories', '/api/site']) {
          await expectHandled(await t.app.inject(`${url}?${query}`));
        }
      }),
      { numRuns: 40 },
    );
  });
});

describe(`public bodies under arbitrary input on ${testDatabase}`, () => {
  const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/json', ...headers },
      payload: JSON.stringify(body) ?? 'null',
    });

  it('POST /api/jobs/search with text of every kind in every field', async () => {
    const search = nearly(
      {
        query: 'editor',
        jobType: { fullTime: true },
        experience: { mid: true },
        salaryRange: 'any',
        location: 'Washington, DC',
        category: ['Communications'],
        sortOption: 'relevance',
        page: 1,
        pageSize: 10,
      },
      {
        category: fc.array(fuzzText, { maxLength: 60 }),
        jobType: fuzzValue,
        experience: fuzzValue,
      },
    );
    await fc.assert(
      fc.asyncProperty(fc.oneof(search, fuzzValue), async (body) => {
        await expectHandled(await post('/api/jobs/search', body));
      }),
      { numRuns: RUNS * 2 },
    );
  });

  it('POST /api/submit-job-for-review with text of every kind, storing only valid rows', async () => {
    const submission = nearly({
      ...VALID_SUBMISSION,
      selectedTier: 'basic',
      experienceLevel: 'Not specified',
      website: '',
    });
    await fc.assert(
      fc.asyncProperty(fc.oneof({ weight: 4, arbitrary: submission }, fuzzValue), async (body) => {
        await expectHandled(await post('/api/submit-job-for-review', body));
      }),
      { numRuns: RUNS * 2 },
    );
    expect(await invalidRows(t.db)).toEqual([]);
  });

  it('POST /api/admin/login with any body', async () => {
    const login = nearly({ username: 'alice', password: 'correct horse battery staple' });
    await fc.assert(
      fc.asyncProperty(fc.oneof(login, fuzzValue), async (body) => {
        await expectHandled(await post('/api/admin/login', body, CSRF));
      }),
      { numRuns: 60 },
    );
  });

  it('POST /api/stripe/webhook with any body and signature', async () => {
    await fc.assert(
      fc.asyncProperty(fuzzValue, fc.option(fuzzText), async (body, signature) => {
        const headers: Record<string, string> =
          signature === null ? {} : { 'stripe-signature': signature.replace(/[^\x20-\x7e]/g, '') };
        await expectHandled(await post('/api/stripe/webhook', body, headers));
      }),
      { numRuns: RUNS },
    );
  });

  it('never stored an invalid row along the way', async () => {
    expect(await invalidRows(t.db)).toEqual([]);
  });
});
