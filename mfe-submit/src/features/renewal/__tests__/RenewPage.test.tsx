import {
  PAYMENT_MESSAGES,
  RENEWAL_MESSAGES,
  type RenewalPageView,
} from '@jobboard/contract/payments';
import { SharedUiProvider, Toaster, useToastStore } from '@jobboard/shared-ui';
import { render, screen, waitFor } from '@jobboard/test-utils/react';
import userEvent from '@jobboard/test-utils/user-event';
import { MemoryRouter, Route, Routes } from '@jobboard/shared-ui/router';
import { SWRConfig } from 'swr';
import { fakeApi } from '@jobboard/test-utils';
import { afterEach, describe, expect, it, vi } from 'vitest';
import RenewPage from '../../../app/RenewPage';

const TOKEN = 'r'.repeat(43);
const view: RenewalPageView = {
  jobId: '49',
  title: 'Digital Organizer',
  organization: 'Open Ballot Project',
  tierId: 'basic',
  tierName: 'Featured Listing',
  durationDays: 30,
  priceCents: 9_900,
  currentEnd: '2026-12-22T12:00:00.000Z',
  ended: false,
  newEnd: '2027-01-21T12:00:00.000Z',
  refusal: null,
  paymentsConfigured: true,
};

function renderAt(path: string) {
  render(
    <SharedUiProvider>
      <SWRConfig value={{ provider: () => new Map() }}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="/renew/:token/*" element={<RenewPage />} />
          </Routes>
        </MemoryRouter>
      </SWRConfig>
      <Toaster />
    </SharedUiProvider>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  useToastStore.setState({ toasts: [] });
});

describe('the renewal page', () => {
  it('shows the listing, its end now and renewed and the price, and goes to Stripe on Renew', async () => {
    const received = fakeApi({
      'GET /api/renewals/:token': [200, view],
      'POST /api/renewals/:token/checkout': [200, { url: 'https://checkout.stripe.test/cs_9' }],
    });
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    renderAt(`/renew/${TOKEN}`);
    expect(
      await screen.findByRole('link', { name: 'Digital Organizer at Open Ballot Project' }),
    ).toHaveAttribute('href', '/jobs/49');
    expect(screen.getByText('Ends on December 22, 2026')).toBeInTheDocument();
    expect(screen.getByText('Featured Listing: another 30 days')).toBeInTheDocument();
    expect(screen.getByText('Renewed, it runs until January 21, 2027')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Renew for $99' }));
    expect(received.calls).toContainEqual(
      expect.objectContaining({ path: `/api/renewals/${TOKEN}/checkout`, method: 'POST' }),
    );
    expect(assign).toHaveBeenCalledWith('https://checkout.stripe.test/cs_9');
  });

  it('says when an ended listing ended', async () => {
    fakeApi({ 'GET /api/renewals/:token': [200, { ...view, ended: true }] });
    renderAt(`/renew/${TOKEN}`);
    expect(await screen.findByText('Ended on December 22, 2026')).toBeInTheDocument();
  });

  it('shows why a listing cannot be renewed, with no button', async () => {
    const refusal = RENEWAL_MESSAGES.tooEarly('2026-12-15');
    fakeApi({ 'GET /api/renewals/:token': [200, { ...view, refusal }] });
    renderAt(`/renew/${TOKEN}`);
    expect(await screen.findByRole('alert')).toHaveTextContent(refusal);
    expect(screen.queryByRole('button', { name: /Renew/ })).toBeNull();
  });

  it('shows the refusal when checkout is refused meanwhile, then the page says why', async () => {
    const refusal = RENEWAL_MESSAGES.tooLate('jobs@example.org');
    let current: RenewalPageView = view;
    fakeApi({
      'GET /api/renewals/:token': () => [200, current],
      'POST /api/renewals/:token/checkout': () => {
        current = { ...view, refusal };
        return [409, { message: refusal }];
      },
    });
    renderAt(`/renew/${TOKEN}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Renew for $99' }));
    await waitFor(() =>
      expect(useToastStore.getState().toasts[0]).toMatchObject({
        title: 'Payment could not start',
        description: refusal,
      }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(refusal);
  });

  it('says so when payments are not set up', async () => {
    fakeApi({ 'GET /api/renewals/:token': [200, { ...view, paymentsConfigured: false }] });
    renderAt(`/renew/${TOKEN}`);
    expect(await screen.findByText(PAYMENT_MESSAGES.notSetUp)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Renew/ })).toBeNull();
  });

  it('explains an unknown link', async () => {
    fakeApi({ 'GET /api/renewals/:token': [404, { message: RENEWAL_MESSAGES.invalidLink }] });
    renderAt(`/renew/${TOKEN}`);
    expect(await screen.findByText(RENEWAL_MESSAGES.invalidLink)).toBeInTheDocument();
  });

  it('explains an expired link and links the listings page for a new one', async () => {
    fakeApi({ 'GET /api/renewals/:token': [410, { message: RENEWAL_MESSAGES.expiredLink }] });
    renderAt(`/renew/${TOKEN}`);
    expect(await screen.findByText(RENEWAL_MESSAGES.expiredLink)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Your listings' })).toHaveAttribute(
      'href',
      '/employer',
    );
  });

  it('back from Stripe: the new end once the payment is recorded', async () => {
    const received = fakeApi({
      'GET /api/renewals/:token/sessions/:sessionId': [
        200,
        { jobId: '49', status: 'paid', currentEnd: '2027-01-21T12:00:00.000Z' },
      ],
    });
    renderAt(`/renew/${TOKEN}/done?session_id=cs_9`);
    expect(
      await screen.findByText(/Your listing is renewed: it now runs until January 21, 2027\./),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See your job on the board' })).toHaveAttribute(
      'href',
      '/jobs/49',
    );
    expect(received.calls).toContainEqual(
      expect.objectContaining({ path: `/api/renewals/${TOKEN}/sessions/cs_9` }),
    );
  });

  it('back from Stripe: still pending says it is being confirmed', async () => {
    const received = fakeApi({
      'GET /api/renewals/:token/sessions/:sessionId': [
        200,
        { jobId: '49', status: 'pending', currentEnd: '2026-12-22T12:00:00.000Z' },
      ],
    });
    renderAt(`/renew/${TOKEN}/done?session_id=cs_9`);
    await waitFor(() => expect(received.calls).toHaveLength(1));
    expect(screen.getByText(/confirming your payment with Stripe/)).toBeInTheDocument();
    expect(screen.queryByText(/it now runs until/)).toBeNull();
  });
});
