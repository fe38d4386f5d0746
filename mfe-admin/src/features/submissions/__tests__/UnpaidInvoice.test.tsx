import type { AdminSubmission } from '@jobboard/contract/admin';
import { useToastStore } from '@jobboard/shared-ui';
import { screen, waitFor, within } from '@jobboard/test-utils/react';
import userEvent from '@jobboard/test-utils/user-event';
import { fakeApi } from '@jobboard/test-utils';
import { afterEach, describe, expect, it } from 'vitest';
import { renderSubmissionsPage } from '../../../test-support/render-submissions-page';
import { submission } from '../../../test-support/submission-card';

/**
 * Issue 47: with "publish on approval" a listing billed by invoice is live ('paid') before the
 * invoice is paid. The admin's card says so, not 'Paid & Published', and offers to record the
 * check or transfer that came instead; once recorded, the card reads paid.
 */

const liveOnInvoice: AdminSubmission = {
  ...submission,
  id: '12',
  title: 'Watershed Educator',
  submissionStatus: 'paid',
  jobId: '40',
  paidAt: '2026-11-22T12:00:00.000Z',
  listingCredits: 0,
  unpaidInvoice: { dueOn: '2026-12-22', url: 'https://invoice.stripe.example/i/in_1' },
};
const paidByCard: AdminSubmission = {
  ...liveOnInvoice,
  id: '13',
  title: 'Paid by card',
  jobId: '41',
  unpaidInvoice: null,
};

const renderPage = renderSubmissionsPage;

const cardOf = async (title: string) =>
  within((await screen.findAllByTestId('submission')).find((c) => c.textContent?.includes(title))!);

afterEach(() => useToastStore.setState({ toasts: [] }));

describe('a listing live on an unpaid invoice, on the submissions screen', () => {
  it('reads "Live, invoice unpaid (due ...)" and records the check that settles it', async () => {
    let recorded = false;
    const api = fakeApi({
      'GET /api/admin/lists/submissions': () => [
        200,
        {
          submissions: [
            recorded ? { ...liveOnInvoice, unpaidInvoice: null } : liveOnInvoice,
            paidByCard,
          ],
          total: 2,
          page: 1,
          pageSize: 25,
          flaggedPayments: 0,
        },
      ],
      'GET /api/admin/submissions/payments': [200, { stripeConfigured: true }],
      'POST /api/admin/submissions/:id/offline-payment': () => {
        recorded = true;
        return [200, { paymentId: '31', jobId: '40' }];
      },
    });
    renderPage();

    const card = await cardOf('Watershed Educator');
    expect(card.getByText('Live, invoice unpaid (due December 22, 2026)')).toBeInTheDocument();
    expect(card.queryByText('Paid & Published')).not.toBeInTheDocument();
    // A listing paid by card is paid: nothing to record.
    const paid = await cardOf('Paid by card');
    expect(paid.getByText('Paid & Published')).toBeInTheDocument();
    expect(
      paid.queryByRole('button', { name: 'Record a check or transfer' }),
    ).not.toBeInTheDocument();

    await userEvent.click(card.getByRole('button', { name: 'Record a check or transfer' }));
    const group = card.getByRole('group', { name: 'Offline payment' });
    await userEvent.type(
      within(group).getByRole('textbox', { name: 'Check number or transfer reference' }),
      'Check 1207',
    );
    await userEvent.type(within(group).getByLabelText('Date received'), '2026-11-23');
    await userEvent.click(within(group).getByRole('button', { name: 'Record payment' }));

    expect(await screen.findByText('Payment recorded: the listing is live')).toBeInTheDocument();
    expect(api.bodies('POST', '/api/admin/submissions/12/offline-payment')).toEqual([
      {
        method: 'check',
        reference: 'Check 1207',
        amountCents: submission.amount,
        receivedOn: '2026-11-23',
      },
    ]);
    // The queue, read again, says it is paid now, and offers no second record.
    await waitFor(async () =>
      expect(
        (await cardOf('Watershed Educator')).getByText('Paid & Published'),
      ).toBeInTheDocument(),
    );
    expect(
      (await cardOf('Watershed Educator')).queryByRole('button', {
        name: 'Record a check or transfer',
      }),
    ).not.toBeInTheDocument();
  });
});
