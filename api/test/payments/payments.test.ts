import { createServer } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { type Job } from '@jobboard/contract/jobs';
import { PAYMENT_MESSAGES, type PayPageView } from '@jobboard/contract/payments';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { freePort } from '../support/pg-cluster';
import { startFakeStripe, type FakeSession, type FakeStripe } from '../support/fake-stripe';
import { insertSubmission } from '../support/submissions';
import { buildTestApp, testDatabase, type TestApp } from '../support/test-app';

const WEBHOOK_SECRET = 'whsec_test_secret';
let stripe: FakeStripe;
let t: TestApp;

beforeAll(async () => {
  stripe = await startFakeStripe({ webhookSecret: WEBHOOK_SECRET });
});
afterAll(() => stripe.close());

beforeEach(async () => {
  t = await buildTestApp({
    env: {
      STRIPE_SECRET_KEY: 'sk_test_board',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_URL: stripe.url,
      PUBLIC_URL: 'https://jobs.example.org',
    },
  });
  stripe.requests.length = 0;
});
afterEach(() => t.close());

async function approvedWithToken(overrides: Record<string, unknown> = {}) {
  const id = await insertSubmission(t.db, overrides);
  const { token } = await t.app.payments.issueLink(t.db, id, t.clock.now);
  return { id, token };
}

async function startCheckout(token: string) {
  const res = await t.app.inject({ method: 'POST', url: `/api/pay/${token}/checkout` });
  expect(res.statusCode, res.body).toBe(200);
  const url: string = res.json().url;
  return stripe.sessions.get(url.split('/').pop()!)!;
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
const count = async (table: string) => Number((await t.db(table).count({ n: '*' }))[0]!.n);
const submission = (id: number) => t.db('submissions').where({ id }).first();

describe(`payments on ${testDatabase}`, () => {
  describe('the pay link', () => {
    it('shows the listing, tier and amount', async () => {
      const { token } = await approvedWithToken({ amount_cents: 7_920, promo_code: 'NONPROFIT20' });
      const res = await t.app.inject(`/api/pay/${token}`);
      expect(res.statusCode).toBe(200);
      expect(res.json<PayPageView>()).toEqual({
        title: 'Digital Organizer',
        organization: 'Open Ballot Project',
        tierId: 'basic',
        tierName: 'Featured Listing',
        tierDuration: '30 days',
        listPriceCents: 9_900,
        amountCents: 7_920,
        promoCode: 'NONPROFIT20',
        promoCodeUsedUp: false,
        status: 'approved',
        jobId: null,
        paymentsConfigured: true,
        linkExpiresAt: '2026-12-06T12:00:00.000Z',
        // No kind price set: either kind owes the same (issue 47); nobody billed, no invoice yet.
        amountByKind: { nonprofit: 7_920, business: 7_920 },
        billing: null,
        invoice: null,
      });
    });

    it('gets a new link beside it: only a hash is kept, so the same link is never shown twice', async () => {
      const { id, token } = await approvedWithToken();
      const renewed = await t.app.payments.issueLink(t.db, id, t.clock.now);
      expect(renewed.token).not.toBe(token);
      expect(renewed.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect((await t.app.inject(`/api/pay/${renewed.token}`)).statusCode).toBe(200);
      // The earlier link is not ended by the new one (issue 25).
      expect((await t.app.inject(`/api/pay/${token}`)).statusCode).toBe(200);
    });

    it('is 404 for an unknown or malformed token and 410 once rejected', async () => {
      expect((await t.app.inject(`/api/pay/${'x'.repeat(43)}`)).statusCode).toBe(404);
      expect((await t.app.inject('/api/pay/short')).statusCode).toBe(404);
      const { id, token } = await approvedWithToken();
      await t.db('submissions').where({ id }).update({ status: 'rejected' });
      const res = await t.app.inject(`/api/pay/${token}`);
      expect(res.statusCode).toBe(410);
      expect(res.json()).toEqual({ message: 'This payment link is no longer valid.' });
      expect(
        (await t.app.inject({ method: 'POST', url: `/api/pay/${token}/checkout` })).statusCode,
      ).toBe(410);
    });
  });

  describe('checkout', () => {
    it('creates a Checkout Session for the current amount in USD with the reference and an idempotency key', async () => {
      const { id, token } = await approvedWithToken({ amount_cents: 12_345 });
      const session = await startCheckout(token);
      const request = stripe.requests.find((r) => r.path === '/v1/checkout/sessions')!;
      expect(request.form).toMatchObject({
        mode: 'payment',
        'line_items[0][price_data][currency]': 'usd',
        'line_items[0][price_data][unit_amount]': '12345',
        'line_items[0][quantity]': '1',
        client_reference_id: String(id),
        'metadata[submissionId]': String(id),
        customer_email: 'sam@openballot.example',
        success_url: `https://jobs.example.org/pay/${token}/success?session_id={CHECKOUT_SESSION_ID}`,
        cancel_url: `https://jobs.example.org/pay/${token}/cancel`,
      });
      // The submission's last change is in the key too: an expired session never comes back;
      // and the link's id: a session returns to the link it was started from.
      const link = await t.db('payment_links').where({ submission_id: id }).first();
      expect(request.headers['idempotency-key']).toMatch(
        new RegExp(`^checkout-${id}-12345-\\d+-\\d+-${link.id}$`),
      );
      expect(
        await t.db('payments').where({ checkout_session_id: session.id }).first(),
      ).toMatchObject({ payment_link_id: link.id });
      expect(request.headers.authorization).toBe('Bearer sk_test_board');
      expect(session.amount_total).toBe(12_345);
      expect(await t.db('payments').where({ submission_id: id }).first()).toMatchObject({
        provider: 'stripe',
        checkout_session_id: session.id,
        status: 'open',
        amount_cents: 12_345,
      });
    });

    it('gives the same session to a second click, and a new one once the amount changes', async () => {
      const { id, token } = await approvedWithToken();
      const first = await startCheckout(token);
      const again = await startCheckout(token);
      expect(again.id).toBe(first.id);
      await t.db('submissions').where({ id }).update({ amount_cents: 5_000 });
      const changed = await startCheckout(token);
      expect(changed.id).not.toBe(first.id);
      expect(changed.amount_total).toBe(5_000);
    });

    it('refuses a paid listing', async () => {
      const { token } = await approvedWithToken({ status: 'paid' });
      expect(
        (await t.app.inject({ method: 'POST', url: `/api/pay/${token}/checkout` })).statusCode,
      ).toBe(409);
    });

    it('says payments are not set up when there are no Stripe keys', async () => {
      const bare = await buildTestApp();
      try {
        const id = await insertSubmission(bare.db);
        const { token } = await bare.app.payments.issueLink(bare.db, id, bare.clock.now);
        expect((await bare.app.inject(`/api/pay/${token}`)).json().paymentsConfigured).toBe(false);
        const res = await bare.app.inject({ method: 'POST', url: `/api/pay/${token}/checkout` });
        expect(res.statusCode).toBe(503);
        expect(res.json().message).toContain('not set up');
      } finally {
        await bare.close();
      }
    });
  });

  describe('the webhook', () => {
    it('marks the submission paid and publishes its job, featured, for 30 days', async () => {
      const { id, token } = await approvedWithToken();
      const session = await startCheckout(token);
      const res = await deliver(stripe.signedEvent('checkout.session.completed', paid(session)));
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ received: true });

      const row = await submission(id);
      expect(row).toMatchObject({ status: 'paid', paid_at: t.clock.now.getTime() });
      const job: Job = (await t.app.inject(`/api/jobs/${row.job_id}`)).json();
      expect(job).toMatchObject({
        title: 'Digital Organizer',
        organization: 'Open Ballot Project',
        featured: true,
        remote: true,
        category: ['Political', 'Communications'],
        salaryMin: 55_000,
        postedDate: '2026-11-22',
        expiresAt: '2026-12-22T12:00:00.000Z',
        expired: false,
      });
      const search = await t.app.inject({
        method: 'POST',
        url: '/api/jobs/search',
        payload: { query: 'organizer' },
      });
      expect(search.json().jobs.map((j: Job) => j.id)).toEqual([String(row.job_id)]);
      expect(
        await t.db('payments').where({ checkout_session_id: session.id }).first(),
      ).toMatchObject({ status: 'paid' });
      expect(
        await t.db('submission_events').where({ submission_id: id, to_status: 'paid' }).first(),
      ).toMatchObject({
        from_status: 'approved',
        actor: 'stripe',
      });
      const mail = await t.db('outbox').where({ template: 'job-live' }).first();
      expect(mail).toMatchObject({ to_address: 'sam@openballot.example' });
      expect(mail.text_body).toContain(`https://jobs.example.org/jobs/${row.job_id}`);
      // The pay link now says it is paid, and is dead for paying.
      expect((await t.app.inject(`/api/pay/${token}`)).json()).toMatchObject({
        status: 'paid',
        jobId: String(row.job_id),
      });
    });

    it('publishes once, whatever is delivered twice or out of order', async () => {
      const { token } = await approvedWithToken();
      const session = await startCheckout(token);
      const completed = stripe.signedEvent('checkout.session.completed', paid(session));
      expect((await deliver(completed)).statusCode).toBe(200);
      expect((await deliver(completed)).statusCode).toBe(200); // the same event again
      const async = stripe.signedEvent('checkout.session.async_payment_succeeded', paid(session));
      expect((await deliver(async)).statusCode).toBe(200); // another event, same payment
      expect(await count('jobs')).toBe(1);
      expect(await count('outbox')).toBe(1);
      expect(await count('processed_webhook_events')).toBe(2);
    });

    it('waits for delayed payment methods: completed-but-unpaid publishes nothing, the success event does', async () => {
      const { id, token } = await approvedWithToken();
      const session = await startCheckout(token);
      // The success event may even arrive first.
      await deliver(stripe.signedEvent('checkout.session.async_payment_succeeded', paid(session)));
      await deliver(stripe.signedEvent('checkout.session.completed', session)); // payment_status: unpaid
      expect((await submission(id)).status).toBe('paid');
      expect(await count('jobs')).toBe(1);

      const other = await approvedWithToken({ title: 'Grants Writer' });
      const pending = await startCheckout(other.token);
      await deliver(stripe.signedEvent('checkout.session.completed', pending));
      expect((await submission(other.id)).status).toBe('approved');
      await deliver(stripe.signedEvent('checkout.session.async_payment_succeeded', paid(pending)));
      expect((await submission(other.id)).status).toBe('paid');
    });

    it('refuses tampered, stale and unsigned deliveries, changing nothing', async () => {
      const { id, token } = await approvedWithToken();
      const session = await startCheckout(token);
      const event = stripe.signedEvent('checkout.session.completed', paid(session));
      const tampered = {
        ...event,
        payload: event.payload.replace('"amount_total":9900', '"amount_total":1'),
      };
      const stale = stripe.signedEvent('checkout.session.completed', paid(session), {
        timestamp: Math.floor(t.clock.now.getTime() / 1000) - 3600,
      });
      for (const bad of [
        tampered,
        stale,
        { payload: event.payload, signature: 't=1,v1=deadbeef' },
      ]) {
        const res = await deliver(bad);
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toMatch(/signature/);
      }
      const unsigned = await t.app.inject({
        method: 'POST',
        url: '/api/stripe/webhook',
        payload: { id: 'evt_1' },
      });
      expect(unsigned.statusCode).toBe(400);
      expect((await submission(id)).status).toBe('approved');
      expect(await count('processed_webhook_events')).toBe(0);
    });

    it('acknowledges an event for an unknown submission without changing anything', async () => {
      const ghost = {
        ...paid(await startCheckout((await approvedWithToken()).token)),
        client_reference_id: '999999',
        metadata: { submissionId: '999999' },
      };
      const res = await deliver(stripe.signedEvent('checkout.session.completed', ghost));
      expect(res.statusCode).toBe(200);
      expect(await count('jobs')).toBe(0);
      expect(await count('processed_webhook_events')).toBe(1);
    });

    it('does not publish a submission that was rejected meanwhile', async () => {
      const { id, token } = await approvedWithToken();
      const session = await startCheckout(token);
      await t.db('submissions').where({ id }).update({ status: 'rejected' });
      expect(
        (await deliver(stripe.signedEvent('checkout.session.completed', paid(session)))).statusCode,
      ).toBe(200);
      expect(await count('jobs')).toBe(0);
    });

    it('leaves nothing half done when it fails between the writes, and the retry applies it whole', async () => {
      const { id, token } = await approvedWithToken();
      const session = await startCheckout(token);
      const event = stripe.signedEvent('checkout.session.completed', paid(session));
      const create = t.app.jobs.create.bind(t.app.jobs);
      const crash = vi.spyOn(t.app.jobs, 'create').mockImplementationOnce(async (...args) => {
        await create(...args); // the job row is written...
        throw new Error('power cut'); // ...and the process dies before the rest
      });
      const failed = await deliver(event);
      expect(failed.statusCode).toBe(500);
      expect((await submission(id)).status).toBe('approved');
      expect(await count('jobs')).toBe(0);
      expect(await count('outbox')).toBe(0);
      expect(await count('processed_webhook_events')).toBe(0);
      crash.mockRestore();
      expect((await deliver(event)).statusCode).toBe(200); // Stripe retries the same event
      expect((await submission(id)).status).toBe('paid');
      expect(await count('jobs')).toBe(1);
    });
  });

  describe('the listing lifecycle', () => {
    it('expires a Featured Listing 30 days after payment: off the lists, page kept', async () => {
      const { id, token } = await approvedWithToken();
      await deliver(
        stripe.signedEvent('checkout.session.completed', paid(await startCheckout(token))),
      );
      const jobId = (await submission(id)).job_id;
      t.clock.now = new Date('2026-12-22T11:59:59Z');
      expect((await t.app.inject('/api/jobs')).json()).toHaveLength(1);
      t.clock.now = new Date('2026-12-22T12:00:00Z');
      expect((await t.app.inject('/api/jobs')).json()).toHaveLength(0);
      expect(
        (await t.app.inject({ method: 'POST', url: '/api/jobs/search', payload: {} })).json().total,
      ).toBe(0);
      const page = await t.app.inject(`/api/jobs/${jobId}`);
      expect(page.statusCode).toBe(200);
      expect(page.json().expired).toBe(true);
    });

    it('never expires a Multiples Listing and gives the contact two more listings', async () => {
      const { id, token } = await approvedWithToken({
        listing_type: 'featured',
        amount_cents: 19_900,
      });
      await deliver(
        stripe.signedEvent('checkout.session.completed', paid(await startCheckout(token))),
      );
      const job: Job = (await t.app.inject(`/api/jobs/${(await submission(id)).job_id}`)).json();
      expect(job.featured).toBe(true);
      expect(job.expiresAt).toBeUndefined();
      expect(
        await t.db('listing_credits').where({ source_submission_id: id }).first(),
      ).toMatchObject({
        contact_email: 'sam@openballot.example',
        remaining: 2,
      });
      t.clock.now = new Date('2028-01-01T00:00:00Z');
      expect((await t.app.inject('/api/jobs')).json()).toHaveLength(1);
    });

    it('counts a promo code as redeemed when the listing is paid', async () => {
      const [promo] = await t
        .db('promo_codes')
        .insert({ code: 'NONPROFIT20', percent_off: 20, created_at: 0, updated_at: 0 })
        .returning('id');
      const promoId = typeof promo === 'object' ? promo.id : promo;
      const { token } = await approvedWithToken({
        promo_code: 'NONPROFIT20',
        promo_code_id: promoId,
        amount_cents: 7_920,
      });
      await deliver(
        stripe.signedEvent('checkout.session.completed', paid(await startCheckout(token))),
      );
      expect((await t.db('promo_codes').where({ id: promoId }).first()).redemptions).toBe(1);
    });
  });
});

describe(`payments while Stripe cannot be reached on ${testDatabase}`, () => {
  /** An app whose Stripe SDK talks to `stripeUrl`, with an approved submission and its link. */
  async function appWithStripeAt(stripeUrl: string, timeoutMs?: number) {
    const app = await buildTestApp({
      env: {
        STRIPE_SECRET_KEY: 'sk_test_board',
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        STRIPE_API_URL: stripeUrl,
      },
      configure: (config) => {
        if (timeoutMs !== undefined) config.stripe!.timeoutSeconds = timeoutMs / 1000;
      },
    });
    const id = await insertSubmission(app.db);
    const { token } = await app.app.payments.issueLink(app.db, id, app.clock.now);
    const checkout = () => app.app.inject({ method: 'POST', url: `/api/pay/${token}/checkout` });
    return { app, checkout };
  }

  /** A clear 503 in JSON, the message and nothing else: no stack, no Stripe error text. */
  function expectUnavailable(res: Awaited<ReturnType<TestApp['app']['inject']>>) {
    expect(res.statusCode, res.body).toBe(503);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toEqual({ message: PAYMENT_MESSAGES.unreachable });
  }

  /** A stand-in for Stripe that answers every request with `status` and `body`. */
  async function brokenStripe(status: number, type: string, body: string) {
    const server = createServer((_req, res) => {
      res.writeHead(status, { 'content-type': type });
      res.end(body);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return {
      url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      close: () => new Promise((resolve) => server.close(resolve)),
    };
  }

  it('answers 503 with a message to try again when nothing listens at STRIPE_API_URL', async () => {
    const { app, checkout } = await appWithStripeAt(`http://127.0.0.1:${await freePort()}`);
    try {
      expectUnavailable(await checkout());
      expect(Number((await app.db('payments').count({ n: '*' }))[0]!.n)).toBe(0);
    } finally {
      await app.close();
    }
  });

  it('answers the same 503 when Stripe takes the request and never answers, after one retry', async () => {
    const sockets = new Set<Socket>();
    let requests = 0;
    const silent = createServer(() => void (requests += 1)); // takes every request, answers none
    silent.on('connection', (socket) => sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`;
    // A timeout of a twentieth of a second: the checkout gives up by itself, the test waits on no
    // whole-second timeout.
    const { app, checkout } = await appWithStripeAt(url, 50);
    try {
      expectUnavailable(await checkout());
      // One try and one retry, each given up after the timeout.
      expect(requests).toBe(2);
      expect(Number((await app.db('payments').count({ n: '*' }))[0]!.n)).toBe(0);
    } finally {
      await app.close();
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  });

  it.each([
    ['fails with a 500', 500, 'application/json', '{"error":{"type":"api_error","message":"x"}}'],
    ['is behind a proxy answering an HTML 502', 502, 'text/html', '<html>Bad Gateway</html>'],
    ['answers 200 with something that is not JSON', 200, 'text/plain', 'at Stripe.request'],
  ])('answers the same 503 when Stripe %s', async (_name, status, type, body) => {
    const broken = await brokenStripe(status, type, body);
    const { app, checkout } = await appWithStripeAt(broken.url);
    try {
      expectUnavailable(await checkout());
    } finally {
      await app.close();
      await broken.close();
    }
  });

  it('answers 503 while the Stripe service is stopped, and starts the checkout once it is back', async () => {
    const port = await freePort();
    let fake = await startFakeStripe({ webhookSecret: WEBHOOK_SECRET, port });
    const { app, checkout } = await appWithStripeAt(fake.url);
    try {
      await fake.close();
      expectUnavailable(await checkout());
      expectUnavailable(await checkout());
      fake = await startFakeStripe({ webhookSecret: WEBHOOK_SECRET, port });
      const res = await checkout();
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().url).toMatch(new RegExp(`^${fake.url}/checkout/cs_test_`));
    } finally {
      await app.close();
      await fake.close();
    }
  });
});
