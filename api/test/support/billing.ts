import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { signedIn } from './admin';
import { startFakeStripe, type FakeInvoice, type FakeStripe } from './fake-stripe';
import { deliver, stripeEnv } from './payments';
import { insertSubmission } from './submissions';
import { buildTestApp, type TestApp } from './test-app';

/** A nonprofit's finance team as the pay page's invoice form sends it (issue 47). */
export const FINANCE = {
  buyerKind: 'nonprofit',
  legalName: 'Open Ballot Project, Inc.',
  billingAddress: '1200 Main Street, Suite 4\nBaltimore, MD 21201',
  poNumber: '4471',
  taxId: '52-1234567',
};

/** A check an admin records as received for a listing's $99 (issue 47). */
export const CHECK_RECEIVED = {
  method: 'check',
  reference: '10293',
  amountCents: 9_900,
  receivedOn: '2026-11-21',
};

/** The publication as an admin sets it for receipts and invoices (issue 47). */
export const PUBLISHER = {
  publisherLegalName: 'Commons Dispatch Media LLC',
  publisherAddress: '77 Harbor Road\nPortland, ME 04101',
  publisherEin: '12-3456789',
};

/** The lines a receipt's PDF prints of PUBLISHER and of FINANCE, each its own line. */
export const PARTY_PDF_LINES = [
  'Commons Dispatch Media LLC',
  '77 Harbor Road',
  'Portland, ME 04101',
  'EIN 12-3456789',
  'Open Ballot Project, Inc.',
  '1200 Main Street, Suite 4',
  'Baltimore, MD 21201',
  'PO number: 4471',
  'Tax ID: 52-1234567',
];

/**
 * A board whose payments go through the fake Stripe, with an admin signed in, and what its
 * billing tests do as its users: an approved listing with a pay link, the admin's settings, an
 * invoice asked for, Stripe's `invoice.paid`. Closing it checks that the fake found nothing wrong
 * with any request the board sent Stripe (support/stripe-params.ts).
 */
export class BillingBoard {
  private constructor(
    readonly fake: FakeStripe,
    readonly t: TestApp,
    readonly admin: (options: InjectOptions) => Promise<LightMyRequestResponse>,
  ) {}

  static async start(now: Date): Promise<BillingBoard> {
    const fake = await startFakeStripe({ webhookSecret: 'whsec_test_secret' });
    const t = await buildTestApp({ env: stripeEnv(fake), now });
    fake.clock = t.clock;
    return new BillingBoard(fake, t, await signedIn(t));
  }

  async close(): Promise<void> {
    expect(this.fake.paramProblems).toEqual([]);
    await this.t.close();
    await this.fake.close();
  }

  /** An approved listing of `email` and a pay link to it: the token. */
  async approvedListing(email: string, title: string) {
    const id = await insertSubmission(this.t.db, { contact_email: email, title });
    const { token } = await this.t.app.payments.issueLink(this.t.db, id, this.t.clock.now);
    return { id, token };
  }

  /** The admin changes settings from /admin. */
  async settings(change: Record<string, unknown>) {
    const res = await this.admin({ method: 'PUT', url: '/api/admin/settings', payload: change });
    expect(res.statusCode, res.body).toBe(200);
  }

  /** The employer asks for an invoice on the pay page. */
  requestInvoice(token: string, body: Record<string, unknown> = FINANCE) {
    return this.t.app.inject({ method: 'POST', url: `/api/pay/${token}/invoice`, payload: body });
  }

  /** An admin records a check or a transfer received for the listing (not checked here). */
  recordOffline(id: number, payment: Record<string, unknown>) {
    return this.admin({
      method: 'POST',
      url: `/api/admin/submissions/${id}/offline-payment`,
      payload: payment,
    });
  }

  /** Stripe delivers `invoice.paid` for the invoice, once paid in full: answered 200. */
  async invoicePaid(invoice: FakeInvoice, eventId?: string) {
    const paid = { ...invoice, status: 'paid' as const, amount_paid: invoice.amount_due };
    const res = await deliver(this.t, this.fake.signedEvent('invoice.paid', paid, { id: eventId }));
    expect(res.statusCode, res.body).toBe(200);
  }

  /** The listing's invoice payment row. */
  invoiceOf(id: number) {
    return this.t
      .db('payments')
      .where({ submission_id: id })
      .whereNotNull('stripe_invoice_id')
      .first();
  }

  /** The listing's invoice as the fake Stripe holds it. */
  async fakeInvoice(id: number): Promise<FakeInvoice> {
    return this.fake.invoices.get(String((await this.invoiceOf(id)).stripe_invoice_id))!;
  }
}
