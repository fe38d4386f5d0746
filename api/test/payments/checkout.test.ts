import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHARGE, REUSE_WINDOW_MS } from '../../src/payments/stripe-checkout';
import { startFakeStripe, type FakeSession, type FakeStripe } from '../support/fake-stripe';
import { deliver, pay, paid, stripeEnv } from '../support/payments';
import { insertSubmission } from '../support/submissions';
import { buildTestApp, testDatabase, type TestApp } from '../support/test-app';

/**
 * R8 of issue 41: the board's Stripe Checkout has one home, payments/stripe-checkout.ts. A pay
 * link (a listing's first payment) and a renewal link each made their own session before, each
 * with its own 'usd', its own 12-hour window of reuse and its own words for a payment that does
 * not fit. Both links now make the same kind of session, in CHARGE's currency and mode, the same
 * one again for clicks within REUSE_WINDOW_MS and a new one after; and a paid session in another
 * currency is told to the admins in the same words, whichever it paid for.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
const START = new Date('2026-11-22T12:00:00Z');

let fake: FakeStripe;
let t: TestApp;

beforeAll(async () => {
  fake = await startFakeStripe({ webhookSecret: 'whsec_test_secret' });
  t = await buildTestApp({ env: stripeEnv(fake), now: START });
  // Events are signed at the app's time: the webhook counts their age on its clock.
  fake.clock = t.clock;
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

/** POST .../checkout from a link's page: the fake Stripe's session it answered with. */
async function checkout(url: string): Promise<FakeSession> {
  const res = await t.app.inject({ method: 'POST', url });
  expect(res.statusCode, res.body).toBe(200);
  return fake.sessions.get((res.json() as { url: string }).url.split('/').pop()!)!;
}

/** The checkout URL of a new pay link, of an approved submission. */
async function payLink(title: string): Promise<string> {
  const id = await insertSubmission(t.db, { title });
  const { token } = await t.app.payments.issueLink(t.db, id, t.clock.now);
  return `/api/pay/${token}/checkout`;
}

/** Clicked now, again at the end of the reuse window, and in the next: the three sessions. */
async function clickedAcrossTheWindow(url: string): Promise<FakeSession[]> {
  const first = await checkout(url);
  const windowEnds = (Math.floor(t.clock.now.getTime() / REUSE_WINDOW_MS) + 1) * REUSE_WINDOW_MS;
  t.clock.now = new Date(windowEnds - 1);
  const again = await checkout(url);
  t.clock.now = new Date(windowEnds);
  return [first, again, await checkout(url)];
}

describe(`a pay link's and a renewal link's checkout on ${testDatabase} (issue 41, R8)`, () => {
  let unpaidRenewal: FakeSession;

  it('charge alike, give the same session back within the reuse window and a new one after it', async () => {
    const forPay = await clickedAcrossTheWindow(await payLink('First payment'));
    // Paid through the link, the listing is published for 30 days: renewable from 7 before.
    await pay(t, fake, forPay[2]!);
    const { job_id: jobId } = await t.db('submissions').where({ title: 'First payment' }).first();
    t.clock.now = new Date(t.clock.now.getTime() + 29 * DAY_MS);
    const renewal = await t.app.renewals.linkFor(Number(jobId));
    if (!('url' in renewal)) throw new Error(renewal.refusal);
    const token = renewal.url.split('/').pop()!;
    const forRenewal = await clickedAcrossTheWindow(`/api/renewals/${token}/checkout`);

    for (const [first, again, next] of [forPay, forRenewal]) {
      expect(again!.id).toBe(first!.id);
      expect(next!.id).not.toBe(first!.id);
      for (const session of [first!, next!]) {
        expect(session).toMatchObject({ currency: CHARGE.currency, mode: CHARGE.mode });
      }
    }
    const asked = fake.requests.filter((r) => r.path === '/v1/checkout/sessions');
    expect(new Set(asked.map((r) => r.form['line_items[0][price_data][currency]']))).toEqual(
      new Set([CHARGE.currency]),
    );
    unpaidRenewal = forRenewal[0]!;
  });

  it('tell the admins of a payment in another currency in the same words', async () => {
    const forPay = await checkout(await payLink('Paid in euros'));
    for (const session of [forPay, unpaidRenewal]) {
      const event = fake.signedEvent('checkout.session.completed', {
        ...paid(session),
        currency: 'eur',
      });
      const res = await deliver(t, event);
      expect(res.statusCode, res.body).toBe(200);
    }
    const payment = await t.db('payments').where({ checkout_session_id: forPay.id }).first();
    const renewal = await t
      .db('job_renewals')
      .where({ checkout_session_id: unpaidRenewal.id })
      .first();
    const said = `Paid 99.00 EUR, not in ${CHARGE.currency.toUpperCase()}`;
    expect([payment.review_reason, renewal.review_reason]).toEqual([said, said]);
    expect([payment.status, renewal.status]).toEqual(['needs_review', 'needs_review']);
  });
});
