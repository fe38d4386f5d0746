import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  fuzzBody,
  fuzzContentType,
  fuzzNumber,
  fuzzQuery,
  fuzzSegment,
  fuzzText,
  fuzzValue,
  nearly,
  fuzzRuns,
} from '../support/fuzz';
import { signedIn } from '../support/admin';
import { ADMIN_JOB_FORM, createJobs } from '../support/jobs';
import { invalidRows } from '../support/rows';
import { insertSubmission } from '../support/submissions';
import { buildTestApp, testDatabase, type TestApp } from '../support/test-app';

/**
 * Every admin body, query and path parameter under arbitrary input, signed in, on both databases:
 * never a 5xx, every error JSON with a message, and no invalid row stored.
 */

let t: TestApp;
let admin: (options: InjectOptions) => ReturnType<TestApp['app']['inject']>;
let jobId: string;
let submissionIds: number[];
let promoId: string;
beforeAll(async () => {
  t = await buildTestApp();
  admin = (await signedIn(t)) as typeof admin;
  jobId = (await createJobs(t.app, [{ title: 'Data Editor' }]))['Data Editor']!;
  submissionIds = [];
  for (const status of ['pending_review', 'approved', 'pending_review']) {
    submissionIds.push(await insertSubmission(t.db, { status }));
  }
  const promo = await admin({
    method: 'POST',
    url: '/api/admin/promo-codes',
    payload: { code: 'SPRING', percentOff: 10 },
  });
  promoId = promo.json().id;
});
afterAll(() => t.close());

const RUNS = fuzzRuns(120);

async function expectHandled(options: InjectOptions) {
  const res = await admin(options);
  expect(
    res.statusCode,
    `${options.method} ${options.url}: ${res.body.slice(0, 300)}`,
  ).toBeLessThan(500);
  if (res.statusCode >= 400) expect(typeof res.json().message).toBe('string');
  return res;
}

const JOB_FORM = { ...ADMIN_JOB_FORM, salaryMin: 70_000, salaryMax: 85_000 };

const PROMO = {
  code: 'FALL',
  description: 'Autumn offer',
  percentOff: 15,
  amountOffCents: null,
  startsAt: '2026-11-01',
  endsAt: '2026-12-31',
  maxRedemptions: 10,
  active: true,
};

const body = (valid: Record<string, unknown>, special = {}) =>
  fc.oneof({ weight: 5, arbitrary: nearly(valid, special) }, fuzzValue);

/** Location and category labels of any text (letter case outside ASCII included). */
const labels = fc.oneof(
  fc.array(fuzzText, { maxLength: 25 }),
  fc.array(fuzzValue, { maxLength: 5 }),
);
const JOB_SPECIAL = { locations: labels, category: labels };

describe(`admin bodies under arbitrary input on ${testDatabase}`, () => {
  it('POST /api/admin/jobs and PUT /api/admin/jobs/:id', async () => {
    await fc.assert(
      fc.asyncProperty(body(JOB_FORM, JOB_SPECIAL), fc.boolean(), async (payload, update) => {
        await expectHandled({
          method: update ? 'PUT' : 'POST',
          url: update ? `/api/admin/jobs/${jobId}` : '/api/admin/jobs',
          payload: payload as object,
        });
      }),
      { numRuns: RUNS * 2 },
    );
    expect(await invalidRows(t.db)).toEqual([]);
  });

  it('POST /api/admin/jobs/:id/extend', async () => {
    await fc.assert(
      fc.asyncProperty(body({ days: 30 }), async (payload) => {
        await expectHandled({
          method: 'POST',
          url: `/api/admin/jobs/${jobId}/extend`,
          payload: payload as object,
        });
      }),
      { numRuns: RUNS },
    );
  });

  it('PUT /api/admin/submissions/:id/amount and POST .../reject', async () => {
    await fc.assert(
      fc.asyncProperty(
        body({ amount: 12_345 }, { amount: fuzzNumber }),
        body({ notes: 'Not a salaried role' }),
        fc.constantFrom(...submissionIds),
        async (amount, notes, id) => {
          await expectHandled({
            method: 'PUT',
            url: `/api/admin/submissions/${id}/amount`,
            payload: amount as object,
          });
          await expectHandled({
            method: 'POST',
            url: `/api/admin/submissions/${id}/reject`,
            payload: notes as object,
          });
        },
      ),
      { numRuns: RUNS },
    );
    expect(await invalidRows(t.db)).toEqual([]);
  });

  it('POST /api/admin/submissions/:id/approve', async () => {
    await fc.assert(
      fc.asyncProperty(
        body({ useCredit: true }),
        fc.constantFrom(...submissionIds),
        async (payload, id) => {
          await expectHandled({
            method: 'POST',
            url: `/api/admin/submissions/${id}/approve`,
            payload: payload as object,
          });
        },
      ),
      { numRuns: RUNS },
    );
    expect(await invalidRows(t.db)).toEqual([]);
  });

  it('POST /api/admin/promo-codes and PUT /api/admin/promo-codes/:id', async () => {
    await fc.assert(
      fc.asyncProperty(
        body(PROMO, {
          code: fc.oneof(fuzzText, fc.stringMatching(/^[A-Za-z0-9_-]{1,45}$/)),
          amountOffCents: fc.oneof(fuzzNumber, fc.constant(null)),
        }),
        fc.boolean(),
        async (payload, update) => {
          await expectHandled({
            method: update ? 'PUT' : 'POST',
            url: update ? `/api/admin/promo-codes/${promoId}` : '/api/admin/promo-codes',
            payload: payload as object,
          });
        },
      ),
      { numRuns: RUNS * 2 },
    );
    expect(await invalidRows(t.db)).toEqual([]);
  });
});

describe(`location and category labels on ${testDatabase}`, () => {
  // SQLite's lower() folds ASCII letters only: labels are found by a key computed in JavaScript
  // (labelKey, api/contract/src/labels.ts), so a non-ASCII capital is found after its insert on both databases.
  it('a location such as Île-de-France is saved, and found again whatever its letter case', async () => {
    const res = await admin({
      method: 'POST',
      url: '/api/admin/jobs',
      payload: { ...JOB_FORM, locations: ['Île-de-France'], category: ['Économie'] },
    });
    expect(res.statusCode).toBe(201);
    const again = await admin({
      method: 'POST',
      url: '/api/admin/jobs',
      payload: { ...JOB_FORM, locations: ['ÎLE-DE-FRANCE'], category: ['économie'] },
    });
    expect(again.statusCode).toBe(201);
    expect(
      await t.db('locations').where('name', 'like', '%le-de-France').count({ n: '*' }),
    ).toEqual([{ n: 1 }]);
  });
});

describe(`admin path parameters and queries under arbitrary input on ${testDatabase}`, () => {
  const ROUTES: [InjectOptions['method'], string, object?][] = [
    ['GET', '/api/admin/jobs/:id'],
    ['PUT', '/api/admin/jobs/:id', JOB_FORM],
    ['DELETE', '/api/admin/jobs/:id'],
    ['POST', '/api/admin/jobs/:id/extend', {}],
    ['POST', '/api/admin/jobs/:id/republish', {}],
    ['GET', '/api/admin/submissions/:id'],
    ['POST', '/api/admin/submissions/:id/approve', {}],
    ['POST', '/api/admin/submissions/:id/reject', {}],
    ['PUT', '/api/admin/submissions/:id/amount', { amount: 100 }],
    ['POST', '/api/admin/submissions/:id/payment-link', {}],
    ['POST', '/api/admin/submissions/:id/revoke-payment-links', {}],
    ['POST', '/api/admin/submissions/:id/mark-paid', {}],
    ['POST', '/api/admin/submissions/:id/payments/1/resolve', {}],
    ['POST', '/api/admin/submissions/1/payments/:id/resolve', {}],
    ['PUT', '/api/admin/promo-codes/:id', PROMO],
    ['DELETE', '/api/admin/promo-codes/:id'],
    ['POST', '/api/admin/emails/:id/resend', {}],
  ];

  it('every route with an id takes any id text', async () => {
    await fc.assert(
      fc.asyncProperty(fuzzSegment, async (segment) => {
        for (const [method, url, payload] of ROUTES) {
          await expectHandled({
            method,
            url: url.replace(':id', segment),
            ...(payload ? { payload } : {}),
          });
        }
      }),
      { numRuns: 60 },
    );
  });

  it('every admin read takes any query string', async () => {
    await fc.assert(
      fc.asyncProperty(fuzzQuery, async (query) => {
        for (const url of [
          '/api/admin/jobs',
          '/api/admin/submissions',
          '/api/admin/submissions/payments',
          '/api/admin/promo-codes',
          '/api/admin/emails',
          '/api/admin/check-auth',
          '/api/refresh-jobs',
        ]) {
          await expectHandled({ method: 'GET', url: `${url}?${query}` });
        }
      }),
      { numRuns: 40 },
    );
  });

  it('never stored an invalid row along the way', async () => {
    expect(await invalidRows(t.db)).toEqual([]);
  });
});

describe(`the other admin inputs under arbitrary input on ${testDatabase}`, () => {
  let pending: number[];
  let disposableJobs: string[];
  beforeAll(async () => {
    pending = [];
    for (let i = 0; i < 8; i += 1)
      pending.push(await insertSubmission(t.db, { status: 'pending_review' }));
    const created = await createJobs(
      t.app,
      Array.from({ length: 8 }, (_, i) => ({ title: `Disposable ${i}`, active: i % 2 === 0 })),
    );
    disposableJobs = Object.values(created);
  });

  // (Sign-out is fuzzed in fuzz-public.test.ts: here it would end the session the rest uses.)
  it('the review actions, republish and delete with any JSON body', async () => {
    const actions = [
      ['POST', '/api/admin/submissions/:id/approve'],
      ['POST', '/api/admin/submissions/:id/payment-link'],
      ['POST', '/api/admin/submissions/:id/revoke-payment-links'],
      ['POST', '/api/admin/submissions/:id/mark-paid'],
      ['POST', '/api/admin/jobs/:job/republish'],
      ['DELETE', '/api/admin/jobs/:job'],
      ['DELETE', '/api/admin/promo-codes/:promo'],
    ] as const;
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...actions),
        fc.constantFrom(...pending),
        fc.constantFrom(...disposableJobs),
        fc.option(fuzzValue, { freq: 3 }),
        async ([method, url], id, job, payload) => {
          await expectHandled({
            method,
            url: url
              .replace(':id', String(id))
              .replace(':job', job)
              .replace(':promo', String(promoId)),
            ...(payload === null ? {} : { payload: JSON.stringify(payload) ?? 'null' }),
            headers: { 'content-type': 'application/json' },
          });
        },
      ),
      { numRuns: RUNS },
    );
    expect(await invalidRows(t.db)).toEqual([]);
  });

  it('every admin body route with any bytes under any content type', async () => {
    const routes = [
      ['POST', '/api/admin/jobs'],
      ['PUT', `/api/admin/jobs/:job`],
      ['POST', '/api/admin/jobs/:job/extend'],
      ['PUT', '/api/admin/submissions/:id/amount'],
      ['POST', '/api/admin/submissions/:id/reject'],
      ['POST', '/api/admin/promo-codes'],
      ['PUT', '/api/admin/promo-codes/:promo'],
    ] as const;
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...routes),
        fuzzBody,
        fuzzContentType,
        async ([method, url], payload, type) => {
          await expectHandled({
            method,
            url: url
              .replace(':id', String(submissionIds[0]))
              .replace(':job', jobId)
              .replace(':promo', String(promoId)),
            headers: { 'content-type': type },
            payload,
          });
        },
      ),
      { numRuns: RUNS * 2 },
    );
    expect(await invalidRows(t.db)).toEqual([]);
  });

  it('a mutation with any CSRF header and Origin: refused or done, never a 5xx', async () => {
    const header = fc.option(
      fc.oneof(
        fuzzText.map((s) => s.replace(/[^\x20-\x7e]/g, '')),
        fc.constantFrom('fetch', 'Fetch', 'XMLHttpRequest', 'http://localhost:3000', 'null'),
      ),
    );
    await fc.assert(
      fc.asyncProperty(header, header, async (csrf, origin) => {
        const res = await expectHandled({
          method: 'POST',
          url: `/api/admin/jobs/${jobId}/extend`,
          payload: {},
          headers: {
            'x-requested-with': csrf ?? '',
            ...(origin === null ? {} : { origin }),
          },
        });
        if (csrf !== 'fetch') expect(res.statusCode).toBe(403);
      }),
      { numRuns: RUNS },
    );
  });
});

// Last in the file: wrong codes and passwords fill the sign-in throttle of this admin (429s are
// an answer too), which the other inputs above must not meet.
describe(`the two-factor sign-in inputs under arbitrary input on ${testDatabase}`, () => {
  it('every two-factor route, and the code step of sign-in, with any JSON body', async () => {
    const routes = [
      ['GET', '/api/admin/two-factor'],
      ['POST', '/api/admin/two-factor/setup'],
      ['POST', '/api/admin/two-factor/enable'],
      ['POST', '/api/admin/two-factor/disable'],
      ['POST', '/api/admin/two-factor/recovery-codes'],
      ['POST', '/api/admin/login/code'],
    ] as const;
    const codeLike = fc.oneof(
      fuzzText,
      fc.stringMatching(/^\d{6}$/),
      fc.stringMatching(/^[A-Z0-9]{4}(-[A-Z0-9]{4}){3}$/),
    );
    const body = fc.oneof(
      fuzzValue,
      fc.record({ code: codeLike }),
      fc.record({ password: fuzzText }),
      fc.record({ code: codeLike, password: fuzzText }),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...routes),
        fc.option(body, { freq: 4 }),
        async ([method, url], payload) => {
          await expectHandled({
            method,
            url,
            ...(method === 'GET' || payload === null
              ? {}
              : { payload: JSON.stringify(payload) ?? 'null' }),
            headers: { 'content-type': 'application/json' },
          });
        },
      ),
      { numRuns: RUNS },
    );
    expect(await invalidRows(t.db)).toEqual([]);
  });
});
