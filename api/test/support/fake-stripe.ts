import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { decodeForm, stripeParamProblems, stripeTypes } from './stripe-params';

/**
 * A small stand-in for the Stripe API on 127.0.0.1, for the official SDK pointed at it
 * (STRIPE_API_URL). It creates Checkout Sessions (honouring idempotency keys, as Stripe does) and
 * expires open ones, records every request, and serves a checkout page whose Pay button marks the
 * session paid, delivers a signed `checkout.session.completed` to the webhook URL and returns to
 * success_url. `down = true` makes every API call fail with a 503, as during a Stripe outage.
 *
 * Invoices too (issue 47): customers, invoice items, invoices created, finalized (due
 * `days_until_due` after, on its clock), sent and paid out of band, and a hosted invoice page whose
 * Pay button delivers a signed `invoice.paid`. Every API call is first checked against the
 * parameters Stripe documents for it (stripe-params.ts, read from the `stripe` package's own
 * types): an unknown parameter, a missing required one or a word Stripe does not list is answered
 * 400 as Stripe would, and kept in `paramProblems`, so the test that made it fails.
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

/** An invoice as the fake keeps it (the fields the board reads, and what it was sent). */
export interface FakeInvoice {
  id: string;
  object: 'invoice';
  customer: string;
  status: 'draft' | 'open' | 'paid' | 'void';
  collection_method: string;
  days_until_due: number | null;
  due_date: number | null;
  currency: string;
  amount_due: number;
  amount_paid: number;
  description: string | null;
  footer: string | null;
  custom_fields: { name: string; value: string }[] | null;
  metadata: Record<string, string>;
  hosted_invoice_url: string | null;
  paid_out_of_band: boolean;
}

export interface FakeCustomer {
  id: string;
  object: 'customer';
  name: string | null;
  email: string | null;
  address: Record<string, string> | null;
  metadata: Record<string, string>;
}

export interface FakeStripe {
  url: string;
  invoices: Map<string, FakeInvoice>;
  customers: Map<string, FakeCustomer>;
  /** What the parameter check refused (method, path: problem), in order; [] when all passed. */
  paramProblems: string[];
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
  /** Build a signed event for a session or an invoice, as Stripe would deliver it. */
  signedEvent(
    type: string,
    object: FakeSession | FakeInvoice,
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
  stripeTypes();
  const requests: RecordedRequest[] = [];
  const sessions = new Map<string, FakeSession>();
  const invoices = new Map<string, FakeInvoice>();
  const customers = new Map<string, FakeCustomer>();
  const paramProblems: string[] = [];
  const byIdempotencyKey = new Map<string, unknown>();
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
    invoices,
    customers,
    paramProblems,
    down: false,
    reset() {
      requests.length = 0;
      paramProblems.length = 0;
      sessions.clear();
      invoices.clear();
      customers.clear();
      byIdempotencyKey.clear();
      fake.down = false;
    },
    signedEvent: (...args) => signedEvent(...args),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };

  const signedEvent: FakeStripe['signedEvent'] = (type, session, eventOptions = {}) => {
    // The object as it is when the event is built (a later change is not in an earlier event).
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
      if (url.pathname.startsWith('/v1/')) {
        if (!String(req.headers.authorization ?? '').startsWith('Bearer sk_test_')) {
          return json(res, 401, {
            error: { type: 'invalid_request_error', message: 'Invalid API Key provided' },
          });
        }
        const problems = stripeParamProblems(
          req.method ?? '',
          url.pathname,
          new URLSearchParams(body),
        );
        if (problems?.length) {
          paramProblems.push(...problems.map((p) => `${req.method} ${url.pathname}: ${p}`));
          return json(res, 400, {
            error: { type: 'invalid_request_error', message: problems.join('; ') },
          });
        }
        const key = req.headers['idempotency-key'];
        if (typeof key === 'string' && byIdempotencyKey.has(key)) {
          return json(res, 200, byIdempotencyKey.get(key));
        }
        const remember = (answer: unknown) => {
          if (typeof key === 'string') byIdempotencyKey.set(key, answer);
          return answer;
        };
        const invoiceAnswer = billingCall(req.method ?? '', url.pathname, form);
        if (invoiceAnswer) {
          const [status, answer] = invoiceAnswer;
          return json(res, status, status === 200 ? remember(answer) : answer);
        }
      }
      if (req.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
        return createSession(req, res, form);
      }
      const invoicePage = /^\/invoice\/(in_\w+)(\/pay)?$/.exec(url.pathname);
      const shown = invoicePage ? invoices.get(invoicePage[1]!) : undefined;
      if (shown && req.method === 'GET' && !invoicePage![2]) return invoiceHtml(res, shown);
      if (shown && req.method === 'POST' && invoicePage![2]) return payInvoicePage(res, shown);
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
    const key = req.headers['idempotency-key'];
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

  /** A signed event delivered to the webhook URL (when one is set), as Stripe would. */
  async function deliverToWebhook(type: string, object: FakeSession | FakeInvoice) {
    if (!fake.webhookUrl) return;
    const event = signedEvent(type, object);
    await fetch(fake.webhookUrl, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Stripe-Signature': event.signature },
      body: event.payload,
    });
  }

  async function pay(res: ServerResponse, session: FakeSession) {
    if (session.status !== 'open') return checkoutPage(res, session);
    session.payment_status = 'paid';
    session.status = 'complete';
    await deliverToWebhook('checkout.session.completed', session);
    res.writeHead(303, {
      Location: session.success_url.replace('{CHECKOUT_SESSION_ID}', session.id),
    });
    res.end();
  }

  /** Customers, invoice items and invoices: [status, answer], or undefined for another call. */
  function billingCall(
    method: string,
    path: string,
    form: Record<string, string>,
  ): [number, unknown] | undefined {
    if (method !== 'POST') return undefined;
    const decoded = decodeForm(new URLSearchParams(form)) as Record<string, never>;
    const notFound = (kind: string, id: string): [number, unknown] => [
      404,
      { error: { type: 'invalid_request_error', message: `No such ${kind}: '${id}'` } },
    ];
    if (path === '/v1/customers') {
      const customer: FakeCustomer = {
        id: `cus_${randomBytes(8).toString('hex')}`,
        object: 'customer',
        name: form.name ?? null,
        email: form.email ?? null,
        address: decoded.address ?? null,
        metadata: decoded.metadata ?? {},
      };
      customers.set(customer.id, customer);
      return [200, customer];
    }
    if (path === '/v1/invoices') {
      if (!form.customer || !customers.has(form.customer))
        return notFound('customer', form.customer ?? '');
      const invoice: FakeInvoice = {
        id: `in_${randomBytes(8).toString('hex')}`,
        object: 'invoice',
        customer: form.customer,
        status: 'draft',
        collection_method: form.collection_method ?? 'charge_automatically',
        days_until_due: form.days_until_due ? Number(form.days_until_due) : null,
        due_date: null,
        currency: form.currency ?? 'usd',
        amount_due: 0,
        amount_paid: 0,
        description: form.description ?? null,
        footer: form.footer ?? null,
        custom_fields: decoded.custom_fields ?? null,
        metadata: decoded.metadata ?? {},
        hosted_invoice_url: null,
        paid_out_of_band: false,
      };
      invoices.set(invoice.id, invoice);
      return [200, invoice];
    }
    if (path === '/v1/invoiceitems') {
      const invoice = form.invoice ? invoices.get(form.invoice) : undefined;
      if (form.invoice && !invoice) return notFound('invoice', form.invoice);
      if (invoice && invoice.status !== 'draft') {
        return [
          400,
          { error: { type: 'invalid_request_error', message: 'Invoice is not a draft' } },
        ];
      }
      if (invoice) invoice.amount_due += Number(form.amount ?? 0);
      return [
        200,
        {
          id: `ii_${randomBytes(8).toString('hex')}`,
          object: 'invoiceitem',
          amount: Number(form.amount ?? 0),
          invoice: form.invoice ?? null,
        },
      ];
    }
    const action = /^\/v1\/invoices\/(\w+)\/(finalize|send|pay)$/.exec(path);
    if (!action) return undefined;
    const invoice = invoices.get(action[1]!);
    if (!invoice) return notFound('invoice', action[1]!);
    const refuse = (message: string): [number, unknown] => [
      400,
      { error: { type: 'invalid_request_error', message } },
    ];
    if (action[2] === 'finalize') {
      if (invoice.status !== 'draft') return refuse('This invoice is already finalized');
      invoice.status = 'open';
      const now = Math.floor(fake.clock.now.getTime() / 1000);
      invoice.due_date = now + (invoice.days_until_due ?? 0) * 86_400;
      invoice.hosted_invoice_url = `${base}/invoice/${invoice.id}`;
    } else if (action[2] === 'send') {
      if (invoice.status !== 'open' || invoice.collection_method !== 'send_invoice') {
        return refuse('Only open invoices with collection_method send_invoice can be sent');
      }
    } else {
      if (invoice.status !== 'open') return refuse('Invoice is already paid or not open');
      invoice.status = 'paid';
      invoice.amount_paid = invoice.amount_due;
      invoice.paid_out_of_band = form.paid_out_of_band === 'true';
    }
    return [200, { ...invoice }];
  }

  function invoiceHtml(res: ServerResponse, invoice: FakeInvoice) {
    const amount = (invoice.amount_due / 100).toFixed(2);
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end(`<!DOCTYPE html><html lang="en"><head><title>Fake Stripe invoice</title></head><body>
      <main><h1>Invoice ${invoice.id}</h1><p>Status: ${invoice.status}</p><p>Amount due: $${amount}</p>
      ${invoice.status === 'open' ? `<form method="post" action="/invoice/${invoice.id}/pay"><button type="submit">Pay $${amount}</button></form>` : ''}
      </main></body></html>`);
  }

  /** The hosted invoice page's Pay button: paid, and `invoice.paid` delivered to the webhook. */
  async function payInvoicePage(res: ServerResponse, invoice: FakeInvoice) {
    if (invoice.status === 'open') {
      invoice.status = 'paid';
      invoice.amount_paid = invoice.amount_due;
      await deliverToWebhook('invoice.paid', invoice);
    }
    return invoiceHtml(res, invoice);
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
