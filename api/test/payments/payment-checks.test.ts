import type { AdminSubmission } from '@jobboard/contract/admin';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { signedIn } from '../support/admin';
import { startFakeStripe, type FakeSession, type FakeStripe } from '../support/fake-stripe';
import {
  count,
  deliver,
  pay,
  paid,
  startCheckout,
  stripeEnv,
  tokenOf,
  WEBHOOK_SECRET,
} from '../support/payments';
import { insertSubmission } from '../support/submissions';
import { buildTestApp, testDatabase, type TestApp } from '../support/test-app';

/**
 * The webhook publishes a listing only for a Checkout Session this site created for it, paid in
 * full in USD (issue 11, "Money and listings"); every other paid session is kept and flagged
 * for the admins, and open sessions are expired when the amount changes or the listing is paid.
 */

let stripe: FakeStripe;
let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;

beforeAll(async () => {
  stripe = await startFakeStripe({ webhookSecret: WEBHOOK_SECRET });
});
afterAll(() => stripe.close());
beforeEach(async () => {
  t = await buildTestApp({ env: stripeEnv(stripe) });
  admin = await signedIn(t);
  stripe.reset();
});
afterEach(() => t.close());

async function approved(overrides: Record<string, unknown> = {}) {
  const id = await insertSubmission(t.db, { status: 'pending_review', ...overrides });
  const res = await admin({ method: 'POST', url: `/api/admin/submissions/${id}/approve` });
  expect(res.statusCode, res.body).toBe(200);
  return { id, token: tokenOf(res.json().paymentUrl) };
}

const setAmount = (id: number, amount: number) =>
  admin({ method: 'PUT', url: `/api/admin/submissions/${id}/amount`, payload: { amount } });
const renewLink = async (id: number) =>
  tokenOf(
    (await admin({ method: 'POST', url: `/api/admin/submissions/${id}/payment-link` })).json()
      .paymentUrl,
  );
const submission = (id: number) => t.db('submissions').where({ id }).first();
const paymentOf = (sessionId: string) =>
  t.db('payments').where({ checkout_session_id: sessionId }).first();
const adminView = async (id: number): Promise<AdminSubmission> =>
  (await admin({ method: 'GET', url: `/api/admin/submissions/${id}` })).json();

describe(`the webhook's checks on ${testDatabase}`, () => {
  it('publishes nothing for the cheaper session after the amount is raised: expired, and flagged if paid', async () => {
    const { id, token } = await approved();
    const cheap = await startCheckout(t, stripe, token); // $99, still payable for 24 h at Stripe
    expect((await setAmount(id, 15_000)).statusCode).toBe(200);
    expect(stripe.sessions.get(cheap.id)!.status).toBe('expired');
    expect(await paymentOf(cheap.id)).toMatchObject({ status: 'expired' });

    // Paid all the same (it was paid a moment before the expiry reached Stripe).
    await pay(t, stripe, cheap);
    expect(await submission(id)).toMatchObject({ status: 'approved', job_id: null });
    expect(await count(t, 'jobs')).toBe(0);
    expect(await paymentOf(cheap.id)).toMatchObject({
      status: 'needs_review',
      amount_cents: 9_900,
      review_reason: 'Paid $99 USD, but the listing owes $150',
    });
    expect((await adminView(id)).paymentIssues).toEqual([
      {
        id: expect.any(String),
        kind: 'payment',
        status: 'needs_review',
        amountCents: 9_900,
        currency: 'usd',
        checkoutSessionId: cheap.id,
        reason: 'Paid $99 USD, but the listing owes $150',
        paidAt: t.clock.now.toISOString(),
      },
    ]);
    const notice = await t.db('outbox').where({ template: 'payment-needs-review' }).first();
    expect(notice).toMatchObject({ to_address: 'review@board.example' });
    expect(notice.text_body).toContain(cheap.id);

    // The session for the amount owed publishes.
    const full = await startCheckout(t, stripe, token);
    expect(full.amount_total).toBe(15_000);
    await pay(t, stripe, full);
    expect((await submission(id)).status).toBe('paid');
    expect(await count(t, 'jobs')).toBe(1);
  });

  it('keeps the amount change when Stripe is down, and expires the stale session before the next checkout', async () => {
    const { id, token } = await approved();
    const stale = await startCheckout(t, stripe, token);
    stripe.down = true;
    const res = await setAmount(id, 12_000);
    expect(res.statusCode).toBe(200);
    expect(res.json().amount).toBe(12_000);
    expect(await paymentOf(stale.id)).toMatchObject({ status: 'expiring' });
    expect(stripe.sessions.get(stale.id)!.status).toBe('open');

    stripe.down = false;
    const fresh = await startCheckout(t, stripe, token);
    expect(fresh.id).not.toBe(stale.id);
    expect(fresh.amount_total).toBe(12_000);
    expect(stripe.sessions.get(stale.id)!.status).toBe('expired');
    expect(await paymentOf(stale.id)).toMatchObject({ status: 'expired' });
  });

  it('never gets an expired session back from Stripe when the amount returns to an earlier value', async () => {
    const { id, token } = await approved();
    const first = await startCheckout(t, stripe, token);
    await setAmount(id, 5_000);
    await setAmount(id, 9_900);
    const again = await startCheckout(t, stripe, token);
    expect(again.id).not.toBe(first.id);
    expect(stripe.sessions.get(again.id)!.status).toBe('open');
  });

  it('records a second payment for a paid listing for refund, and expires the other sessions on payment', async () => {
    const { id, token } = await approved();
    const first = await startCheckout(t, stripe, token);
    const second = await startCheckout(t, stripe, await renewLink(id)); // e.g. another tab
    expect(second.id).not.toBe(first.id);

    await pay(t, stripe, first);
    expect((await submission(id)).status).toBe('paid');
    expect(stripe.sessions.get(second.id)!.status).toBe('expired');
    expect(await paymentOf(second.id)).toMatchObject({ status: 'expired' });

    await pay(t, stripe, second); // paid before the expiry reached Stripe
    expect(await count(t, 'jobs')).toBe(1);
    expect(await paymentOf(second.id)).toMatchObject({
      status: 'needs_refund',
      review_reason: 'A second payment ($99 USD) for a listing already paid',
    });
    const listed: AdminSubmission[] = (
      await admin({ method: 'GET', url: '/api/admin/submissions' })
    ).json();
    expect(listed.find((s) => s.id === String(id))!.paymentIssues).toMatchObject([
      { status: 'needs_refund', checkoutSessionId: second.id, amountCents: 9_900 },
    ]);
    // The first payment's other events change nothing.
    await deliver(t, stripe.signedEvent('checkout.session.async_payment_succeeded', paid(first)));
    expect(await count(t, 'payments', { status: 'needs_refund' })).toBe(1);
  });

  it('flags a paid session this site did not create for the submission', async () => {
    const { id } = await approved();
    const foreign: FakeSession = {
      ...paid(await startCheckout(t, stripe, (await approved({ title: 'Other' })).token)),
      id: 'cs_test_not_ours',
      client_reference_id: String(id),
      metadata: { submissionId: String(id) },
    };
    await pay(t, stripe, foreign);
    expect((await submission(id)).status).toBe('approved');
    expect(await paymentOf('cs_test_not_ours')).toMatchObject({
      submission_id: id,
      provider: 'stripe',
      status: 'needs_review',
      review_reason: 'Paid $99 USD through a Checkout Session this site did not create for it',
    });
  });

  it('flags a session on record that names another submission', async () => {
    const { id, token } = await approved();
    const other = await approved({ title: 'Other' });
    const session = await startCheckout(t, stripe, token);
    await pay(t, stripe, { ...session, client_reference_id: String(other.id) });
    expect(await count(t, 'jobs')).toBe(0);
    expect(await paymentOf(session.id)).toMatchObject({
      submission_id: id,
      status: 'needs_review',
      review_reason: `Paid $99 USD through a session made for this submission that names submission #${other.id}`,
    });
  });

  it.each([
    ['another currency', { currency: 'eur' }, 'Paid 99.00 EUR, not in USD'],
    ['a subscription', { mode: 'subscription' }, 'Paid $99 USD in subscription mode'],
    ['less than owed', { amount_total: 100 }, 'Paid $1 USD, but the listing owes $99'],
  ])('flags a session on record paid in %s', async (_, change, reason) => {
    const { id, token } = await approved();
    const session = await startCheckout(t, stripe, token);
    await pay(t, stripe, { ...session, ...change });
    expect((await submission(id)).status).toBe('approved');
    expect(await paymentOf(session.id)).toMatchObject({
      status: 'needs_review',
      review_reason: reason,
    });
    // A repeated or second event of the same session flags it once.
    await deliver(
      t,
      stripe.signedEvent(
        'checkout.session.async_payment_succeeded',
        paid({ ...session, ...change }),
      ),
    );
    expect(await count(t, 'payments', { status: 'needs_review' })).toBe(1);
    expect(await count(t, 'outbox', { template: 'payment-needs-review' })).toBe(1);
  });

  it('ignores a paid session that is neither on record nor names a submission of ours', async () => {
    const { token } = await approved();
    const session = await startCheckout(t, stripe, token);
    for (const reference of [null, '999999', '99999999999', 'order-77']) {
      await pay(t, stripe, {
        ...session,
        id: `cs_test_other_product_${String(reference)}`,
        client_reference_id: reference,
        metadata: {},
      });
    }
    expect(await count(t, 'payments')).toBe(1); // ours, still open
    expect(await count(t, 'jobs')).toBe(0);
    expect(await count(t, 'processed_webhook_events')).toBe(4);
  });

  it('answers signed events whose fields overflow what is stored without a 5xx', async () => {
    // Stripe never sends these; a signed event is still not a reason to fail (Stripe would retry
    // a 500 for days). What fits nothing is ignored; a payment is kept, its text cut to fit.
    const { id, token } = await approved();
    const session = await startCheckout(t, stripe, token);
    const long = 'x'.repeat(400);
    const answers = [
      await deliver(
        t,
        stripe.signedEvent('checkout.session.completed', paid(session), { id: `evt_${long}` }),
      ),
      await deliver(t, stripe.signedEvent(`checkout.session.${long}`, paid(session))),
      await deliver(
        t,
        stripe.signedEvent(
          'checkout.session.completed',
          paid({
            ...session,
            id: `cs_test_${long}`,
            client_reference_id: String(id),
            metadata: { submissionId: String(id) },
          }),
        ),
      ),
      await deliver(
        t,
        stripe.signedEvent(
          'checkout.session.completed',
          paid({ ...session, currency: 'usdollars' }),
        ),
      ),
    ];
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200, 200, 200]);
    expect((await submission(id)).status).toBe('approved');
    expect(await paymentOf(session.id)).toMatchObject({
      status: 'needs_review',
      currency: 'usd',
      review_reason: 'Paid 99.00 USDOLLARS, not in USD',
    });
  });

  it('lets an admin mark a flagged payment as handled', async () => {
    const { id, token } = await approved();
    const session = await startCheckout(t, stripe, token);
    await pay(t, stripe, { ...session, amount_total: 100 });
    const [issue] = (await adminView(id)).paymentIssues;
    const resolve = (paymentId: string) =>
      admin({
        method: 'POST',
        url: `/api/admin/submissions/${id}/payments/${paymentId}/resolve`,
      });
    const res = await resolve(issue!.id);
    expect(res.statusCode).toBe(200);
    expect(res.json().paymentIssues).toEqual([]);
    expect(await paymentOf(session.id)).toMatchObject({
      status: 'needs_review',
      resolved_by: 'admin:alice',
      resolved_at: t.clock.now.getTime(),
    });
    expect((await resolve('999999')).statusCode).toBe(404);
    expect((await resolve('abc')).statusCode).toBe(404);
  });
});
