import { fakeApi } from '@jobboard/test-utils';
import { screen, within } from '@jobboard/test-utils/react';
import { describe, expect, it } from 'vitest';
import { liveListing as live, listingsPage as page } from './employer-listings';
import { renderEmployerPage } from './render-employer-page';

/**
 * Issue 47: with "publish on approval" a listing billed by invoice goes live before the invoice
 * is paid. Its employer sees that, with the due day and the invoice's page, and no receipt yet;
 * once paid it reads live, with its receipt.
 */

describe("the employer's listing live on an unpaid invoice", () => {
  it('says "Live, invoice unpaid (due ...)" and links the invoice; a paid one says Live with its receipt', async () => {
    fakeApi({
      'GET /api/employer/listings': [
        200,
        page([
          live({
            unpaidInvoice: { dueOn: '2026-12-22', url: 'https://invoice.stripe.example/i/in_1' },
          }),
          live({ submissionId: '3', jobId: '41', title: 'Field Director', receiptId: '31' }),
        ]),
      ],
    });
    renderEmployerPage('/employer/listings');

    const unpaid = within(await screen.findByRole('article', { name: 'Digital Organizer' }));
    expect(unpaid.getByText('Live, invoice unpaid (due December 22, 2026)')).toBeInTheDocument();
    expect(unpaid.queryByText('Live')).toBeNull();
    expect(unpaid.getByRole('link', { name: 'Pay the invoice' })).toHaveAttribute(
      'href',
      'https://invoice.stripe.example/i/in_1',
    );
    expect(unpaid.queryByRole('link', { name: 'Receipt' })).toBeNull();

    const paid = within(screen.getByRole('article', { name: 'Field Director' }));
    expect(paid.getByText('Live')).toBeInTheDocument();
    expect(paid.queryByText(/invoice unpaid/)).toBeNull();
    expect(paid.queryByRole('link', { name: 'Pay the invoice' })).toBeNull();
    expect(paid.getByRole('link', { name: 'Receipt' })).toHaveAttribute(
      'href',
      '/employer/receipts/31',
    );
  });
});
