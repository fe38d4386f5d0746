import { API_KEY_MESSAGES, submittedWithKey } from '@jobboard/contract/admin';
import { ENDPOINTS } from '@jobboard/contract/endpoints';
import { SUBMISSION_CASES, VALID_SUBMISSION } from '@jobboard/contract/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn } from '../support/admin';
import { createJobs } from '../support/jobs';
import { startFakeStripe, type FakeStripe } from '../support/fake-stripe';
import { documentCheck, type DocumentCheck } from '../support/openapi-check';
import { count, pay, startCheckout, stripeEnv, tokenOf } from '../support/payments';
import { buildTestApp, testDatabase, type TestApp } from '../support/test-app';

/**
 * The integrator's flow (issue 46, "Done when"): an applicant-tracking system holding an API key
 * posts a listing built from the OpenAPI document the board serves; it waits in the admin's
 * review queue named by its key, is approved, paid through the pay link like any listing, and is
 * live. A revoked key is refused with 401, a read-only one with 403, and the submission's checks
 * are the form's, word for word.
 */

let stripe: FakeStripe;
let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
let check: DocumentCheck;
let ats: { key: string; apiKey: { id: string; name: string; start: string } };

const LISTINGS = ENDPOINTS.integratorSubmitListing.path;

const submitWith = (key: string, payload: object) =>
  t.app.inject({
    method: 'POST',
    url: LISTINGS,
    headers: { authorization: `Bearer ${key}` },
    payload,
  });

beforeAll(async () => {
  stripe = await startFakeStripe({ webhookSecret: 'whsec_test_secret' });
  // The table's cases are many more calls than an hour's limit per key (rate-limits.test.ts has its own).
  t = await buildTestApp({
    env: { ...stripeEnv(stripe), API_KEY_SUBMISSION_RATE_LIMIT_MAX: '1000' },
  });
  admin = await signedIn(t);
  const made = await admin({
    method: 'POST',
    url: '/api/admin/api-keys',
    payload: { name: 'Acme ATS', scopes: ['listings:read', 'listings:submit'] },
  });
  ats = made.json();
  // The integrator reads the document, as a client generator or a developer would.
  check = documentCheck((await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json());
});
afterAll(async () => {
  await t.close();
  await stripe.close();
});

describe(`an integrator's listing, from its API key to live, on ${testDatabase}`, () => {
  let submissionId: string;
  let jobId: string;

  it('is posted with the key, as the OpenAPI document says, with no spam check', async () => {
    const listing = { ...VALID_SUBMISSION, title: 'Grants Manager (ATS)' };
    expect(check.request('POST', LISTINGS, listing)).toEqual([]);
    const res = await submitWith(ats.key, listing);
    expect(res.statusCode, res.body).toBe(201);
    expect(check.answer('POST', LISTINGS, 201, res.json())).toEqual([]);
    expect(res.json()).toMatchObject({ status: 'pending_review' });
    submissionId = res.json().id;
    // The public form's endpoint still asks for the spam check's proof.
    const form = await t.app.inject({
      method: 'POST',
      url: ENDPOINTS.submitJob.path,
      payload: listing,
    });
    expect(form.statusCode).toBe(400);
  });

  it("waits in the admin's review queue, named by its key", async () => {
    const card = await admin({ method: 'GET', url: `/api/admin/submissions/${submissionId}` });
    expect(card.json().apiKey).toEqual({ name: 'Acme ATS', start: ats.apiKey.start });
    expect(submittedWithKey(card.json().apiKey)).toBe(
      `Submitted through the API with the key “Acme ATS” (${ats.apiKey.start}…).`,
    );
    const page = (await admin({ method: 'GET', url: '/api/admin/lists/submissions' })).json();
    const listed = page.submissions.find((s: { id: string }) => s.id === submissionId);
    expect(listed.apiKey).toEqual({ name: 'Acme ATS', start: ats.apiKey.start });
  });

  it('is approved, paid through its pay link, and live', async () => {
    const approved = await admin({
      method: 'POST',
      url: `/api/admin/submissions/${submissionId}/approve`,
    });
    expect(approved.statusCode, approved.body).toBe(200);
    const session = await startCheckout(t, stripe, tokenOf(approved.json().paymentUrl));
    await pay(t, stripe, session);
    const paid = await admin({ method: 'GET', url: `/api/admin/submissions/${submissionId}` });
    expect(paid.json()).toMatchObject({ submissionStatus: 'paid', apiKey: { name: 'Acme ATS' } });
    jobId = paid.json().jobId;
    const job = await t.app.inject({ method: 'GET', url: `/api/jobs/${jobId}` });
    expect(job.statusCode).toBe(200);
    expect(job.json()).toMatchObject({ title: 'Grants Manager (ATS)', expired: false });
    // And the key reads it among the live listings.
    const listings = await t.app.inject({
      method: 'GET',
      url: '/api/v1/listings',
      headers: { authorization: `Bearer ${ats.key}` },
    });
    expect(listings.statusCode).toBe(200);
    expect(check.answer('GET', ENDPOINTS.integratorListings.path, 200, listings.json())).toEqual(
      [],
    );
    expect(listings.json().map((each: { id: string }) => each.id)).toContain(jobId);
  });

  it('says where the next page of its listings is, at its own address', async () => {
    await createJobs(t.app, [{ title: 'Field Organizer' }, { title: 'Policy Analyst' }]);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/listings?pageSize=1',
      headers: { authorization: `Bearer ${ats.key}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toHaveLength(1);
    expect(res.headers['x-total-count']).toBe('3');
    expect(res.headers.link).toBe('</api/v1/listings?page=2&pageSize=1>; rel="next"');
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it.each(SUBMISSION_CASES)(
    "refuses $name in the form's words",
    async ({ change, field, message }) => {
      const before = await count(t, 'submissions');
      const res = await submitWith(ats.key, { ...VALID_SUBMISSION, ...change });
      expect(res.statusCode).toBe(400);
      expect(res.json().fields[field]).toBe(message);
      expect(await count(t, 'submissions')).toBe(before);
    },
  );

  it('refuses a read-only key (403) and, once revoked, the key itself (401)', async () => {
    const readOnly = (
      await admin({
        method: 'POST',
        url: '/api/admin/api-keys',
        payload: { name: 'Partner site', scopes: ['listings:read'] },
      })
    ).json();
    const before = await count(t, 'submissions');
    const forbidden = await submitWith(readOnly.key, VALID_SUBMISSION);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().message).toBe(API_KEY_MESSAGES.scope('listings:submit'));
    const revoked = await admin({
      method: 'POST',
      url: `/api/admin/api-keys/${ats.apiKey.id}/revoke`,
    });
    expect(revoked.statusCode).toBe(200);
    const refused = await submitWith(ats.key, VALID_SUBMISSION);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().message).toMatch(/^This API key was revoked on /);
    expect(await count(t, 'submissions')).toBe(before);
  });
});
