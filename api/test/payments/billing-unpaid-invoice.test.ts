import type { AdminStats, AdminSubmission } from '@jobboard/contract/admin';
import type { EmployerListing } from '@jobboard/contract/employer';
import { BILLING_MESSAGES, INVOICE_DUE_DAYS } from '@jobboard/contract/payments';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BillingBoard, CHECK_RECEIVED } from '../support/billing';
import { signedInEmployer } from '../support/employers';
import { testDatabase } from '../support/test-app';

/**
 * Issue 47: with "publish on approval" a listing goes live on an invoice not yet paid. Its stored
 * status is 'paid' (live: the board and renewals rely on it), but what the admin and the employer
 * are shown says the truth: live, invoice unpaid, due on its day; no receipt and no 'Paid' line
 * yet; no money in on the dashboard until Stripe's `invoice.paid` or an admin's record of a check.
 */

const START = new Date('2026-11-22T12:00:00Z');
const DUE_ON = '2026-12-22'; // START + INVOICE_DUE_DAYS

let board: BillingBoard;

beforeAll(async () => {
  board = await BillingBoard.start(START);
  await board.settings({ invoicePublishing: 'on_approval' });
});
afterAll(() => board.close());

async function adminCard(id: number): Promise<AdminSubmission> {
  const res = await board.admin({ method: 'GET', url: `/api/admin/submissions/${id}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** The listing in the whole queue and in the page of it the admin's screen reads: the same. */
async function inQueue(id: number): Promise<AdminSubmission> {
  const res = await board.admin({ method: 'GET', url: '/api/admin/submissions' });
  expect(res.statusCode, res.body).toBe(200);
  const queued = (res.json() as AdminSubmission[]).find((s) => s.id === String(id))!;
  const page = await board.admin({ method: 'GET', url: '/api/admin/lists/submissions' });
  expect(page.statusCode, page.body).toBe(200);
  const paged = (page.json().submissions as AdminSubmission[]).find((s) => s.id === String(id))!;
  expect(paged.unpaidInvoice ?? null).toEqual(queued.unpaidInvoice ?? null);
  return queued;
}

async function employerListing(email: string, id: number): Promise<EmployerListing> {
  const employer = await signedInEmployer(board.t, email);
  const res = await employer({ method: 'GET', url: '/api/employer/listings' });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().listings as EmployerListing[]).find((l) => l.submissionId === String(id))!;
}

async function stats(): Promise<AdminStats> {
  const res = await board.admin({ method: 'GET', url: '/api/admin/stats' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
const revenueThisMonth = (s: AdminStats) => s.revenueByMonth[s.revenueByMonth.length - 1]!.cents;

/** An approved listing of `email` billed by invoice: live at once, on approval. */
async function liveOnInvoice(email: string, title: string) {
  const { id, token } = await board.approvedListing(email, title);
  const res = await board.requestInvoice(token);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json()).toMatchObject({ published: 'now' });
  return id;
}

describe(`a listing live on an unpaid invoice on ${testDatabase} (issue 47)`, () => {
  it('reads "Live, invoice unpaid (due ...)" to the admin and the employer, and is no money in until invoice.paid', async () => {
    expect(INVOICE_DUE_DAYS).toBe(30);
    expect(BILLING_MESSAGES.liveOnUnpaidInvoice(DUE_ON)).toBe(
      'Live, invoice unpaid (due December 22, 2026)',
    );
    const before = await stats();
    const email = 'finance@watershed.example';
    const id = await liveOnInvoice(email, 'Live on an unpaid invoice');
    const url = (await board.fakeInvoice(id)).hosted_invoice_url ?? null;

    // The admin's card and the whole queue: live ('paid'), with the unpaid invoice beside it.
    const card = await adminCard(id);
    expect(card.submissionStatus).toBe('paid');
    expect(card.jobId).not.toBeNull();
    expect(card.unpaidInvoice).toEqual({ dueOn: DUE_ON, url });
    expect((await inQueue(id)).unpaidInvoice).toEqual({ dueOn: DUE_ON, url });

    // The employer's listing: live, the invoice unpaid, no receipt and no 'Paid' line yet.
    const listing = await employerListing(email, id);
    expect(listing.status).toBe('live');
    expect(listing.unpaidInvoice).toEqual({ dueOn: DUE_ON, url });
    expect(listing.receiptId).toBeNull();
    expect(listing.timeline.map((entry) => entry.kind)).not.toContain('paid');
    expect(listing.timeline.map((entry) => entry.kind)).toContain('live');

    // The dashboard counts no money in for it.
    const unpaid = await stats();
    expect(unpaid.paidThisMonth).toBe(before.paidThisMonth);
    expect(revenueThisMonth(unpaid)).toBe(revenueThisMonth(before));

    await board.invoicePaid(await board.fakeInvoice(id));

    expect((await adminCard(id)).unpaidInvoice ?? null).toBeNull();
    expect((await inQueue(id)).unpaidInvoice ?? null).toBeNull();
    const paid = await employerListing(email, id);
    expect(paid.status).toBe('live');
    expect(paid.unpaidInvoice).toBeUndefined();
    expect(paid.receiptId).not.toBeNull();
    expect(paid.timeline.map((entry) => entry.kind)).toContain('paid');
    const after = await stats();
    expect(after.paidThisMonth).toBe(before.paidThisMonth + 1);
    expect(revenueThisMonth(after)).toBe(revenueThisMonth(before) + 9_900);
  });

  it('a check recorded for it by an admin settles it: no longer shown unpaid, a receipt, money in', async () => {
    const before = await stats();
    const email = 'ap@museumofsound.example';
    const id = await liveOnInvoice(email, 'Settled by check');
    expect((await adminCard(id)).unpaidInvoice).toMatchObject({ dueOn: DUE_ON });

    const res = await board.recordOffline(id, CHECK_RECEIVED);
    expect(res.statusCode, res.body).toBe(200);

    const card = await adminCard(id);
    expect(card.submissionStatus).toBe('paid');
    expect(card.unpaidInvoice ?? null).toBeNull();
    const listing = await employerListing(email, id);
    expect(listing.unpaidInvoice).toBeUndefined();
    expect(listing.receiptId).toBe(res.json().paymentId);
    expect(revenueThisMonth(await stats())).toBe(revenueThisMonth(before) + 9_900);
  });

  it('a listing paid by card or still awaiting its invoice under "publish on payment" is not shown as unpaid-and-live', async () => {
    await board.settings({ invoicePublishing: 'on_payment' });
    try {
      const email = 'hr@harborclinic.example';
      const { id, token } = await board.approvedListing(email, 'Waits for its invoice');
      expect((await board.requestInvoice(token)).statusCode).toBe(200);
      const card = await adminCard(id);
      expect(card.submissionStatus).toBe('approved');
      expect(card.unpaidInvoice ?? null).toBeNull();
      const listing = await employerListing(email, id);
      expect(listing.status).toBe('awaiting_payment');
      expect(listing.unpaidInvoice).toBeUndefined();
    } finally {
      await board.settings({ invoicePublishing: 'on_approval' });
    }
  });
});
