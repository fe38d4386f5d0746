import { BILLING_MESSAGES } from '@jobboard/contract/payments';
import { SharedUiProvider, Toaster, useToastStore } from '@jobboard/shared-ui';
import { render, screen, within } from '@jobboard/test-utils/react';
import userEvent from '@jobboard/test-utils/user-event';
import { fakeApi } from '@jobboard/test-utils';
import { SWRConfig } from 'swr';
import { afterEach, describe, expect, it } from 'vitest';
import { OfflinePaymentForm } from '../components/OfflinePaymentForm';

/**
 * Issue 47: a check arrives for an approved listing. With Stripe set up or not, the admin
 * records it with its reference, amount and date; the listing goes live.
 */

function renderForm() {
  render(
    <SharedUiProvider>
      <SWRConfig value={{ provider: () => new Map() }}>
        <OfflinePaymentForm submissionId="7" amountCents={9_900} />
      </SWRConfig>
      <Toaster />
    </SharedUiProvider>,
  );
}

afterEach(() => useToastStore.setState({ toasts: [] }));

describe('recording a check or a transfer', () => {
  it('says what is missing, then records the check with its reference and date', async () => {
    const api = fakeApi({
      'POST /api/admin/submissions/:id/offline-payment': [200, { paymentId: '31', jobId: '40' }],
    });
    renderForm();
    await userEvent.click(screen.getByRole('button', { name: 'Record a check or transfer' }));
    const group = screen.getByRole('group', { name: 'Offline payment' });
    await userEvent.click(within(group).getByRole('button', { name: 'Record payment' }));
    expect(screen.getByText(BILLING_MESSAGES.offlineReference)).toBeInTheDocument();
    expect(screen.getByText(BILLING_MESSAGES.offlineReceivedOn)).toBeInTheDocument();
    await api.settled();
    expect(api.calls).toEqual([]);

    expect(within(group).getByRole('radio', { name: 'Check' })).toBeChecked();
    await userEvent.type(
      within(group).getByRole('textbox', { name: 'Check number or transfer reference' }),
      '10293',
    );
    await userEvent.type(within(group).getByLabelText('Date received'), '2026-11-21');
    await userEvent.click(within(group).getByRole('button', { name: 'Record payment' }));

    expect(await screen.findByText('Payment recorded: the listing is live')).toBeInTheDocument();
    expect(api.bodies('POST', '/api/admin/submissions/7/offline-payment')).toEqual([
      { method: 'check', reference: '10293', amountCents: 9_900, receivedOn: '2026-11-21' },
    ]);
  });

  it("shows the API's refusal when the listing was paid meanwhile", async () => {
    fakeApi({
      'POST /api/admin/submissions/:id/offline-payment': [
        409,
        { message: BILLING_MESSAGES.offlineAlreadyPaid },
      ],
    });
    renderForm();
    await userEvent.click(screen.getByRole('button', { name: 'Record a check or transfer' }));
    const group = screen.getByRole('group', { name: 'Offline payment' });
    await userEvent.click(within(group).getByRole('radio', { name: 'Bank transfer' }));
    await userEvent.type(
      within(group).getByRole('textbox', { name: 'Check number or transfer reference' }),
      'ACH 0099',
    );
    await userEvent.type(within(group).getByLabelText('Date received'), '2026-11-22');
    await userEvent.click(within(group).getByRole('button', { name: 'Record payment' }));
    expect(await screen.findByText(BILLING_MESSAGES.offlineAlreadyPaid)).toBeInTheDocument();
  });
});
