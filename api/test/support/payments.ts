import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { FakeSession, FakeStripe, SignedEvent } from './fake-stripe';
import { insertSubmission } from './submissions';
import type { TestApp, TestAppOptions } from './test-app';

/** The signing secret the tests' fake Stripe and the app share. */
export const WEBHOOK_SECRET = 'whsec_test_secret';

/**
 * The environment of an app whose payments go through the fake Stripe. PUBLIC_URL stays plain
 * http (the test app's default) so that admins can sign in over inject: an https site only sets
 * Secure session cookies.
 */
export const stripeEnv = (stripe: FakeStripe): NonNullable<TestAppOptions['env']> => ({
  STRIPE_SECRET_KEY: 'sk_test_board',
  STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
  STRIPE_API_URL: stripe.url,
  ADMIN_EMAIL: 'review@board.example',
});

/** The token of a pay link (`https://.../pay/<token>`). */
export const tokenOf = (paymentUrl: string) => paymentUrl.split('/').pop()!;

/** POST /api/pay/:token/checkout, answered 200: the fake Stripe's session it created. */
export async function startCheckout(t: TestApp, stripe: FakeStripe, token: string) {
  const res = await checkout(t, token);
  expect(res.statusCode, res.body).toBe(200);
  const url: string = res.json().url;
  return stripe.sessions.get(url.split('/').pop()!)!;
}

export const checkout = (t: TestApp, token: string): Promise<LightMyRequestResponse> =>
  t.app.inject({ method: 'POST', url: `/api/pay/${token}/checkout` });

/** Deliver a signed event to the webhook, as Stripe does. */
export function deliver(t: TestApp, event: SignedEvent) {
  return t.app.inject({
    method: 'POST',
    url: '/api/stripe/webhook',
    headers: { 'content-type': 'application/json', 'stripe-signature': event.signature },
    payload: event.payload,
  });
}

/** The session as Stripe reports it once the customer has paid. */
export const paid = (session: FakeSession): FakeSession => ({
  ...session,
  payment_status: 'paid',
  status: 'complete',
});

/** Pay a session: the `checkout.session.completed` event of it, delivered; answered 200. */
export async function pay(t: TestApp, stripe: FakeStripe, session: FakeSession) {
  const res = await deliver(t, stripe.signedEvent('checkout.session.completed', paid(session)));
  expect(res.statusCode, res.body).toBe(200);
}

export const count = async (t: TestApp, table: string, where: Record<string, unknown> = {}) =>
  Number((await t.db(table).where(where).count({ n: '*' }))[0]!.n);

/**
 * A listing paid for through the board, by hand (the webhook's first payment has its own tests):
 * published at the app's clock. Its job's id.
 */
export async function paidListing(t: TestApp, overrides: Record<string, unknown> = {}) {
  const id = await insertSubmission(t.db, overrides);
  const result = await t.db.transaction((trx) =>
    t.app.payments.markPaidAndPublish(
      trx,
      id,
      { provider: 'manual', actor: 'admin:test', amountCents: 9_900 },
      t.clock.now,
    ),
  );
  if (result.outcome !== 'published') throw new Error(`not published: ${result.outcome}`);
  return result.jobId;
}
