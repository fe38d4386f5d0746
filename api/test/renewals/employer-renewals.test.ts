import { EMPLOYER_MESSAGES, type EmployerListing } from '@jobboard/contract/employer';
import { RENEWAL_MESSAGES } from '@jobboard/contract/payments';
import { VALID_SUBMISSION } from '@jobboard/contract/testing';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { signedIn } from '../support/admin';
import { signedInEmployer } from '../support/employers';
import { startFakeStripe, type FakeStripe } from '../support/fake-stripe';
import { pay, startCheckout, stripeEnv, tokenOf } from '../support/payments';
import { buildTestApp, testDatabase, type TestApp } from '../support/test-app';
import { injectWithProof } from '../support/human-proof';

/**
 * The employer's page and the other parts of issue 30 together: a listing that may be renewed
 * offers 'Renew' (a renewal link, then Stripe Checkout through the same webhook), its paid
 * renewals show in its timeline with their own receipt, and its views and apply clicks of the
 * last 30 days come with it. Another address's job or renewal receipt answers 404.
 */

const EMPLOYER = 'hiring@coastaljusticefund.org';
const OTHER = 'jobs@elsewhere.example';
const DAY_MS = 24 * 60 * 60 * 1000;
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';

let stripe: FakeStripe;
let t: TestApp;

beforeAll(async () => {
  stripe = await startFakeStripe({ webhookSecret: 'whsec_test_secret' });
});
afterAll(() => stripe.close());
beforeEach(async () => {
  t = await buildTestApp({ env: stripeEnv(stripe) });
  stripe.clock = t.clock;
  stripe.reset();
});
afterEach(() => t.close());

/** Submitted by `email`, approved and paid through Stripe: the job's id. */
async function liveJob(email = EMPLOYER): Promise<number> {
  const admin = await signedIn(t);
  const submitted = await injectWithProof(t.app, {
    method: 'POST',
    url: '/api/submit-job-for-review',
    payload: { ...VALID_SUBMISSION, contactEmail: email },
  });
  expect(submitted.statusCode, submitted.body).toBe(201);
  const id = Number(submitted.json().id);
  const approved = await admin({ method: 'POST', url: `/api/admin/submissions/${id}/approve` });
  expect(approved.statusCode, approved.body).toBe(200);
  await pay(t, stripe, await startCheckout(t, stripe, tokenOf(approved.json().paymentUrl)));
  return Number((await t.db('submissions').where({ id }).first()).job_id);
}

async function listingOf(as: Awaited<ReturnType<typeof signedInEmployer>>, jobId: number) {
  const res = await as({ method: 'GET', url: '/api/employer/listings' });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().listings as EmployerListing[]).find((l) => l.jobId === String(jobId))!;
}

const endOf = async (jobId: number) =>
  Number((await t.db('jobs').where({ id: jobId }).first()).expires_at);

describe(`renewing from the employer's page, on ${testDatabase}`, () => {
  it('offers Renew only in the window, and answers its reason outside it', async () => {
    const jobId = await liveJob();
    const employer = await signedInEmployer(t, EMPLOYER);
    expect(await listingOf(employer, jobId)).toMatchObject({ canRenew: false, renewals: [] });
    const early = await employer({ method: 'POST', url: `/api/employer/jobs/${jobId}/renewal` });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toMatch(/can be renewed from/);
    // Five days before the end: the window (7 days) is open (signed in again: weeks went by).
    t.clock.now = new Date((await endOf(jobId)) - 5 * DAY_MS);
    const later = await signedInEmployer(t, EMPLOYER);
    expect((await listingOf(later, jobId)).canRenew).toBe(true);
    const res = await later({ method: 'POST', url: `/api/employer/jobs/${jobId}/renewal` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().url).toMatch(/\/renew\/[A-Za-z0-9_-]{43}$/);
  });

  it("renews through Checkout: a timeline line, the new end and the renewal's own receipt", async () => {
    const jobId = await liveJob();
    const end = await endOf(jobId);
    t.clock.now = new Date(end - 3 * DAY_MS);
    const employer = await signedInEmployer(t, EMPLOYER);
    const link = await employer({ method: 'POST', url: `/api/employer/jobs/${jobId}/renewal` });
    const token = tokenOf(link.json().url);
    const started = await t.app.inject({ method: 'POST', url: `/api/renewals/${token}/checkout` });
    expect(started.statusCode, started.body).toBe(200);
    const session = stripe.sessions.get(started.json().url.split('/').pop())!;
    await pay(t, stripe, session);

    const newEnd = end + 30 * DAY_MS;
    expect(await endOf(jobId)).toBe(newEnd);
    const listing = await listingOf(employer, jobId);
    expect(listing.endsAt).toBe(new Date(newEnd).toISOString());
    expect(listing.renewals).toHaveLength(1);
    expect(listing.timeline.map((entry) => entry.kind)).toContain('renewed');
    expect(listing.timeline.find((e) => e.kind === 'renewed')!.detail).toBe(
      new Date(newEnd).toISOString().slice(0, 10),
    );
    const receipt = await employer({
      method: 'GET',
      url: `/api/employer/renewal-receipts/${listing.renewals![0]!.id}`,
    });
    expect(receipt.statusCode, receipt.body).toBe(200);
    expect(receipt.json()).toMatchObject({
      amountCents: 9_900,
      currency: 'usd',
      reference: session.id,
      id: expect.stringMatching(/^R\d+$/),
      tierName: 'Featured Listing (renewal)',
    });
  });

  it("answers 404 for another address's job and renewal receipt", async () => {
    const jobId = await liveJob();
    t.clock.now = new Date((await endOf(jobId)) - 3 * DAY_MS);
    const owner = await signedInEmployer(t, EMPLOYER);
    const link = await owner({ method: 'POST', url: `/api/employer/jobs/${jobId}/renewal` });
    const token = tokenOf(link.json().url);
    const started = await t.app.inject({ method: 'POST', url: `/api/renewals/${token}/checkout` });
    await pay(t, stripe, stripe.sessions.get(started.json().url.split('/').pop())!);
    const renewalId = (await listingOf(owner, jobId)).renewals![0]!.id;

    await liveJob(OTHER);
    const other = await signedInEmployer(t, OTHER);
    const renew = await other({ method: 'POST', url: `/api/employer/jobs/${jobId}/renewal` });
    expect(renew.statusCode).toBe(404);
    expect(renew.json().message).toBe(EMPLOYER_MESSAGES.listingNotFound);
    const receipt = await other({
      method: 'GET',
      url: `/api/employer/renewal-receipts/${renewalId}`,
    });
    expect(receipt.statusCode).toBe(404);
    expect(receipt.json().message).toBe(EMPLOYER_MESSAGES.receiptNotFound);
  });

  it('refuses a closed listing with the renewal rules’ own words', async () => {
    const jobId = await liveJob();
    const employer = await signedInEmployer(t, EMPLOYER);
    const closed = await employer({
      method: 'POST',
      url: `/api/employer/jobs/${jobId}/close`,
      payload: { reason: 'filled' },
    });
    expect(closed.statusCode, closed.body).toBe(200);
    t.clock.now = new Date((await endOf(jobId)) - 3 * DAY_MS);
    const later = await signedInEmployer(t, EMPLOYER);
    expect((await listingOf(later, jobId)).canRenew).toBe(false);
    const res = await later({ method: 'POST', url: `/api/employer/jobs/${jobId}/renewal` });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(RENEWAL_MESSAGES.closed);
  });
});

describe(`the listing's numbers on the employer's page, on ${testDatabase}`, () => {
  it('shows the views and apply clicks of the last 30 days, zeros filled', async () => {
    const jobId = await liveJob();
    const employer = await signedInEmployer(t, EMPLOYER);
    const before = (await listingOf(employer, jobId)).stats!;
    expect(before.days).toHaveLength(30);
    expect(before).toMatchObject({ totalViews: 0, totalApplyClicks: 0 });

    for (const address of ['203.0.113.7', '203.0.113.8']) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/jobs/${jobId}/view`,
        remoteAddress: address,
        headers: { 'user-agent': FIREFOX },
      });
      expect(res.statusCode).toBe(204);
    }
    const apply = await t.app.inject({
      method: 'GET',
      url: `/jobs/${jobId}/apply`,
      remoteAddress: '203.0.113.7',
      headers: { 'user-agent': FIREFOX },
    });
    expect(apply.statusCode).toBe(303);
    await t.app.jobStats.flush();

    const after = (await listingOf(employer, jobId)).stats!;
    expect(after).toMatchObject({ totalViews: 2, totalApplyClicks: 1 });
    expect(after.days.at(-1)).toMatchObject({ views: 2, applyClicks: 1 });
  });
});
