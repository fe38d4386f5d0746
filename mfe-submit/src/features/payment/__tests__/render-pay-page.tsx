import type { PayPageView } from '@jobboard/contract/payments';
import { SharedUiProvider, Toaster } from '@jobboard/shared-ui';
import { MemoryRouter, Route, Routes } from '@jobboard/shared-ui/router';
import { render } from '@jobboard/test-utils/react';
import { SWRConfig } from 'swr';
import PayPage from '../../../app/PayPage';

/**
 * The pay pages at `path`, as the shell serves them (under /pay/:token/*), with a cache of their
 * own and the shell's one toast viewport, where the pay page's failures are shown.
 */
export function renderPayPage(path: string) {
  render(
    <SharedUiProvider>
      <SWRConfig value={{ provider: () => new Map() }}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="/pay/:token/*" element={<PayPage />} />
          </Routes>
        </MemoryRouter>
      </SWRConfig>
      <Toaster />
    </SharedUiProvider>,
  );
}

/** The pay page of an approved listing as the API answers it; tests change what they look at. */
export const approvedPayPage: PayPageView = {
  title: 'Digital Organizer',
  organization: 'Open Ballot Project',
  tierId: 'basic',
  tierName: 'Featured Listing',
  tierDuration: '30 days',
  listPriceCents: 9_900,
  amountCents: 7_920,
  promoCode: 'NONPROFIT20',
  promoCodeUsedUp: false,
  status: 'approved',
  jobId: null,
  paymentsConfigured: true,
  linkExpiresAt: '2026-12-06T12:00:00.000Z',
};
