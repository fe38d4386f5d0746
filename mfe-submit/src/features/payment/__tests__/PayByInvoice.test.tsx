import { BILLING_MESSAGES, type PayPageView } from '@jobboard/contract/payments';
import { useToastStore } from '@jobboard/shared-ui';
import { screen } from '@jobboard/test-utils/react';
import userEvent from '@jobboard/test-utils/user-event';
import { fakeApi } from '@jobboard/test-utils';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { approvedPayPage, renderPayPage } from './render-pay-page';

/**
 * Issue 47: a nonprofit's finance team pays as they do: by an invoice with their PO number, or by
 * card at the nonprofit price, with their organization on the invoice and the receipt.
 */

const TOKEN = 'b'.repeat(43);
const view: PayPageView = {
  ...approvedPayPage,
  amountCents: 9_900,
  promoCode: null,
  amountByKind: { nonprofit: 9_900, business: 9_900 },
  billing: null,
  invoice: null,
};

const renderPayPageOfToken = () => renderPayPage(`/pay/${TOKEN}`);

afterEach(() => {
  vi.unstubAllGlobals();
  useToastStore.setState({ toasts: [] });
});

describe('paying as a nonprofit pays', () => {
  it('requests an invoice with PO 4471: says what is missing first, then that the invoice is sent', async () => {
    const sent = {
      invoiceUrl: 'https://invoice.stripe.test/in_1',
      dueOn: '2026-12-22',
      published: 'on_payment' as const,
      message: `${BILLING_MESSAGES.invoiceSent('sam@openballot.example', '2026-12-22')} ${BILLING_MESSAGES.publishedOnPayment}`,
    };
    const received = fakeApi({
      'GET /api/pay/:token': [200, view],
      'POST /api/pay/:token/invoice': [200, sent],
    });
    renderPayPageOfToken();
    await userEvent.click(
      await screen.findByRole('radio', {
        name: 'Request an invoice (Net 30, with your PO number)',
      }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Send the invoice' }));
    expect(await screen.findByText(BILLING_MESSAGES.buyerKind)).toBeInTheDocument();
    expect(screen.getByText(BILLING_MESSAGES.legalName)).toBeInTheDocument();
    expect(screen.getByText(BILLING_MESSAGES.billingAddress)).toBeInTheDocument();
    await received.settled();
    expect(received.bodies('POST', `/api/pay/${TOKEN}/invoice`)).toEqual([]);

    await userEvent.click(screen.getByRole('radio', { name: 'Nonprofit ($99)' }));
    await userEvent.type(
      screen.getByRole('textbox', { name: "Organization's legal name" }),
      'Open Ballot Project, Inc.',
    );
    await userEvent.type(
      screen.getByRole('textbox', { name: 'Billing address' }),
      '1200 Main Street{Enter}Baltimore, MD 21201',
    );
    await userEvent.type(screen.getByRole('textbox', { name: 'PO number (optional)' }), '4471');
    await userEvent.click(screen.getByRole('button', { name: 'Send the invoice' }));

    expect(await screen.findByRole('heading', { name: 'Invoice sent' })).toBeInTheDocument();
    expect(screen.getByText(sent.message)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View or pay the invoice online' })).toHaveAttribute(
      'href',
      sent.invoiceUrl,
    );
    expect(received.bodies('POST', `/api/pay/${TOKEN}/invoice`)).toEqual([
      {
        buyerKind: 'nonprofit',
        legalName: 'Open Ballot Project, Inc.',
        billingAddress: '1200 Main Street\nBaltimore, MD 21201',
        poNumber: '4471',
        taxId: '',
      },
    ]);
  });

  it('pays by card at the nonprofit price, with the organization saved for the invoice first', async () => {
    const priced = { ...view, amountByKind: { nonprofit: 4_900, business: 12_900 } };
    const received = fakeApi({
      'GET /api/pay/:token': [200, priced],
      'PUT /api/pay/:token/billing': [200, { ...priced, amountCents: 4_900 }],
      'POST /api/pay/:token/checkout': [200, { url: 'https://checkout.stripe.test/cs_9' }],
    });
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    renderPayPageOfToken();
    await userEvent.click(await screen.findByRole('radio', { name: 'Nonprofit ($49)' }));
    // The price depends on who buys, so who buys must be said before paying.
    await userEvent.click(screen.getByRole('button', { name: 'Pay $49' }));
    expect(await screen.findByText(BILLING_MESSAGES.legalName)).toBeInTheDocument();
    await received.settled();
    expect(received.calls.filter((call) => call.method !== 'GET')).toEqual([]);

    await userEvent.type(
      screen.getByRole('textbox', { name: "Organization's legal name" }),
      'Shelter Alliance',
    );
    await userEvent.type(screen.getByRole('textbox', { name: 'Billing address' }), '9 Elm St');
    await userEvent.click(screen.getByRole('button', { name: 'Pay $49' }));
    await vi.waitFor(() =>
      expect(assign).toHaveBeenCalledWith('https://checkout.stripe.test/cs_9'),
    );
    expect(received.calls.filter((call) => call.method !== 'GET').map((c) => c.method)).toEqual([
      'PUT',
      'POST',
    ]);
    expect(received.bodies('PUT', `/api/pay/${TOKEN}/billing`)).toEqual([
      expect.objectContaining({ buyerKind: 'nonprofit', legalName: 'Shelter Alliance' }),
    ]);
  });

  it('shows the invoice already sent instead of the form', async () => {
    fakeApi({
      'GET /api/pay/:token': [
        200,
        {
          ...view,
          invoice: { dueOn: '2026-12-22', url: 'https://invoice.stripe.test/in_2', paid: false },
        },
      ],
    });
    renderPayPageOfToken();
    expect(
      await screen.findByText(/An invoice for this listing has been sent\. It is due on/),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Pay/ })).not.toBeInTheDocument();
  });
});
