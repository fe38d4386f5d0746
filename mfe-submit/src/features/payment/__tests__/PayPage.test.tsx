import { PAYMENT_MESSAGES, type PayPageView } from '@jobboard/contract/payments';
import { useToastStore } from '@jobboard/shared-ui';
import { screen, waitFor } from '@jobboard/test-utils/react';
import userEvent from '@jobboard/test-utils/user-event';
import { fakeApi } from '@jobboard/test-utils';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { approvedPayPage, renderPayPage } from './render-pay-page';

const TOKEN = 'a'.repeat(43);
const view = approvedPayPage;

const renderAt = renderPayPage;

afterEach(() => {
  vi.unstubAllGlobals();
  useToastStore.setState({ toasts: [] });
});

describe('the pay page', () => {
  it('shows the listing, the promo discount and the amount due, and goes to Stripe on Pay', async () => {
    const received = fakeApi({
      'GET /api/pay/:token': [200, view],
      'POST /api/pay/:token/checkout': [200, { url: 'https://checkout.stripe.test/cs_1' }],
    });
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    renderAt(`/pay/${TOKEN}`);
    expect(await screen.findByText('Digital Organizer at Open Ballot Project')).toBeInTheDocument();
    expect(screen.getByText('Featured Listing (30 days)')).toBeInTheDocument();
    expect(screen.getByText('Promo code NONPROFIT20')).toBeInTheDocument();
    expect(screen.getByText('-$19.80')).toBeInTheDocument();
    expect(screen.getByTestId('amount-due')).toHaveTextContent('$79.20');
    expect(screen.getByRole('link', { name: 'refund policy' })).toHaveAttribute('href', '/refunds');
    await userEvent.click(screen.getByRole('button', { name: 'Pay $79.20' }));
    expect(received.calls).toContainEqual(
      expect.objectContaining({ path: `/api/pay/${TOKEN}/checkout`, method: 'POST' }),
    );
    expect(assign).toHaveBeenCalledWith('https://checkout.stripe.test/cs_1');
  });

  it("shows the API's message when Stripe cannot be reached, and lets the employer try again", async () => {
    const received = fakeApi({
      'GET /api/pay/:token': [200, view],
      'POST /api/pay/:token/checkout': [503, { message: PAYMENT_MESSAGES.unreachable }],
    });
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    renderAt(`/pay/${TOKEN}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Pay $79.20' }));
    expect(await screen.findByText('Payment could not start')).toBeInTheDocument();
    expect(screen.getByText(PAYMENT_MESSAGES.unreachable)).toBeInTheDocument();
    // The message only: never the status code or the raw answer.
    expect(document.body.textContent).not.toMatch(/503|\{"message"/);
    expect(assign).not.toHaveBeenCalled();
    // The listing stays on screen and Pay works again.
    expect(screen.getByTestId('amount-due')).toHaveTextContent('$79.20');
    await userEvent.click(screen.getByRole('button', { name: 'Pay $79.20' }));
    expect(received.calls.filter(({ path }) => path.endsWith('/checkout'))).toHaveLength(2);
  });

  it('says so when payments are not set up', async () => {
    fakeApi({ 'GET /api/pay/:token': [200, { ...view, paymentsConfigured: false }] });
    renderAt(`/pay/${TOKEN}`);
    expect(await screen.findByText(/Online payment is not set up yet/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Pay/ })).toBeNull();
  });

  it.each([
    [404, 'x', 'This payment link is not valid.'],
    [410, 'This payment link is no longer valid.', 'This payment link is no longer valid.'],
    [
      410,
      'This payment link has expired. Write to jobs@example.org for a new one.',
      'This payment link has expired. Write to jobs@example.org for a new one.',
    ],
    [410, undefined, 'This payment link is no longer valid.'],
  ] as const)('explains a dead link (%i %j)', async (status, message, text) => {
    fakeApi({ 'GET /api/pay/:token': [status, message === undefined ? {} : { message }] });
    renderAt(`/pay/${TOKEN}`);
    expect(await screen.findByText(text)).toBeInTheDocument();
  });

  it('says until when the link works', async () => {
    fakeApi({ 'GET /api/pay/:token': [200, view] });
    renderAt(`/pay/${TOKEN}`);
    expect(
      await screen.findByText(/This payment link works until December 6, 2026\./),
    ).toBeInTheDocument();
  });

  it('shows the full price when the promo code ran out, after Pay was refused with the new amount', async () => {
    const message =
      'The promo code NONPROFIT20 has been fully redeemed by other listings, so its discount no longer applies: the amount due is now $99. Please check the amount and press Pay again.';
    // As the API: the refused checkout has already put the full price on the listing.
    let current: PayPageView = view;
    fakeApi({
      'GET /api/pay/:token': () => [200, current],
      'POST /api/pay/:token/checkout': () => {
        current = { ...view, amountCents: 9_900, promoCodeUsedUp: true };
        return [409, { message }];
      },
    });
    renderAt(`/pay/${TOKEN}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Pay $79.20' }));
    await waitFor(() =>
      expect(useToastStore.getState().toasts[0]).toMatchObject({
        title: 'Payment could not start',
        description: message,
      }),
    );
    expect(await screen.findByRole('button', { name: 'Pay $99' })).toBeInTheDocument();
    expect(
      screen.getByText('fully redeemed by other listings, so it no longer applies'),
    ).toBeInTheDocument();
    expect(screen.queryByText('-$19.80')).toBeNull();
  });

  it('after Stripe, links to the job once the payment is recorded', async () => {
    fakeApi({ 'GET /api/pay/:token': [200, { ...view, status: 'paid', jobId: '49' }] });
    renderAt(`/pay/${TOKEN}/success`);
    expect(await screen.findByRole('link', { name: 'See your job on the board' })).toHaveAttribute(
      'href',
      '/jobs/49',
    );
  });

  it('after a cancelled checkout, leads back to the same link', async () => {
    fakeApi({});
    renderAt(`/pay/${TOKEN}/cancel`);
    expect(screen.getByRole('heading', { name: 'Payment cancelled' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to payment' })).toHaveAttribute(
      'href',
      `/pay/${TOKEN}`,
    );
  });
});
