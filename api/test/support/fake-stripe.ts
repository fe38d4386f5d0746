import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/**
 * A small stand-in for the Stripe API on 127.0.0.1, for the official SDK pointed at it
 * (STRIPE_API_URL). It creates Checkout Sessions (honouring idempotency keys, as Stripe does) and
 * expires open ones, records every request, and serves a checkout page whose Pay button marks the
 * session paid, delivers a signed `checkout.session.completed` to the webhook URL and returns to
 * success_url. `down = true` makes every API call fail with a 503, as during a Stripe outage.
 */
export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  form: Record<string, string>;
}

export interface FakeSession {
  id: string;
  object: 'checkout.session';
  mode: string;
  url: string;
  amount_total: number;
  currency: string;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  payment_status: 'unpaid' | 'paid';
  status: 'open' | 'complete' | 'expired';
  success_url: string;
  cancel_url: string;
  customer_email: string | null;
}

export interface FakeStripe {
  url: string;
  /** Where the checkout page's Pay button delivers the event; may be set after the start. */
  webhookUrl: string;
  requests: RecordedRequest[];
  sessions: Map<string, FakeSession>;
  /** While true, every API call (not the checkout page) answers 503: Stripe is unreachable. */
  down: boolean;
  /**
   * Forget every session, idempotency key and request, and come back up: for a test whose fresh
   * database numbers its submissions from 1 again, as the last test's did.
   */
  reset(): void;
  /**
   * The clock events are signed by: an API test that moves its app's clock sets it to the app's
   * (`stripe.clock = t.clock`), since the webhook counts an event's age on the app's clock; the
   * real clock (the default) is for a board that runs as a process of its own (e2e).
   */
  clock: { readonly now: Date };
  /** Build a signed event for a session, as Stripe would deliver it. */
  signedEvent(
    type: string,
    session: FakeSession,
    options?: { id?: string; timestamp?: number },
  ): SignedEvent;
  close(): Promise<void>;
}

export interface SignedEvent {
  id: string;
  payload: string;
  signature: string;
}

export interface FakeStripeOptions {
  port?: number;
  webhookSecret: string;
  /** Where the checkout page's Pay button delivers the event (the app's webhook). */
  webhookUrl?: string;
}

const signer = new Stripe('sk_test_fake_signer');

export async function startFakeStripe(options: FakeStripeOptions): Promise<FakeStripe> {
  const requests: RecordedRequest[] = [];
  const sessions = new Map<string, FakeSession>();
  const byIdempotencyKey = new Map<string, FakeSession>();
  let base = '';
  const fake: FakeStripe = {
    url: '',
    webhookUrl: options.webhookUrl ?? '',
    clock: {
      get now() {
        return new Date();
      },
    },
    requests,
    sessions,
    down: false,
    reset() {
      requests.length = 0;
      sessions.clear();
      byIdempotencyKey.clear();
      fake.down = false;
    },
    signedEvent: (...args) => signedEvent(...args),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };

  const signedEvent: FakeStripe['signedEvent'] = (type, session, eventOptions = {}) => {
    const id = eventOptions.id ?? `evt_${randomBytes(8).toString('hex')}`;
    const payload = JSON.stringify({
      id,
      object: 'event',
      type,
      data: { object: session },
      created: Math.floor(fake.clock.now.getTime() / 1000),
    });
    const signature = signer.webhooks.generateTestHeaderString({
      payload,
      secret: options.webhookSecret,
      timestamp: eventOptions.timestamp ?? Math.floor(fake.clock.now.getTime() / 1000),
    });
    return { id, payload, signature };
  };

  const server = createServer(async (req, res) => {
    const body = await readBody(req);
    const url = new URL(req.url ?? '/', base);
    const form = Object.fromEntries(new URLSearchParams(body));
    requests.push({ method: req.method ?? '', path: url.pathname, headers: req.headers, form });
    try {
      if (url.pathname.startsWith('/v1/') && fake.down) {
        return json(res, 503, { error: { type: 'api_error', message: 'Stripe is down (fake)' } });
      }
      if (req.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
        return createSession(req, res, form);
      }
      const expire = /^\/v1\/checkout\/sessions\/(cs_\w+)\/expire$/.exec(url.pathname);
      if (req.method === 'POST' && expire) return expireSession(res, expire[1]!);
      const page = /^\/checkout\/(cs_\w+)(\/pay)?$/.exec(url.pathname);
      const session = page ? sessions.get(page[1]!) : undefined;
      if (session && req.method === 'GET' && !page![2]) return checkoutPage(res, session);
      if (session && req.method === 'POST' && page![2]) return pay(res, session);
      json(res, 404, {
        error: {
          type: 'invalid_request_error',
          message: `Unrecognized request URL (${req.method}: ${url.pathname})`,
        },
      });
    } catch (error) {
      json(res, 500, { error: { type: 'api_error', message: String(error) } });
    }
  });

  function createSession(req: IncomingMessage, res: ServerResponse, form: Record<string, string>) {
    if (!String(req.headers.authorization ?? '').startsWith('Bearer sk_test_')) {
      return json(res, 401, {
        error: { type: 'invalid_request_error', message: 'Invalid API Key provided' },
      });
    }
    const key = req.headers['idempotency-key'];
    const known = typeof key === 'string' ? byIdempotencyKey.get(key) : undefined;
    if (known) return json(res, 200, known);
    const id = `cs_test_${randomBytes(12).toString('hex')}`;
    const session: FakeSession = {
      id,
      object: 'checkout.session',
      mode: form.mode ?? '',
      url: `${base}/checkout/${id}`,
      amount_total:
        Number(form['line_items[0][price_data][unit_amount]']) *
        Number(form['line_items[0][quantity]'] ?? 1),
      currency: form['line_items[0][price_data][currency]'] ?? 'usd',
      client_reference_id: form.client_reference_id ?? null,
      // Every metadata key sent (as Stripe keeps them); a session made with none has {}.
      metadata: Object.fromEntries(
        Object.entries(form).flatMap(([key, value]) => {
          const name = /^metadata\[(\w+)\]$/.exec(key)?.[1];
          return name ? [[name, value]] : [];
        }),
      ),
      payment_status: 'unpaid',
      status: 'open',
      success_url: form.success_url ?? '',
      cancel_url: form.cancel_url ?? '',
      customer_email: form.customer_email ?? null,
    };
    sessions.set(id, session);
    if (typeof key === 'string') byIdempotencyKey.set(key, session);
    json(res, 200, session);
  }

  /** As Stripe: only an open session can be expired; anything else is a 400. */
  function expireSession(res: ServerResponse, id: string) {
    const session = sessions.get(id);
    if (!session) {
      return json(res, 404, {
        error: { type: 'invalid_request_error', message: `No such checkout.session: '${id}'` },
      });
    }
    if (session.status !== 'open') {
      return json(res, 400, {
        error: {
          type: 'invalid_request_error',
          message: 'Only Checkout Sessions with a status in ["open"] can be expired.',
        },
      });
    }
    session.status = 'expired';
    json(res, 200, session);
  }

  function checkoutPage(res: ServerResponse, session: FakeSession) {
    if (session.status !== 'open') {
      res.writeHead(410, { 'Content-Type': 'text/html; charset=utf-8' });
      res.end(`<!DOCTYPE html><html lang="en"><head><title>Fake Stripe Checkout</title></head>
        <body><main><h1>This checkout session is ${session.status}</h1></main></body></html>`);
      return;
    }
    const amount = (session.amount_total / 100).toFixed(2);
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end(`<!DOCTYPE html><html lang="en"><head><title>Fake Stripe Checkout</title></head><body>
      <main><h1>Fake Stripe Checkout</h1><p>Amount due: $${amount} ${session.currency.toUpperCase()}</p>
      <form method="post" action="/checkout/${session.id}/pay"><button type="submit">Pay $${amount}</button></form>
      <a href="${escapeHtml(session.cancel_url)}">Cancel</a></main></body></html>`);
  }

  async function pay(res: ServerResponse, session: FakeSession) {
    if (session.status !== 'open') return checkoutPage(res, session);
    session.payment_status = 'paid';
    session.status = 'complete';
    if (fake.webhookUrl) {
      const event = signedEvent('checkout.session.completed', session);
      await fetch(fake.webhookUrl, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Stripe-Signature': event.signature },
        body: event.payload,
      });
    }
    res.writeHead(303, {
      Location: session.success_url.replace('{CHECKOUT_SESSION_ID}', session.id),
    });
    res.end();
  }

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.url = base;
  return fake;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let data = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (data += chunk));
    req.on('end', () => resolve(data));
    req.on('error', reject);
  });
}

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, {
    'Content-Type': 'application/json',
    'Request-Id': `req_${randomBytes(6).toString('hex')}`,
  });
  res.end(JSON.stringify(body));
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
