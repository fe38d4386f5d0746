import type { AdminSubmission } from '@jobboard/contract/admin';
import { useToastStore } from '@jobboard/shared-ui';
import { screen, waitFor, within } from '@jobboard/test-utils/react';
import userEvent from '@jobboard/test-utils/user-event';
import { fakeApi, type FakeApi } from '@jobboard/test-utils';
import { afterEach, describe, expect, it } from 'vitest';
import { renderSubmissionsPage } from '../../../test-support/render-submissions-page';
import { submission } from '../../../test-support/submission-card';

/** A pending submission whose contact asked to use one of its 2 Multiples credits. */
const base: AdminSubmission = {
  ...submission,
  salaryMin: null,
  salaryMax: null,
  applicationUrl: 'https://openballot.example/jobs/organizer',
  listingCredits: 2,
  creditRequested: true,
};
const flagged: AdminSubmission = {
  ...base,
  id: '8',
  title: 'Grants Writer',
  submissionStatus: 'paid',
  listingCredits: 0,
  paymentIssues: [
    {
      id: '3',
      status: 'needs_refund',
      amountCents: 9_900,
      currency: 'usd',
      checkoutSessionId: 'cs_test_2',
      reason: 'A second payment ($99 USD) for a listing already paid',
      paidAt: '2026-11-22T12:00:00.000Z',
    },
  ],
};

const serve = () =>
  fakeApi({
    'GET /api/admin/lists/submissions': [
      200,
      { submissions: [base, flagged], total: 2, page: 1, pageSize: 25, flaggedPayments: 1 },
    ],
    'GET /api/admin/submissions/payments': [200, { stripeConfigured: true }],
    'POST /api/admin/submissions/:id/approve': [
      200,
      { submission: base, paymentUrl: null, publishedWithCredit: true },
    ],
    'POST /api/admin/submissions/:id/payments/:paymentId/resolve': [200, base],
  });

/** Each POST as [path, the JSON it sent or null]. */
const posts = (received: FakeApi) =>
  received.calls
    .filter((call) => call.method === 'POST')
    .map((call) => [call.path, call.body === undefined ? null : JSON.stringify(call.body)]);

const renderPage = renderSubmissionsPage;

afterEach(() => {
  useToastStore.setState({ toasts: [] });
});

describe('the submissions screen', () => {
  it('says how many payments need the admin, above the list', async () => {
    serve();
    renderPage();
    expect(await screen.findByText(/1 payment needs your attention/)).toBeInTheDocument();
  });

  it('spends a Multiples credit only through its own confirmed button', async () => {
    const received = serve();
    renderPage();
    const card = within(
      (await screen.findAllByTestId('submission')).find((c) =>
        c.textContent?.includes('Digital Organizer'),
      )!,
    );
    await userEvent.click(card.getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(posts(received)).toHaveLength(1));
    // The card's version goes with every approval (issue 43: an edit since is refused, not published).
    expect(posts(received)[0]).toEqual([
      '/api/admin/submissions/7/approve',
      JSON.stringify({ editedAt: null }),
    ]);

    await userEvent.click(
      card.getByRole('button', { name: 'Publish with a Multiples credit (2 left)' }),
    );
    await userEvent.click(card.getByRole('button', { name: 'Use 1 credit and publish' }));
    await waitFor(() => expect(posts(received)).toHaveLength(2));
    expect(posts(received)[1]).toEqual([
      '/api/admin/submissions/7/approve',
      JSON.stringify({ editedAt: null, useCredit: true }),
    ]);
  });

  it('tells the admin the earlier pay link still works, and revokes the links once confirmed', async () => {
    const approved: AdminSubmission = {
      ...base,
      id: '9',
      title: 'Data Reporter',
      submissionStatus: 'approved',
      paymentLinkExpiresAt: '2999-12-06T12:00:00.000Z',
      livePaymentLinks: 1,
    };
    const received = fakeApi({
      'GET /api/admin/lists/submissions': [
        200,
        { submissions: [approved], total: 1, page: 1, pageSize: 25, flaggedPayments: 0 },
      ],
      'GET /api/admin/submissions/payments': [200, { stripeConfigured: true }],
      'POST /api/admin/submissions/:id/payment-link': [
        200,
        {
          paymentUrl: 'http://localhost/pay/abc',
          expiresAt: '2999-12-06T12:00:00.000Z',
          earlierLinksValid: 1,
          approvalEmail: 'Subject: Approved',
        },
      ],
      'POST /api/admin/submissions/:id/revoke-payment-links': [
        200,
        { revoked: 2, submission: { ...approved, livePaymentLinks: 0 } },
      ],
    });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Generate Payment Link' }));
    await waitFor(() =>
      expect(useToastStore.getState().toasts[0]).toMatchObject({
        title: 'Payment Link Generated',
        description:
          'Payment link copied to clipboard! The earlier link still works until it expires, the listing is paid or you revoke the links.',
      }),
    );
    expect(await navigator.clipboard.readText()).toBe('http://localhost/pay/abc');

    await user.click(screen.getByRole('button', { name: 'Revoke links' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke payment links?' });
    expect(dialog).toHaveTextContent('including the one e-mailed to the employer');
    await user.click(within(dialog).getByRole('button', { name: 'Revoke links' }));
    await waitFor(() =>
      expect(posts(received)).toEqual([
        ['/api/admin/submissions/9/payment-link', null],
        ['/api/admin/submissions/9/revoke-payment-links', null],
      ]),
    );
    await waitFor(() =>
      expect(useToastStore.getState().toasts.map((t) => t.title)).toContain(
        'Payment Links Revoked',
      ),
    );
  });

  it('sends the company details ticked on the review card with the approval', async () => {
    const withCompany: AdminSubmission = {
      ...base,
      company: {
        onBoard: true,
        submitted: { websiteUrl: 'https://vote.openballot.example', logo: null, description: null },
        differences: [
          {
            field: 'websiteUrl',
            onBoard: 'https://openballot.example',
            submitted: 'https://vote.openballot.example',
          },
        ],
      },
    };
    const received = fakeApi({
      'GET /api/admin/lists/submissions': [
        200,
        { submissions: [withCompany], total: 1, page: 1, pageSize: 25, flaggedPayments: 0 },
      ],
      'GET /api/admin/submissions/payments': [200, { stripeConfigured: true }],
      'POST /api/admin/submissions/:id/approve': [
        200,
        {
          submission: withCompany,
          paymentUrl: 'http://localhost/pay/abc',
          publishedWithCredit: false,
        },
      ],
    });
    renderPage();
    await userEvent.click(
      await screen.findByRole('checkbox', { name: "Update the company's website" }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Approve' }));
    await waitFor(() =>
      expect(posts(received)).toEqual([
        [
          '/api/admin/submissions/7/approve',
          JSON.stringify({ editedAt: null, updateCompany: ['websiteUrl'] }),
        ],
      ]),
    );
  });

  it('marks a flagged payment handled', async () => {
    const received = serve();
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Mark as handled' }));
    await waitFor(() =>
      expect(posts(received)).toEqual([['/api/admin/submissions/8/payments/3/resolve', null]]),
    );
  });
});
