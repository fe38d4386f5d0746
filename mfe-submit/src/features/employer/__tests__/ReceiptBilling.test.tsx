import type { EmployerReceipt } from '@jobboard/contract/employer';
import { screen } from '@jobboard/test-utils/react';
import { fakeApi } from '@jobboard/test-utils';
import { describe, expect, it } from 'vitest';
import { renderEmployerPage } from './render-employer-page';

/**
 * Issue 47: a finance team opens the receipt of a listing paid by invoice: it names the
 * publication (legal name, address, EIN) and their organization (address, PO number, tax id),
 * and downloads it as a PDF.
 */
const receipt: EmployerReceipt = {
  id: '12',
  boardName: 'Job Board',
  title: 'Digital Organizer',
  organization: 'Open Ballot Project',
  tierName: 'Featured Listing',
  listPriceCents: 9_900,
  amountCents: 9_900,
  currency: 'usd',
  promoCode: null,
  discountCents: 0,
  paidAt: '2026-12-04T12:00:00.000Z',
  provider: 'stripe',
  reference: 'in_1Q2w3e',
  billedTo: 'Sam Rivera <ap@openballot.example>',
  seller: {
    legalName: 'Commons Dispatch Media LLC',
    address: '77 Harbor Road\nPortland, ME 04101',
    ein: '12-3456789',
  },
  buyer: {
    buyerKind: 'nonprofit',
    legalName: 'Open Ballot Project, Inc.',
    billingAddress: '1200 Main Street\nBaltimore, MD 21201',
    poNumber: '4471',
    taxId: '52-1234567',
  },
};

describe("a receipt's billing parties", () => {
  it('names the seller with its EIN and the organization with its PO number, and links the PDF', async () => {
    fakeApi({ 'GET /api/employer/receipts/:id': [200, receipt] });
    renderEmployerPage('/employer/receipts/12');
    expect(await screen.findByRole('heading', { name: 'Receipt #12' })).toBeInTheDocument();
    const from = screen.getByText('From').nextElementSibling!;
    expect(from).toHaveTextContent(
      'Commons Dispatch Media LLC77 Harbor RoadPortland, ME 04101EIN 12-3456789',
    );
    const billed = screen.getByText('Organization billed').nextElementSibling!;
    expect(billed).toHaveTextContent(
      'Open Ballot Project, Inc.1200 Main StreetBaltimore, MD 21201PO number: 4471Tax ID: 52-1234567',
    );
    expect(screen.getByRole('link', { name: 'Download PDF' })).toHaveAttribute(
      'href',
      '/api/employer/receipts/12/pdf',
    );
  });

  it("a renewal's receipt names the same parties and links its own PDF", async () => {
    fakeApi({
      'GET /api/employer/renewal-receipts/:id': [
        200,
        {
          ...receipt,
          id: 'R5',
          tierName: 'Featured Listing (renewal)',
          reference: 'cs_test_renewal',
        },
      ],
    });
    renderEmployerPage('/employer/renewal-receipts/5');
    expect(await screen.findByRole('heading', { name: 'Receipt #R5' })).toBeInTheDocument();
    expect(screen.getByText('From').nextElementSibling!).toHaveTextContent(
      'Commons Dispatch Media LLC77 Harbor RoadPortland, ME 04101EIN 12-3456789',
    );
    expect(screen.getByText('Organization billed').nextElementSibling!).toHaveTextContent(
      'Open Ballot Project, Inc.1200 Main StreetBaltimore, MD 21201PO number: 4471Tax ID: 52-1234567',
    );
    expect(screen.getByRole('link', { name: 'Download PDF' })).toHaveAttribute(
      'href',
      '/api/employer/renewal-receipts/5/pdf',
    );
  });

  it('shows neither when the receipt has none (paid before billing details existed)', async () => {
    fakeApi({
      'GET /api/employer/receipts/:id': [200, { ...receipt, seller: undefined, buyer: null }],
    });
    renderEmployerPage('/employer/receipts/12');
    expect(await screen.findByRole('heading', { name: 'Receipt #12' })).toBeInTheDocument();
    expect(screen.queryByText('From')).toBeNull();
    expect(screen.queryByText('Organization billed')).toBeNull();
  });
});
