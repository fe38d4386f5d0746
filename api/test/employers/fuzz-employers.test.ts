import { VALID_SUBMISSION } from '@jobboard/contract/testing';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSRF } from '../support/admin';
import { signedInEmployer } from '../support/employers';
import {
  fuzzBody,
  fuzzContentType,
  fuzzQuery,
  fuzzSegment,
  fuzzText,
  fuzzValue,
  nearly,
  nextAddress,
  wellFormed,
  fuzzRuns,
} from '../support/fuzz';
import { invalidRows } from '../support/rows';
import { buildTestApp, testDatabase, type TestApp } from '../support/test-app';
import { injectWithProof, solvedProof } from '../support/human-proof';

/**
 * The employer routes (issue 30) under arbitrary input, on both databases, as the other fuzz
 * suites: any bytes to the sign-in link and the session, any token, any id in the path, any edit
 * body, any cookie. The API never answers with a 5xx, every error is JSON with a message, and no
 * invalid row is ever stored.
 */

const EMPLOYER = VALID_SUBMISSION.contactEmail;
let t: TestApp;
let submissionId: number;
let asEmployer: Awaited<ReturnType<typeof signedInEmployer>>;
beforeAll(async () => {
  t = await buildTestApp();
  const res = await injectWithProof(t.app, {
    method: 'POST',
    url: '/api/submit-job-for-review',
    payload: VALID_SUBMISSION,
  });
  submissionId = Number(res.json().id);
  asEmployer = await signedInEmployer(t, EMPLOYER);
});
afterAll(() => t.close());

const RUNS = fuzzRuns(100);

/** A valid proposal of changes (job 1 is not live here: the body is checked, then 404 or 409). */
const PROPOSAL = {
  title: VALID_SUBMISSION.title,
  organization: VALID_SUBMISSION.organization,
  location: VALID_SUBMISSION.location,
  category: [...VALID_SUBMISSION.category],
  jobType: VALID_SUBMISSION.jobType,
  experienceLevel: 'Not specified',
  salaryMin: VALID_SUBMISSION.salaryMin,
  salaryMax: VALID_SUBMISSION.salaryMax,
  description: VALID_SUBMISSION.description,
  responsibilities: ['Lead the team'],
  requirements: [],
  benefits: ['Health insurance'],
  applicationUrl: VALID_SUBMISSION.applicationUrl,
  deadline: VALID_SUBMISSION.deadline,
};

async function expectHandled(res: Awaited<ReturnType<TestApp['app']['inject']>>) {
  expect(res.statusCode, res.body.slice(0, 300)).toBeLessThan(500);
  if (res.statusCode >= 400) expect(typeof res.json().message).toBe('string');
}

const post = (url: string, payload: string | Buffer, type = 'application/json') =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': type, ...CSRF },
    payload,
    // Past the per-client limit, to the route itself.
    remoteAddress: nextAddress(),
  });

describe(`employer routes under arbitrary input on ${testDatabase}`, () => {
  it('POST /api/employer/sign-in-link and /api/employer/session with any bytes', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('/api/employer/sign-in-link', '/api/employer/session'),
        fuzzBody,
        fuzzContentType,
        async (url, body, type) => {
          await expectHandled(await post(url, body, type));
        },
      ),
      { numRuns: RUNS },
    );
  });

  it('POST /api/employer/sign-in-link with any address, and the session with any token', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(fuzzText, fuzzValue), async (value) => {
        // Past the spam check (issue 45), to the address's own checks.
        const body = { email: value, humanProof: await solvedProof(t.app) };
        await expectHandled(await post('/api/employer/sign-in-link', JSON.stringify(body)));
        await expectHandled(await post('/api/employer/session', JSON.stringify({ token: value })));
      }),
      { numRuns: RUNS },
    );
    expect(await invalidRows(t.db)).toEqual([]);
  });

  it('every route with an id with any id, and the listings with any query', async () => {
    await fc.assert(
      fc.asyncProperty(fuzzSegment, fuzzQuery, async (id, query) => {
        for (const [method, url, payload] of [
          ['GET', `/api/employer/submissions/${id}`, undefined],
          ['PUT', `/api/employer/submissions/${id}`, VALID_SUBMISSION],
          ['POST', `/api/employer/submissions/${id}/pay-link`, undefined],
          ['POST', `/api/employer/jobs/${id}/close`, { reason: 'filled' }],
          ['GET', `/api/employer/jobs/${id}/proposal`, undefined],
          ['POST', `/api/employer/jobs/${id}/proposal`, PROPOSAL],
          ['DELETE', `/api/employer/jobs/${id}/proposal`, undefined],
          ['GET', `/api/employer/receipts/${id}`, undefined],
          ['POST', `/api/employer/jobs/${id}/renewal`, undefined],
          ['GET', `/api/employer/renewal-receipts/${id}`, undefined],
          ['GET', `/api/employer/listings?${query}`, undefined],
          // The applicant inbox (issue 42).
          ['GET', `/api/employer/jobs/${id}/applications?${query}`, undefined],
          ['GET', `/api/employer/jobs/${id}/applications.csv`, undefined],
          ['PUT', `/api/employer/applications/${id}`, { status: 'hired' }],
          ['POST', `/api/employer/applications/${id}/decline`, undefined],
          ['GET', `/api/employer/applications/${id}/resume`, undefined],
        ] as const) {
          await expectHandled(await asEmployer({ method, url, ...(payload ? { payload } : {}) }));
        }
      }),
      { numRuns: RUNS },
    );
    expect(await invalidRows(t.db)).toEqual([]);
    // Hundreds of requests per run: slow on a loaded machine, not wrong.
  }, 240_000);

  it('PUT /api/employer/submissions/:id with nearly valid bodies, and close with any reason', async () => {
    await fc.assert(
      fc.asyncProperty(nearly(VALID_SUBMISSION), fuzzValue, async (body, reason) => {
        await expectHandled(
          await asEmployer({
            method: 'PUT',
            url: `/api/employer/submissions/${submissionId}`,
            payload: body,
          }),
        );
        await expectHandled(
          await asEmployer({
            method: 'POST',
            url: '/api/employer/jobs/1/close',
            payload: { reason },
          }),
        );
      }),
      { numRuns: RUNS },
    );
    expect(await invalidRows(t.db)).toEqual([]);
  });

  it('POST /api/employer/jobs/:id/proposal with nearly valid bodies', async () => {
    await fc.assert(
      fc.asyncProperty(nearly(PROPOSAL), async (body) => {
        await expectHandled(
          await asEmployer({ method: 'POST', url: '/api/employer/jobs/1/proposal', payload: body }),
        );
      }),
      { numRuns: RUNS },
    );
    expect(await invalidRows(t.db)).toEqual([]);
  });

  it("the applicant inbox's changes and settings with nearly valid bodies", async () => {
    const change = { status: 'reviewing', starred: true, note: 'Call back' };
    const bulk = { ids: ['1', '2'], status: 'hired' };
    const settings = {
      notify: 'digest',
      declineSubject: 'About {title}',
      declineBody: 'Hi {name}',
    };
    await fc.assert(
      fc.asyncProperty(nearly(change), nearly(bulk), nearly(settings), async (a, b, c) => {
        for (const [method, url, payload] of [
          ['PUT', '/api/employer/applications/1', a],
          ['POST', '/api/employer/applications/status', b],
          ['PUT', '/api/employer/application-settings', c],
        ] as const) {
          await expectHandled(await asEmployer({ method, url, payload }));
        }
      }),
      { numRuns: RUNS },
    );
    expect(await invalidRows(t.db)).toEqual([]);
  });

  it('every signed-in route with any employer cookie: 401', async () => {
    await fc.assert(
      fc.asyncProperty(fuzzText, async (value) => {
        const cookie = `board.employer.sid=${encodeURIComponent(wellFormed(value))}`;
        for (const [method, url] of [
          ['GET', '/api/employer/session'],
          ['GET', '/api/employer/listings'],
          ['GET', `/api/employer/submissions/${submissionId}`],
          ['GET', '/api/employer/receipts/1'],
          ['POST', '/api/employer/jobs/1/close'],
          ['POST', '/api/employer/jobs/1/renewal'],
          ['GET', '/api/employer/renewal-receipts/1'],
          ['POST', '/api/employer/jobs/1/proposal'],
          ['GET', '/api/employer/jobs/1/applications'],
          ['PUT', '/api/employer/applications/1'],
          ['GET', '/api/employer/applications/1/resume'],
          ['GET', '/api/employer/application-settings'],
        ] as const) {
          const res = await t.app.inject({ method, url, headers: { ...CSRF, cookie } });
          await expectHandled(res);
          expect(res.statusCode, `${method} ${url}`).toBe(401);
        }
      }),
      { numRuns: RUNS },
    );
  });
});
