import type { AdminSubmission } from '@jobboard/contract/admin';
import { type Job } from '@jobboard/contract/jobs';
import {
  RENEWAL_LINK_TTL_DAYS,
  RENEWAL_MESSAGES,
  type RenewalPageView,
  type RenewalStatus,
} from '@jobboard/contract/payments';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeStripe, type FakeSession, type FakeStripe } from '../support/fake-stripe';
import { signedIn } from '../support/admin';
import { paidListing } from '../support/payments';
import { insertSubmission } from '../support/submissions';
import { buildTestApp, testDatabase, type TestApp } from '../support/test-app';

const WEBHOOK_SECRET = 'whsec_test_secret';
const DAY_MS = 24 * 60 * 60 * 1000;
/** Payment, and so publication, at the test app's start: a Featured Listing ends 30 days later. */
const PAID_AT = new Date('2026-11-22T12:00:00Z');
const END = new Date('2026-12-22T12:00:00Z');
const JOBS_EMAIL = 'jobs@jobboard.local';

let stripe: FakeStripe;
let t: TestApp;

beforeAll(async () => {
  stripe = await startFakeStripe({ webhookSecret: WEBHOOK_SECRET });
});
afterAll(() => stripe.close());

const env = {
  STRIPE_SECRET_KEY: 'sk_test_board',
  STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
  STRIPE_API_URL: '',
  PUBLIC_URL: 'https://jobs.example.org',
  TRUST_PROXY: 'loopback',
  JOBS_EMAIL,
};

beforeEach(async () => {
  stripe.reset();
  t = await buildTestApp({ env: { ...env, STRIPE_API_URL: stripe.url }, now: PAID_AT });
  stripe.clock = t.clock;
});
afterEach(() => t.close());

/** A listing paid for through the board (by hand: the webhook's first payment has its own tests). */
const paidJob = (overrides: Record<string, unknown> = {}) => paidListing(t, overrides);

const at = (instant: Date | number) => {
  t.clock.now = new Date(instant);
};

async function renewalToken(jobId: number): Promise<string> {
  const link = await t.app.renewals.linkFor(jobId);
  if (!('url' in link)) throw new Error(`refused: ${link.refusal}`);
  expect(link.url).toMatch(/^https:\/\/jobs\.example\.org\/renew\/[A-Za-z0-9_-]{43}$/);
  return link.url.split('/').pop()!;
}

async function startCheckout(token: string): Promise<FakeSession> {
  const res = await t.app.inject({ method: 'POST', url: `/api/renewals/${token}/checkout` });
  expect(res.statusCode, res.body).toBe(200);
  return stripe.sessions.get(res.json<{ url: string }>().url.split('/').pop()!)!;
}

function deliver(event: { payload: string; signature: string }) {
  return t.app.inject({
    method: 'POST',
    url: '/api/stripe/webhook',
    headers: { 'content-type': 'application/json', 'stripe-signature': event.signature },
    payload: event.payload,
  });
}

const paid = (session: FakeSession): FakeSession => ({
  ...session,
  payment_status: 'paid',
  status: 'complete',
});
const count = async (table: string, where: Record<string, unknown> = {}) =>
  Number((await t.db(table).where(where).count({ n: '*' }))[0]!.n);
const publicJob = async (id: number) => (await t.app.inject(`/api/jobs/${id}`)).json<Job>();

describe(`renewals on ${testDatabase}`, () => {
  describe('who may renew', () => {
    it('from 7 days before the end (not 8) until 30 days after it (not 31)', async () => {
      const jobId = await paidJob();
      at(END.getTime() - 8 * DAY_MS);
      expect(await t.app.renewals.linkFor(jobId)).toEqual({
        refusal: RENEWAL_MESSAGES.tooEarly('2026-12-15'),
      });
      at(END.getTime() - 7 * DAY_MS);
      expect(await t.app.renewals.linkFor(jobId)).toHaveProperty('url');
      at(END.getTime() + 30 * DAY_MS);
      expect(await t.app.renewals.linkFor(jobId)).toHaveProperty('url');
      at(END.getTime() + 31 * DAY_MS);
      expect(await t.app.renewals.linkFor(jobId)).toEqual({
        refusal: RENEWAL_MESSAGES.tooLate(JOBS_EMAIL),
      });
    });

    it('never a tier that never ends, a closed listing, one not paid through the board or gone', async () => {
      const multiples = await paidJob({ listing_type: 'featured', amount_cents: 19_900 });
      expect(await t.app.renewals.linkFor(multiples)).toEqual({
        refusal: RENEWAL_MESSAGES.neverEnds,
      });
      at(END.getTime() - DAY_MS);
      const closed = await paidJob({ title: 'Closed role' });
      await t.db('jobs').where({ id: closed }).update({ active: false });
      expect(await t.app.renewals.linkFor(closed)).toEqual({ refusal: RENEWAL_MESSAGES.closed });
      const synced = await paidJob({ title: 'Synced role' });
      await t.db('jobs').where({ id: synced }).update({ source: 'airtable', external_id: 'rec1' });
      expect(await t.app.renewals.linkFor(synced)).toEqual({ refusal: RENEWAL_MESSAGES.notPaid });
      expect(await t.app.renewals.linkFor(999_999)).toEqual({
        refusal: RENEWAL_MESSAGES.notFound,
      });
    });

    it('a link whose listing cannot be renewed shows why, and its checkout refuses with it', async () => {
      const jobId = await paidJob();
      at(END.getTime() - DAY_MS);
      const token = await renewalToken(jobId);
      at(END.getTime() + 31 * DAY_MS);
      const page = await t.app.inject(`/api/renewals/${token}`);
      expect(page.statusCode).toBe(200);
      expect(page.json<RenewalPageView>().refusal).toBe(RENEWAL_MESSAGES.tooLate(JOBS_EMAIL));
      const res = await t.app.inject({ method: 'POST', url: `/api/renewals/${token}/checkout` });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ message: RENEWAL_MESSAGES.tooLate(JOBS_EMAIL) });
      expect(stripe.requests).toHaveLength(0);
    });

    it('an unknown or malformed link is 404 with its message', async () => {
      for (const token of ['x'.repeat(43), 'short']) {
        const res = await t.app.inject(`/api/renewals/${token}`);
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ message: RENEWAL_MESSAGES.invalidLink });
      }
    });
    it(`a link stops working ${RENEWAL_LINK_TTL_DAYS} days after it was made (410), and retention then deletes it`, async () => {
      const jobId = await paidJob();
      at(END.getTime() - 7 * DAY_MS);
      const made = t.clock.now.getTime();
      const token = await renewalToken(jobId);
      at(made + RENEWAL_LINK_TTL_DAYS * DAY_MS - 1);
      expect((await t.app.inject(`/api/renewals/${token}`)).statusCode).toBe(200);
      expect((await t.app.retention.run()).expiredRenewalLinks).toBe(0);

      at(made + RENEWAL_LINK_TTL_DAYS * DAY_MS);
      const page = await t.app.inject(`/api/renewals/${token}`);
      expect(page.statusCode).toBe(410);
      expect(page.json()).toEqual({ message: RENEWAL_MESSAGES.expiredLink });
      const res = await t.app.inject({ method: 'POST', url: `/api/renewals/${token}/checkout` });
      expect(res.statusCode).toBe(410);
      expect(stripe.requests).toHaveLength(0);

      expect((await t.app.retention.run()).expiredRenewalLinks).toBe(1);
      expect(await count('renewal_links')).toBe(0);
      expect((await t.app.inject(`/api/renewals/${token}`)).statusCode).toBe(404);
    });
  });

  describe('checkout and the webhook', () => {
    it("shows the listing's ends and price, and starts a Checkout Session for the tier's price", async () => {
      const jobId = await paidJob();
      at(END.getTime() - 3 * DAY_MS);
      const token = await renewalToken(jobId);
      expect((await t.app.inject(`/api/renewals/${token}`)).json<RenewalPageView>()).toEqual({
        jobId: String(jobId),
        title: 'Digital Organizer',
        organization: 'Open Ballot Project',
        tierId: 'basic',
        tierName: 'Featured Listing',
        durationDays: 30,
        priceCents: 9_900,
        currentEnd: END.toISOString(),
        ended: false,
        newEnd: '2027-01-21T12:00:00.000Z',
        refusal: null,
        paymentsConfigured: true,
      });
      const session = await startCheckout(token);
      const request = stripe.requests.find((r) => r.path === '/v1/checkout/sessions')!;
      expect(request.form).toMatchObject({
        mode: 'payment',
        'line_items[0][price_data][currency]': 'usd',
        'line_items[0][price_data][unit_amount]': '9900',
        'metadata[kind]': 'renewal',
        'metadata[jobId]': String(jobId),
        customer_email: 'sam@openballot.example',
        success_url: `https://jobs.example.org/renew/${token}/done?session_id={CHECKOUT_SESSION_ID}`,
      });
      expect(request.form).not.toHaveProperty('metadata[submissionId]');
      expect(
        await t.db('job_renewals').where({ checkout_session_id: session.id }).first(),
      ).toMatchObject({
        job_id: jobId,
        status: 'open',
        amount_cents: 9_900,
        tier: 'basic',
      });
      // A second click gets the same session.
      expect((await startCheckout(token)).id).toBe(session.id);
      expect(await count('job_renewals')).toBe(1);
    });

    it('renews from the current end: history, receipt row, e-mail, and the public end at once', async () => {
      const jobId = await paidJob();
      at(END.getTime() - 3 * DAY_MS);
      expect((await publicJob(jobId)).expiresAt).toBe(END.toISOString()); // cached now
      const token = await renewalToken(jobId);
      const session = await startCheckout(token);
      const pending = await t.app.inject(`/api/renewals/${token}/sessions/${session.id}`);
      expect(pending.json<RenewalStatus>()).toEqual({
        jobId: String(jobId),
        status: 'pending',
        currentEnd: END.toISOString(),
      });

      const res = await deliver(stripe.signedEvent('checkout.session.completed', paid(session)));
      expect(res.statusCode).toBe(200);
      const newEnd = '2027-01-21T12:00:00.000Z';
      expect((await publicJob(jobId)).expiresAt).toBe(newEnd);
      expect(
        (await t.app.inject(`/api/renewals/${token}/sessions/${session.id}`)).json<RenewalStatus>(),
      ).toEqual({ jobId: String(jobId), status: 'paid', currentEnd: newEnd });
      const audit = await t.db('job_audit').where({ job_id: jobId, action: 'renewed' });
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({ actor: 'stripe', detail: 'Renewed until 2027-01-21' });
      expect(await t.app.renewals.paidOfJobs([jobId])).toEqual([
        {
          id: expect.any(Number),
          jobId,
          submissionId: expect.any(Number),
          tier: 'basic',
          amountCents: 9_900,
          currency: 'usd',
          paidAt: t.clock.now,
          checkoutSessionId: session.id,
          newExpiresAt: new Date(newEnd),
        },
      ]);
      const mail = await t.db('outbox').where({ template: 'job-renewed' }).first();
      expect(mail).toMatchObject({
        to_address: 'sam@openballot.example',
        subject: 'Your listing is renewed until 2027-01-21: Digital Organizer',
      });
      expect(mail.text_body).toContain('https://jobs.example.org/employer');
    });

    it('brings an ended listing back live, for another term from the payment', async () => {
      const jobId = await paidJob();
      at(END.getTime() + 10 * DAY_MS);
      expect((await publicJob(jobId)).expired).toBe(true);
      const session = await startCheckout(await renewalToken(jobId));
      await deliver(stripe.signedEvent('checkout.session.completed', paid(session)));
      expect(await publicJob(jobId)).toMatchObject({
        expiresAt: new Date(t.clock.now.getTime() + 30 * DAY_MS).toISOString(),
        expired: false,
      });
    });

    it('a replayed or repeated event changes nothing and answers 200', async () => {
      const jobId = await paidJob();
      at(END.getTime() - DAY_MS);
      const session = await startCheckout(await renewalToken(jobId));
      const completed = stripe.signedEvent('checkout.session.completed', paid(session));
      expect((await deliver(completed)).statusCode).toBe(200);
      at(t.clock.now.getTime() + DAY_MS);
      // Stripe signs each delivery anew: a day later, the same event with a new stamp.
      const { id } = completed;
      const retried = stripe.signedEvent('checkout.session.completed', paid(session), { id });
      expect((await deliver(retried)).statusCode).toBe(200);
      const again = stripe.signedEvent('checkout.session.async_payment_succeeded', paid(session));
      expect((await deliver(again)).statusCode).toBe(200);
      expect((await publicJob(jobId)).expiresAt).toBe('2027-01-21T12:00:00.000Z');
      expect(await count('job_audit', { job_id: jobId, action: 'renewed' })).toBe(1);
      expect(await count('outbox', { template: 'job-renewed' })).toBe(1);
    });

    it('an unpaid completion waits for the money', async () => {
      const jobId = await paidJob();
      at(END.getTime() - DAY_MS);
      const session = await startCheckout(await renewalToken(jobId));
      await deliver(stripe.signedEvent('checkout.session.completed', session));
      expect((await publicJob(jobId)).expiresAt).toBe(END.toISOString());
    });

    for (const [name, change, reason] of [
      ['amount', { amount_total: 100 }, 'Paid $1 USD, but the renewal costs $99'],
      ['currency', { currency: 'eur' }, 'Paid 99.00 EUR, not in USD'],
    ] as const) {
      it(`refuses a renewal paid with another ${name}: flagged for the admins, the end unchanged`, async () => {
        const jobId = await paidJob();
        at(END.getTime() - DAY_MS);
        const session = await startCheckout(await renewalToken(jobId));
        const res = await deliver(
          stripe.signedEvent('checkout.session.completed', { ...paid(session), ...change }),
        );
        expect(res.statusCode).toBe(200);
        expect((await publicJob(jobId)).expiresAt).toBe(END.toISOString());
        expect(
          await t.db('job_renewals').where({ checkout_session_id: session.id }).first(),
        ).toMatchObject({
          status: 'needs_review',
          review_reason: reason,
        });
        expect(await count('outbox', { template: 'renewal-needs-review' })).toBe(1);
        expect(await count('job_audit', { job_id: jobId, action: 'renewed' })).toBe(0);
      });
    }

    it('a second renewal payment for the same end is flagged for a refund, not applied twice', async () => {
      const jobId = await paidJob();
      at(END.getTime() - DAY_MS);
      const first = await startCheckout(await renewalToken(jobId));
      const second = await startCheckout(await renewalToken(jobId));
      expect(second.id).not.toBe(first.id);
      await deliver(stripe.signedEvent('checkout.session.completed', paid(first)));
      await deliver(stripe.signedEvent('checkout.session.completed', paid(second)));
      expect((await publicJob(jobId)).expiresAt).toBe('2027-01-21T12:00:00.000Z');
      expect(
        await t.db('job_renewals').where({ checkout_session_id: second.id }).first(),
      ).toMatchObject({
        status: 'needs_refund',
      });
    });

    it('a paid renewal session this site did not start is flagged; one with an id past the column is ignored', async () => {
      const jobId = await paidJob();
      at(END.getTime() - DAY_MS);
      const forged = {
        ...paid(await startCheckout(await renewalToken(jobId))),
        id: 'cs_forged_renewal',
      };
      await deliver(stripe.signedEvent('checkout.session.completed', forged));
      expect(
        await t.db('job_renewals').where({ checkout_session_id: forged.id }).first(),
      ).toMatchObject({
        status: 'needs_review',
        job_id: jobId,
      });
      // Longer than job_renewals.checkout_session_id (varchar 255 on PostgreSQL): not recorded.
      const long = { ...forged, id: `cs_${'x'.repeat(300)}` };
      expect(
        (await deliver(stripe.signedEvent('checkout.session.completed', long))).statusCode,
      ).toBe(200);
      expect(await count('job_renewals', { status: 'needs_review' })).toBe(1);
      expect((await publicJob(jobId)).expiresAt).toBe(END.toISOString());
    });
  });

  describe("flagged renewal payments on the admins' review screen", () => {
    it('shows each with the listing, counts it in the queue, and lets an admin mark it handled', async () => {
      const jobId = await paidJob();
      const submissionId = Number((await t.db('submissions').where({ job_id: jobId }).first()).id);
      at(END.getTime() - DAY_MS);
      const cheap = await startCheckout(await renewalToken(jobId));
      await deliver(
        stripe.signedEvent('checkout.session.completed', { ...paid(cheap), amount_total: 100 }),
      );
      const forged = { ...paid(await startCheckout(await renewalToken(jobId))), id: 'cs_forged' };
      await deliver(stripe.signedEvent('checkout.session.completed', forged));
      // The site is on https (env): its proxy says so, or the Secure session cookie is not set.
      const admin = await signedIn(t, {
        'x-forwarded-proto': 'https',
        origin: 'https://jobs.example.org',
      });
      const view = async (): Promise<AdminSubmission> =>
        (await admin({ method: 'GET', url: `/api/admin/submissions/${submissionId}` })).json();

      const issues = (await view()).paymentIssues;
      expect(issues).toEqual([
        expect.objectContaining({
          kind: 'renewal',
          status: 'needs_review',
          amountCents: 100,
          checkoutSessionId: cheap.id,
          reason: 'Paid $1 USD, but the renewal costs $99',
        }),
        expect.objectContaining({
          kind: 'renewal',
          status: 'needs_review',
          checkoutSessionId: 'cs_forged',
        }),
      ]);
      expect(issues.map((issue) => issue.id)).toEqual([
        expect.stringMatching(/^R\d+$/),
        expect.stringMatching(/^R\d+$/),
      ]);
      const queue = await admin({ method: 'GET', url: '/api/admin/lists/submissions' });
      expect(queue.json().flaggedPayments).toBe(2);

      const resolve = (issueId: string, id = submissionId) =>
        admin({ method: 'POST', url: `/api/admin/submissions/${id}/payments/${issueId}/resolve` });
      const done = await resolve(issues[0]!.id);
      expect(done.statusCode, done.body).toBe(200);
      expect(done.json<AdminSubmission>().paymentIssues.map((issue) => issue.id)).toEqual([
        issues[1]!.id,
      ]);
      expect(
        await t.db('job_renewals').where({ checkout_session_id: cheap.id }).first(),
      ).toMatchObject({ status: 'needs_review', resolved_by: 'admin:alice' });
      expect((await resolve(issues[0]!.id)).statusCode).toBe(200); // handled already: no change
      const events = await t
        .db('submission_events')
        .where({ submission_id: submissionId })
        .where('note', 'like', 'Flagged renewal payment%');
      expect(events.map((event: { note: string }) => event.note)).toEqual([
        `Flagged renewal payment ${cheap.id} marked as handled`,
      ]);
      // Another submission's, an unknown one, a first payment's id that is not flagged, junk.
      const other = await insertSubmission(t.db, { title: 'Other' });
      for (const [issueId, id] of [
        [issues[1]!.id, other],
        ['R999999', submissionId],
        ['999999', submissionId],
        ['R0', submissionId],
        ['RR1', submissionId],
        [`R${2 ** 31}`, submissionId],
      ] as const) {
        expect((await resolve(issueId, id)).statusCode, `${issueId} on ${id}`).toBe(404);
      }
    });
  });

  describe('the reminder', () => {
    it('goes 5 days before the end, once, with the renewal link and the employer page', async () => {
      const jobId = await paidJob();
      at(END.getTime() - 6 * DAY_MS);
      expect(await t.app.renewals.remind()).toEqual({ ran: true, checked: 0, sent: 0 });
      at(END.getTime() - 5 * DAY_MS);
      expect(await t.app.renewals.remind()).toEqual({ ran: true, checked: 1, sent: 1 });
      at(END.getTime() - 4 * DAY_MS);
      expect(await t.app.renewals.remind()).toEqual({ ran: true, checked: 1, sent: 0 });
      const mails = await t.db('outbox').where({ template: 'renewal-reminder' });
      expect(mails).toHaveLength(1);
      expect(mails[0]).toMatchObject({
        to_address: 'sam@openballot.example',
        subject: 'Your listing ends on 2026-12-22: Digital Organizer',
      });
      const url = /https:\/\/jobs\.example\.org\/renew\/[A-Za-z0-9_-]{43}/.exec(
        mails[0].text_body,
      )![0];
      expect(mails[0].text_body).toContain('https://jobs.example.org/employer');
      const page = await t.app.inject(`/api/renewals/${url.split('/').pop()}`);
      expect(page.json<RenewalPageView>()).toMatchObject({ jobId: String(jobId), refusal: null });
    });

    it('goes once across two app instances on one database', async () => {
      await paidJob();
      const other = await buildTestApp({
        env: { ...env, STRIPE_API_URL: stripe.url },
        sameDatabaseAs: t,
        now: new Date(END.getTime() - 4 * DAY_MS),
      });
      try {
        at(END.getTime() - 4 * DAY_MS);
        const reports = await Promise.all([t.app.renewals.remind(), other.app.renewals.remind()]);
        expect(reports.reduce((sum, r) => sum + r.sent, 0)).toBe(1);
        // Whichever ran second (or was turned away by the lease) sends nothing later either.
        expect((await other.app.renewals.remind()).sent).toBe(0);
        expect(await count('outbox', { template: 'renewal-reminder' })).toBe(1);
      } finally {
        await other.close();
      }
    });

    it('goes again for the new end after a renewal, and never to a listing without a contact', async () => {
      const jobId = await paidJob();
      const synced = await paidJob({ title: 'Synced role' });
      await t.db('jobs').where({ id: synced }).update({ source: 'airtable', external_id: 'rec1' });
      at(END.getTime() - 4 * DAY_MS);
      expect((await t.app.renewals.remind()).sent).toBe(1);
      const session = await startCheckout(await renewalToken(jobId));
      await deliver(stripe.signedEvent('checkout.session.completed', paid(session)));
      at(Date.parse('2027-01-21T12:00:00Z') - 4 * DAY_MS);
      expect((await t.app.renewals.remind()).sent).toBe(1);
      const subjects = (
        await t.db('outbox').where({ template: 'renewal-reminder' }).orderBy('id')
      ).map((m: { subject: string }) => m.subject);
      expect(subjects).toEqual([
        'Your listing ends on 2026-12-22: Digital Organizer',
        'Your listing ends on 2027-01-21: Digital Organizer',
      ]);
    });
  });
});
