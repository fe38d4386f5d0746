import { BILLING_LIMITS, BILLING_MESSAGES } from '@jobboard/contract/payments';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BillingBoard } from '../support/billing';
import type { FakeStripe } from '../support/fake-stripe';
import { testDatabase, type TestApp } from '../support/test-app';

/**
 * Issue 47, billing's limits and checks: the longest texts the contract allows fit their columns
 * (PostgreSQL's widths), billing settings written otherwise are refused in the contract's words,
 * and the Stripe stand-in refuses what Stripe's documented parameters do not allow (so that a
 * call the board got wrong fails its test, as Stripe would refuse it).
 */

let board: BillingBoard;
let fake: FakeStripe;
let t: TestApp;
let admin: BillingBoard['admin'];

beforeAll(async () => {
  board = await BillingBoard.start(new Date('2026-11-22T12:00:00Z'));
  ({ fake, t, admin } = board);
});
afterAll(() => board.close());

describe(`billing's limits and checks on ${testDatabase} (issue 47)`, () => {
  it('keeps the longest texts BILLING_LIMITS allow (the columns hold them on PostgreSQL too)', async () => {
    const { id, token } = await board.approvedListing(
      'long@openballot.example',
      'Longest billing texts',
    );
    const longest = {
      buyerKind: 'business',
      legalName: 'L'.repeat(BILLING_LIMITS.legalName),
      billingAddress: 'A'.repeat(BILLING_LIMITS.billingAddress),
      poNumber: 'P'.repeat(BILLING_LIMITS.poNumber),
      taxId: 'T'.repeat(BILLING_LIMITS.taxId),
    };
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/pay/${token}/billing`,
      payload: longest,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await t.db('billing_details').where({ submission_id: id }).first()).toMatchObject({
      legal_name: longest.legalName,
      billing_address: longest.billingAddress,
      po_number: longest.poNumber,
      tax_id: longest.taxId,
    });
    const recorded = await admin({
      method: 'POST',
      url: `/api/admin/submissions/${id}/offline-payment`,
      payload: {
        method: 'bank_transfer',
        reference: 'R'.repeat(BILLING_LIMITS.offlineReference),
        amountCents: 2_147_483_647,
        receivedOn: '2026-11-22',
      },
    });
    expect(recorded.statusCode, recorded.body).toBe(200);
    expect(
      (await t.db('payments').where({ submission_id: id, provider: 'offline' }).first())
        .offline_reference,
    ).toHaveLength(BILLING_LIMITS.offlineReference);
  });

  it("refuses billing settings written otherwise, in the contract's words, and keeps the saved ones", async () => {
    await board.settings({ publisherEin: '12-3456789' });
    const res = await admin({
      method: 'PUT',
      url: '/api/admin/settings',
      payload: {
        publisherEin: '123456789',
        tierPrices: {
          basic: { nonprofit: -5, business: null },
          featured: { nonprofit: null, business: null },
        },
      },
    });
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain(BILLING_MESSAGES.publisherEin);
    expect(JSON.stringify(res.json())).toContain(BILLING_MESSAGES.tierPrice);
    const saved = (await admin({ method: 'GET', url: '/api/admin/settings' })).json();
    expect(saved).toMatchObject({
      publisherEin: '12-3456789',
      invoicePublishing: expect.any(String),
    });
  });

  it("the Stripe stand-in refuses what Stripe's documented parameters do not allow", async () => {
    const stripe = new Stripe('sk_test_board', {
      host: '127.0.0.1',
      port: Number(new URL(fake.url).port),
      protocol: 'http',
      maxNetworkRetries: 0,
    });
    const problems = fake.paramProblems.length;
    await expect(
      stripe.invoices.create({
        customer: 'cus_x',
        collection_method: 'by_pigeon' as 'send_invoice',
      }),
    ).rejects.toThrow(/collection_method/);
    await expect(
      stripe.invoices.create({ customer: 'cus_x', net_days: 30 } as Stripe.InvoiceCreateParams),
    ).rejects.toThrow(/unknown parameter: net_days/);
    expect(fake.paramProblems.splice(problems)).toHaveLength(2);
  });
});
