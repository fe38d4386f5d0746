import { BILLING_MESSAGES, INVOICE_DUE_DAYS, type PayPageView } from '@jobboard/contract/payments';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BillingBoard,
  CHECK_RECEIVED,
  FINANCE,
  PARTY_PDF_LINES,
  PUBLISHER,
} from '../support/billing';
import { signedInEmployer } from '../support/employers';
import type { FakeInvoice, FakeStripe } from '../support/fake-stripe';
import { count, startCheckout } from '../support/payments';
import { pdfText } from '../support/pdf-text';
import { insertSubmission } from '../support/submissions';
import { testDatabase, type TestApp } from '../support/test-app';

/**
 * Issue 47, billing as nonprofits pay, as its users act: a finance team asks for an invoice with
 * their PO number and pays it; an admin records a check with Stripe configured; the receipt PDF
 * names both parties; a card payment gets Stripe's invoice too; a nonprofit price. Every request
 * the board sends Stripe is checked by the fake against Stripe's documented parameters
 * (support/stripe-params.ts): `paramProblems` stays empty, or the board's call failed.
 */

const START = new Date('2026-11-22T12:00:00Z');
const DAY_MS = 24 * 60 * 60 * 1000;

let board: BillingBoard;
let fake: FakeStripe;
let t: TestApp;
let admin: BillingBoard['admin'];

beforeAll(async () => {
  board = await BillingBoard.start(START);
  ({ fake, t, admin } = board);
});
afterAll(() => board.close());

const approvedListing = (email: string, title: string) => board.approvedListing(email, title);
const settings = (change: Record<string, unknown>) => board.settings(change);
const requestInvoice = (token: string, body?: Record<string, unknown>) =>
  board.requestInvoice(token, body);
const invoicePaid = (invoice: FakeInvoice, eventId?: string) => board.invoicePaid(invoice, eventId);
const submission = (id: number) => t.db('submissions').where({ id }).first();
const invoiceOf = (id: number) => board.invoiceOf(id);
const fakeInvoice = (id: number) => board.fakeInvoice(id);

describe(`billing as nonprofits pay on ${testDatabase} (issue 47)`, () => {
  it('an invoice requested with PO 4471 is sent by Stripe (send_invoice, Net 30) and publishes the listing once paid', async () => {
    await settings({ invoicePublishing: 'on_payment' });
    const { id, token } = await approvedListing('finance@openballot.example', 'Invoice on payment');
    const before = fake.requests.length;

    const res = await requestInvoice(token);
    expect(res.statusCode, res.body).toBe(200);
    const due = new Date(START.getTime() + INVOICE_DUE_DAYS * DAY_MS).toISOString().slice(0, 10);
    expect(res.json()).toMatchObject({ dueOn: due, published: 'on_payment' });
    expect(res.json().message).toBe(
      `${BILLING_MESSAGES.invoiceSent('finance@openballot.example', due)} ${BILLING_MESSAGES.publishedOnPayment}`,
    );

    // A Customer, a draft Invoice to send, its item, finalized, sent: in that order.
    // (A retry of the SDK on a slow machine repeats a call with its idempotency key: counted once.)
    const keys = new Set<unknown>();
    const calls = fake.requests
      .slice(before)
      .filter(
        (r) => !keys.has(r.headers['idempotency-key']) && keys.add(r.headers['idempotency-key']),
      )
      .map((r) => `${r.method} ${r.path.replace(/in_\w+/, 'in_')}`);
    expect(calls).toEqual([
      'POST /v1/customers',
      'POST /v1/invoices',
      'POST /v1/invoiceitems',
      'POST /v1/invoices/in_/finalize',
      'POST /v1/invoices/in_/send',
    ]);
    const invoice = await fakeInvoice(id);
    expect(invoice).toMatchObject({
      status: 'open',
      collection_method: 'send_invoice',
      days_until_due: INVOICE_DUE_DAYS,
      amount_due: 9_900,
      currency: 'usd',
      custom_fields: [
        { name: 'PO number', value: '4471' },
        { name: 'Tax ID', value: '52-1234567' },
      ],
      metadata: { submissionId: String(id) },
    });
    expect(fake.customers.get(invoice.customer)).toMatchObject({
      name: 'Open Ballot Project, Inc.',
      email: 'finance@openballot.example',
      address: { line1: '1200 Main Street, Suite 4', line2: 'Baltimore, MD 21201' },
    });
    // Not live until paid; the pay page shows the invoice and no second one can be asked for.
    expect(await submission(id)).toMatchObject({ status: 'approved', job_id: null });
    const page = (await t.app.inject(`/api/pay/${token}`)).json<PayPageView>();
    expect(page.invoice).toEqual({ dueOn: due, url: invoice.hosted_invoice_url, paid: false });
    expect(page.billing).toMatchObject({ legalName: FINANCE.legalName, poNumber: '4471' });
    expect((await requestInvoice(token)).json()).toMatchObject({
      message: BILLING_MESSAGES.invoiceAlreadySent,
    });

    // Paid: Stripe's signed invoice.paid publishes it; the same event again changes nothing.
    t.clock.now = new Date(START.getTime() + 12 * DAY_MS);
    await invoicePaid(invoice, 'evt_invoice_paid_4471');
    const paid = await submission(id);
    expect(paid).toMatchObject({ status: 'paid' });
    expect(paid.job_id).not.toBeNull();
    expect(await invoiceOf(id)).toMatchObject({ status: 'paid', amount_cents: 9_900 });
    await invoicePaid(invoice, 'evt_invoice_paid_4471');
    expect(await count(t, 'jobs', { id: paid.job_id })).toBe(1);
    expect(await count(t, 'payments', { submission_id: id, status: 'paid' })).toBe(1);
    t.clock.now = START;
  });

  it('with "publish on approval" the listing goes live when the invoice is sent, and invoice.paid records it paid', async () => {
    await settings({ invoicePublishing: 'on_approval' });
    const { id, token } = await approvedListing('hr@riverkeepers.example', 'Invoice on approval');
    const res = await requestInvoice(token, {
      ...FINANCE,
      legalName: 'Riverkeepers',
      poNumber: '',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ published: 'now' });
    const live = await submission(id);
    expect(live.status).toBe('paid');
    expect(live.job_id).not.toBeNull();
    expect(await invoiceOf(id)).toMatchObject({ status: 'invoiced', paid_at: null });
    // Nothing counts as money in until it is paid.
    expect(await count(t, 'payments', { submission_id: id, status: 'paid' })).toBe(0);
    expect((await fakeInvoice(id)).custom_fields).toEqual([
      { name: 'Tax ID', value: '52-1234567' },
    ]);

    await invoicePaid(await fakeInvoice(id));
    expect(await invoiceOf(id)).toMatchObject({ status: 'paid' });
    const history = await t.db('submission_events').where({ submission_id: id }).orderBy('id');
    expect(history.map((e) => e.note)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(
          /^Invoice in_\w+ sent to Riverkeepers, due \d{4}-\d{2}-\d{2}; published on approval$/,
        ),
        expect.stringMatching(/^Invoice in_\w+ paid$/),
      ]),
    );
  });

  it('sends one invoice for two presses at once: the second is told it was sent', async () => {
    await settings({ invoicePublishing: 'on_payment' });
    const { id, token } = await approvedListing('twice@openballot.example', 'Pressed twice');
    const answers = await Promise.all([requestInvoice(token), requestInvoice(token)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const sentToStripe = [...fake.invoices.values()].filter(
      (invoice) => invoice.metadata.submissionId === String(id),
    );
    expect(sentToStripe).toHaveLength(1);
    expect(await count(t, 'payments', { submission_id: id, status: 'invoiced' })).toBe(1);
  });

  it('refuses an invoice form without a legal name or address, saying which, and saves nothing', async () => {
    const { id, token } = await approvedListing('blank@openballot.example', 'Blank invoice form');
    const before = fake.requests.length;
    const res = await requestInvoice(token, { ...FINANCE, legalName: '  ', billingAddress: '' });
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain(BILLING_MESSAGES.legalName);
    expect(JSON.stringify(res.json())).toContain(BILLING_MESSAGES.billingAddress);
    const long = await requestInvoice(token, { ...FINANCE, poNumber: 'P'.repeat(41) });
    expect(JSON.stringify(long.json())).toContain(BILLING_MESSAGES.poNumber);
    expect(fake.requests.length).toBe(before);
    expect(await count(t, 'billing_details', { submission_id: id })).toBe(0);
  });

  it('an admin records a check with its reference while Stripe is configured: paid, live, in the history', async () => {
    await settings({ invoicePublishing: 'on_payment' });
    const { id } = await approvedListing('treasurer@foodbank.example', 'Paid by check');
    // The older mark-paid still refuses with Stripe configured; the offline payment does not.
    expect(
      (await admin({ method: 'POST', url: `/api/admin/submissions/${id}/mark-paid` })).statusCode,
    ).toBe(409);
    const bad = await admin({
      method: 'POST',
      url: `/api/admin/submissions/${id}/offline-payment`,
      payload: { method: 'cash', reference: '', amountCents: -1, receivedOn: '28/11/2026' },
    });
    expect(bad.statusCode).toBe(400);
    for (const message of [
      BILLING_MESSAGES.offlineMethod,
      BILLING_MESSAGES.offlineReference,
      BILLING_MESSAGES.offlineAmount,
      BILLING_MESSAGES.offlineReceivedOn,
    ]) {
      expect(JSON.stringify(bad.json())).toContain(message);
    }
    const res = await board.recordOffline(id, CHECK_RECEIVED);
    expect(res.statusCode, res.body).toBe(200);
    const live = await submission(id);
    expect(live).toMatchObject({ status: 'paid' });
    expect(res.json()).toEqual({ paymentId: expect.any(String), jobId: String(live.job_id) });
    expect(
      await t
        .db('payments')
        .where({ id: Number(res.json().paymentId) })
        .first(),
    ).toMatchObject({
      provider: 'offline',
      status: 'paid',
      amount_cents: 9_900,
      offline_method: 'check',
      offline_reference: '10293',
      received_on: '2026-11-21',
    });
    const events = await t.db('submission_events').where({ submission_id: id, to_status: 'paid' });
    expect(events.map((e) => e.note)).toEqual([
      'Check 10293, $99 received 2026-11-21, recorded by alice',
    ]);
    const again = await admin({
      method: 'POST',
      url: `/api/admin/submissions/${id}/offline-payment`,
      payload: {
        method: 'check',
        reference: '10294',
        amountCents: 9_900,
        receivedOn: '2026-11-21',
      },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(BILLING_MESSAGES.offlineAlreadyPaid);
  });

  it('a bank transfer recorded for a listing live on an unpaid invoice settles the invoice at Stripe too', async () => {
    await settings({ invoicePublishing: 'on_approval' });
    const { id, token } = await approvedListing(
      'cfo@library.example',
      'Invoice settled by transfer',
    );
    expect((await requestInvoice(token)).statusCode).toBe(200);
    const res = await admin({
      method: 'POST',
      url: `/api/admin/submissions/${id}/offline-payment`,
      payload: {
        method: 'bank_transfer',
        reference: 'ACH 0099',
        amountCents: 9_900,
        receivedOn: '2026-11-22',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(
      await t
        .db('payments')
        .where({ submission_id: id })
        .orderBy('id')
        .select('provider', 'status'),
    ).toEqual([
      { provider: 'stripe', status: 'void' },
      { provider: 'offline', status: 'paid' },
    ]);
    const invoice = fake.invoices.get(
      String(
        (await t.db('payments').where({ submission_id: id, status: 'void' }).first())
          .stripe_invoice_id,
      ),
    )!;
    expect(invoice).toMatchObject({ status: 'paid', paid_out_of_band: true });
  });

  it("the receipt PDF names the organization, its address, PO 4471 and the publication's EIN; another address gets 404", async () => {
    await settings({ invoicePublishing: 'on_payment', ...PUBLISHER });
    const email = 'ap@openballot.example';
    const { id, token } = await approvedListing(email, 'Receipt as PDF');
    expect((await requestInvoice(token)).statusCode).toBe(200);
    await invoicePaid(await fakeInvoice(id));

    const employer = await signedInEmployer(t, email);
    const listings = (await employer({ method: 'GET', url: '/api/employer/listings' })).json();
    const receiptId = listings.listings.find(
      (l: { title: string }) => l.title === 'Receipt as PDF',
    ).receiptId;
    const receipt = (
      await employer({ method: 'GET', url: `/api/employer/receipts/${receiptId}` })
    ).json();
    expect(receipt).toMatchObject({
      seller: { legalName: 'Commons Dispatch Media LLC', ein: '12-3456789' },
      buyer: { legalName: FINANCE.legalName, poNumber: '4471', taxId: '52-1234567' },
      reference: expect.stringMatching(/^in_/),
    });

    const pdf = await employer({ method: 'GET', url: `/api/employer/receipts/${receiptId}/pdf` });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe(
      `attachment; filename="receipt-${receiptId}.pdf"`,
    );
    const text = await pdfText(pdf.rawPayload);
    for (const line of [
      `Receipt #${receiptId}`,
      ...PARTY_PDF_LINES,
      'Amount paid: $99 USD',
      'Paid by: Invoice (Stripe)',
    ]) {
      expect(text.split('\n')).toContain(line);
    }

    await insertSubmission(t.db, { contact_email: 'someone@else.example', title: 'Another' });
    const stranger = await signedInEmployer(t, 'someone@else.example');
    expect(
      (await stranger({ method: 'GET', url: `/api/employer/receipts/${receiptId}/pdf` }))
        .statusCode,
    ).toBe(404);
  });

  it('card Checkout asks Stripe for an invoice, with the PO number and the seller, at the nonprofit price', async () => {
    await settings({
      tierPrices: {
        basic: { nonprofit: 4_900, business: 12_900 },
        featured: { nonprofit: null, business: null },
      },
    });
    const { id, token } = await approvedListing('comms@shelter.example', 'Card with invoice');
    const page = (await t.app.inject(`/api/pay/${token}`)).json<PayPageView>();
    expect(page.amountByKind).toEqual({ nonprofit: 4_900, business: 12_900 });

    const billed = await t.app.inject({
      method: 'PUT',
      url: `/api/pay/${token}/billing`,
      payload: { ...FINANCE, legalName: 'Shelter Alliance', poNumber: 'PO-88' },
    });
    expect(billed.statusCode, billed.body).toBe(200);
    expect(billed.json()).toMatchObject({
      amountCents: 4_900,
      billing: { legalName: 'Shelter Alliance' },
    });
    // Saying it again (as a business, then a nonprofit) never takes a discount twice.
    await t.app.inject({
      method: 'PUT',
      url: `/api/pay/${token}/billing`,
      payload: { ...FINANCE, buyerKind: 'business' },
    });
    expect((await submission(id)).amount_cents).toBe(12_900);
    await t.app.inject({
      method: 'PUT',
      url: `/api/pay/${token}/billing`,
      payload: { ...FINANCE, poNumber: 'PO-88' },
    });
    expect((await submission(id)).amount_cents).toBe(4_900);

    const session = await startCheckout(t, fake, token);
    expect(session.amount_total).toBe(4_900);
    const form = fake.requests.filter((r) => r.path === '/v1/checkout/sessions').at(-1)!.form;
    expect(form).toMatchObject({
      'invoice_creation[enabled]': 'true',
      'invoice_creation[invoice_data][custom_fields][0][name]': 'PO number',
      'invoice_creation[invoice_data][custom_fields][0][value]': 'PO-88',
      'invoice_creation[invoice_data][metadata][submissionId]': String(id),
      'invoice_creation[invoice_data][footer]':
        'Commons Dispatch Media LLC · 77 Harbor Road, Portland, ME 04101 · EIN 12-3456789',
    });
    await settings({
      tierPrices: {
        basic: { nonprofit: null, business: null },
        featured: { nonprofit: null, business: null },
      },
    });
  });
});
