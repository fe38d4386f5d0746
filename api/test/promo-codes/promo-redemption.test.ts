import type { AdminSubmission } from '@jobboard/contract/admin';
import type { PayPageView } from '@jobboard/contract/payments';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { VALID_SUBMISSION } from '@jobboard/contract/testing';
import { signedIn } from '../support/admin';
import { startFakeStripe, type FakeStripe } from '../support/fake-stripe';
import {
  checkout,
  count,
  pay,
  startCheckout,
  stripeEnv,
  tokenOf,
  WEBHOOK_SECRET,
} from '../support/payments';
import { buildTestApp, testDatabase, type TestApp } from '../support/test-app';
import { injectWithProof } from '../support/human-proof';

/**
 * A promo code's redemption limit holds at payment, not only at submission (issue 11): a
 * single-use code submitted twice before anyone paid discounts one listing only, and its counter
 * never passes the limit.
 */

let stripe: FakeStripe;
let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;

beforeAll(async () => {
  stripe = await startFakeStripe({ webhookSecret: WEBHOOK_SECRET });
});
afterAll(() => stripe.close());
beforeEach(async () => {
  t = await buildTestApp({ env: { ...stripeEnv(stripe), SUBMISSION_RATE_LIMIT_MAX: '100' } });
  admin = await signedIn(t);
  stripe.reset();
});
afterEach(() => t.close());

async function promo(code: string, maxRedemptions: number | null) {
  const res = await admin({
    method: 'POST',
    url: '/api/admin/promo-codes',
    payload: { code, percentOff: 20, maxRedemptions },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as string;
}
const redemptions = async (code: string) =>
  Number((await t.db('promo_codes').where({ code }).first()).redemptions);

/** Submitted through the public form with the code, then approved: the pay link's token. */
async function submittedAndApproved(promoCode: string, title: string) {
  const res = await injectWithProof(t.app, {
    method: 'POST',
    url: '/api/submit-job-for-review',
    payload: { ...VALID_SUBMISSION, title, promoCode },
  });
  expect(res.statusCode, res.body).toBe(201);
  const id = Number(res.json().id);
  const approval = await admin({ method: 'POST', url: `/api/admin/submissions/${id}/approve` });
  return { id, token: tokenOf(approval.json().paymentUrl) };
}

describe(`promo code limits at payment on ${testDatabase}`, () => {
  it('a single-use code discounts the first listing paid; the second is asked the full price first', async () => {
    await promo('ONCE', 1);
    const first = await submittedAndApproved('once', 'First role');
    const second = await submittedAndApproved('ONCE', 'Second role');
    for (const { id } of [first, second]) {
      expect((await t.db('submissions').where({ id }).first()).amount_cents).toBe(7_920);
    }

    const discounted = await startCheckout(t, stripe, first.token);
    expect(discounted.amount_total).toBe(7_920);
    expect(await redemptions('ONCE')).toBe(1);

    // The second payment does not get the discount: refused once, with the new amount.
    const refused = await checkout(t, second.token);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      message:
        'The promo code ONCE has been fully redeemed by other listings, so its discount no longer applies: the amount due is now $99. Please check the amount and press Pay again.',
    });
    const page: PayPageView = (await t.app.inject(`/api/pay/${second.token}`)).json();
    expect(page).toMatchObject({ amountCents: 9_900, promoCode: 'ONCE', promoCodeUsedUp: true });
    const full = await startCheckout(t, stripe, second.token);
    expect(full.amount_total).toBe(9_900);

    await pay(t, stripe, discounted);
    await pay(t, stripe, full);
    expect(await count(t, 'jobs')).toBe(2);
    expect(await redemptions('ONCE')).toBe(1);
    const view: AdminSubmission = (
      await admin({ method: 'GET', url: `/api/admin/submissions/${second.id}` })
    ).json();
    expect(view).toMatchObject({ amount: 9_900, promoRedemption: 'used_up', paymentIssues: [] });
    expect(
      await t.db('submission_events').where({ submission_id: second.id, actor: 'system' }).first(),
    ).toMatchObject({ note: expect.stringMatching(/ONCE was used up.*from 7920 to 9900 cents/) });
  });

  it('counts a listing once however often its checkout starts', async () => {
    await promo('TWICE', 2);
    const { token } = await submittedAndApproved('TWICE', 'Only role');
    await startCheckout(t, stripe, token);
    await startCheckout(t, stripe, token);
    expect(await redemptions('TWICE')).toBe(1);
  });

  it('never passes the limit when checkouts race for the last redemption', async () => {
    await promo('RACE', 1);
    const listings = [];
    for (let i = 0; i < 4; i += 1) listings.push(await submittedAndApproved('RACE', `Role ${i}`));
    const answers = await Promise.all(listings.map(({ token }) => checkout(t, token)));
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 409, 409, 409]);
    expect(await redemptions('RACE')).toBe(1);
    const amounts = (await t.db('submissions').orderBy('id').select('amount_cents')).map((r) =>
      Number(r.amount_cents),
    );
    expect(amounts.sort()).toEqual([7_920, 9_900, 9_900, 9_900]);
  });

  it('counts a code without a limit every time', async () => {
    await promo('OPEN', null);
    for (const title of ['A role', 'B role', 'C role']) {
      await startCheckout(t, stripe, (await submittedAndApproved('OPEN', title)).token);
    }
    expect(await redemptions('OPEN')).toBe(3);
  });
});
