import { DEFAULT_SETTINGS } from '@jobboard/contract/employer';
import { BILLING_MESSAGES } from '@jobboard/contract/payments';
import { SharedUiProvider, Toaster, useToastStore } from '@jobboard/shared-ui';
import { render, screen, within } from '@jobboard/test-utils/react';
import userEvent from '@jobboard/test-utils/user-event';
import { fakeApi } from '@jobboard/test-utils';
import { SWRConfig } from 'swr';
import { afterEach, describe, expect, it } from 'vitest';
import { BillingSettings } from '../components/BillingSettings';

/**
 * Issue 47: an admin sets how invoices publish, the publication printed on receipts and invoices,
 * and a nonprofit price.
 */

function renderSettings() {
  render(
    <SharedUiProvider>
      <SWRConfig value={{ provider: () => new Map() }}>
        <BillingSettings />
      </SWRConfig>
      <Toaster />
    </SharedUiProvider>,
  );
}

afterEach(() => useToastStore.setState({ toasts: [] }));

describe("billing's settings", () => {
  it('refuses an EIN written otherwise, then saves publish on approval, the publication and a nonprofit price', async () => {
    const api = fakeApi({
      'GET /api/admin/settings': [200, DEFAULT_SETTINGS],
      'PUT /api/admin/settings': ({ body }) => [200, { ...DEFAULT_SETTINGS, ...(body as object) }],
    });
    renderSettings();
    const form = await screen.findByRole('form', { name: 'Billing' });
    expect(within(form).getByRole('radio', { name: 'when the invoice is paid' })).toBeChecked();
    await userEvent.click(
      within(form).getByRole('radio', { name: 'when the invoice is sent (due in 30 days)' }),
    );
    await userEvent.type(
      within(form).getByRole('textbox', { name: "The publication's legal name" }),
      'Commons Dispatch Media LLC',
    );
    await userEvent.type(
      within(form).getByRole('textbox', { name: "The publication's postal address" }),
      '77 Harbor Road{Enter}Portland, ME 04101',
    );
    await userEvent.type(within(form).getByRole('textbox', { name: /^EIN/ }), '123456789');
    await userEvent.type(
      within(form).getByRole('spinbutton', { name: /Featured Listing: nonprofit price/ }),
      '49',
    );
    await userEvent.click(within(form).getByRole('button', { name: 'Save billing settings' }));
    expect(await screen.findByText(BILLING_MESSAGES.publisherEin)).toBeInTheDocument();
    await api.settled();
    expect(api.bodies('PUT', '/api/admin/settings')).toEqual([]);

    const einField = within(form).getByRole('textbox', { name: /^EIN/ });
    await userEvent.clear(einField);
    await userEvent.type(einField, '12-3456789');
    await userEvent.click(within(form).getByRole('button', { name: 'Save billing settings' }));
    expect(await screen.findByText('Billing settings saved')).toBeInTheDocument();
    expect(api.bodies('PUT', '/api/admin/settings')).toEqual([
      {
        invoicePublishing: 'on_approval',
        publisherLegalName: 'Commons Dispatch Media LLC',
        publisherAddress: '77 Harbor Road\nPortland, ME 04101',
        publisherEin: '12-3456789',
        tierPrices: {
          basic: { nonprofit: 4_900, business: null },
          featured: { nonprofit: null, business: null },
        },
      },
    ]);
  });
});
