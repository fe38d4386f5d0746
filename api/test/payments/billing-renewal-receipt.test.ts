import type { EmployerListing } from '@jobboard/contract/employer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BillingBoard, FINANCE, PARTY_PDF_LINES, PUBLISHER } from '../support/billing';
import { signedInEmployer } from '../support/employers';
import { pay, tokenOf } from '../support/payments';
import { pdfText } from '../support/pdf-text';
import { insertSubmission } from '../support/submissions';
import { testDatabase } from '../support/test-app';

/**
 * Issue 47: a renewal's receipt names the same parties as the first payment's (the publication's
 * legal name, address and EIN; the organization billed, its address and PO number, as its buyer
 * gave them on the pay page) and downloads as the same PDF (billing/receipt-pdf.ts).
 */

const START = new Date('2026-11-22T12:00:00Z');
const DAY_MS = 24 * 60 * 60 * 1000;

let board: BillingBoard;

beforeAll(async () => {
  board = await BillingBoard.start(START);
});
afterAll(() => board.close());

describe(`a renewal's receipt on ${testDatabase} (issue 47)`, () => {
  it("names the organization, its address, PO 4471 and the publication's EIN, as a PDF too; another address gets 404", async () => {
    const { t, fake } = board;
    await board.settings({ invoicePublishing: 'on_payment', ...PUBLISHER });
    const email = 'ap@openballot.example';
    const { id, token } = await board.approvedListing(email, 'Renewed with its PO');
    expect((await board.requestInvoice(token)).statusCode).toBe(200);
    await board.invoicePaid(await board.fakeInvoice(id));
    const jobId = Number((await t.db('submissions').where({ id }).first()).job_id);

    // Three days before its end the employer renews it through Checkout.
    const end = Number((await t.db('jobs').where({ id: jobId }).first()).expires_at);
    t.clock.now = new Date(end - 3 * DAY_MS);
    const employer = await signedInEmployer(t, email);
    const link = await employer({ method: 'POST', url: `/api/employer/jobs/${jobId}/renewal` });
    expect(link.statusCode, link.body).toBe(200);
    const started = await t.app.inject({
      method: 'POST',
      url: `/api/renewals/${tokenOf(link.json().url)}/checkout`,
    });
    expect(started.statusCode, started.body).toBe(200);
    const session = fake.sessions.get(started.json().url.split('/').pop())!;
    await pay(t, fake, session);

    const listings = (await employer({ method: 'GET', url: '/api/employer/listings' })).json();
    const listing = (listings.listings as EmployerListing[]).find(
      (l) => l.jobId === String(jobId),
    )!;
    const renewalId = listing.renewals![0]!.id;

    const receipt = await employer({
      method: 'GET',
      url: `/api/employer/renewal-receipts/${renewalId}`,
    });
    expect(receipt.statusCode, receipt.body).toBe(200);
    expect(receipt.json()).toMatchObject({
      id: `R${renewalId}`,
      tierName: expect.stringMatching(/\(renewal\)$/),
      reference: session.id,
      seller: {
        legalName: PUBLISHER.publisherLegalName,
        address: PUBLISHER.publisherAddress,
        ein: PUBLISHER.publisherEin,
      },
      buyer: FINANCE,
    });

    const pdf = await employer({
      method: 'GET',
      url: `/api/employer/renewal-receipts/${renewalId}/pdf`,
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe(
      `attachment; filename="receipt-R${renewalId}.pdf"`,
    );
    expect(pdf.headers['cache-control']).toBe('no-store');
    const lines = (await pdfText(pdf.rawPayload)).split('\n');
    for (const line of [
      `Receipt #R${renewalId}`,
      ...PARTY_PDF_LINES,
      `Amount paid: $99 USD`,
      'Paid by: Card (Stripe Checkout)',
      `Reference: ${session.id}`,
    ]) {
      expect(lines).toContain(line);
    }

    // Another address: the same 404 as for a receipt it cannot see, PDF or not.
    await insertSubmission(t.db, { contact_email: 'someone@else.example', title: 'Another' });
    const stranger = await signedInEmployer(t, 'someone@else.example');
    for (const url of [
      `/api/employer/renewal-receipts/${renewalId}`,
      `/api/employer/renewal-receipts/${renewalId}/pdf`,
    ]) {
      expect((await stranger({ method: 'GET', url })).statusCode).toBe(404);
    }
  });
});
