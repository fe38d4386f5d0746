import type { AdminSubmission } from '@jobboard/contract/admin';
import { jobFieldLabel } from '@jobboard/contract/jobs';
import { useToastStore } from '@jobboard/shared-ui';
import { screen, within } from '@jobboard/test-utils/react';
import userEvent from '@jobboard/test-utils/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderCard, submission } from '../../../test-support/submission-card';
import { statusLabel } from '../components/SubmissionCard';

const buttons = () => screen.getAllByRole('button').map((b) => b.textContent);

afterEach(() => useToastStore.setState({ toasts: [] }));

describe('a submission in the review queue', () => {
  it.each([
    [
      'pending_review',
      'Pending Review',
      ['Update Amount', 'Approve', 'Reject', 'Copy Email Template'],
    ],
    [
      'approved',
      'Approved',
      [
        'Update Amount',
        'Generate Payment Link',
        'Record a check or transfer',
        'Copy Email Template',
      ],
    ],
    ['rejected', 'Rejected', ['Update Amount']],
    ['paid', 'Paid & Published', ['Update Amount']],
  ])('in %s shows "%s" and the buttons %j', (status, label, expected) => {
    renderCard(status);
    expect(screen.getByText(label)).toBeInTheDocument();
    expect(buttons()).toEqual(expected);
  });

  it('says when the employer edited it from their page (issue 30), and nothing when never', () => {
    renderCard('pending_review', {}, { editedAt: '2026-11-24T09:30:00.000Z' });
    expect(screen.getByRole('note')).toHaveTextContent(
      'Edited by the employer on November 24, 2026',
    );
  });

  it("names the API key an integrator submitted it with (issue 46), and nothing for the form's", () => {
    renderCard('pending_review', {}, { apiKey: { name: 'Acme ATS', start: 'jb_live_AbCd1234' } });
    expect(screen.getByRole('note')).toHaveTextContent(
      'Submitted through the API with the key “Acme ATS” (jb_live_AbCd1234…).',
    );
  });

  it('says nothing of an edit on a submission the employer never edited', () => {
    renderCard('pending_review');
    expect(screen.queryByRole('note')).toBeNull();
  });

  it('shows the pay with its period, and the benefits line when given (docs/product.md#pay)', () => {
    renderCard(
      'pending_review',
      {},
      {
        salaryMin: null,
        salaryMax: null,
        pay: { min: 3_000, max: null, period: 'month', currency: 'USD', benefits: 'Housing' },
      },
    );
    const value = (label: string) => screen.getByText(label).nextElementSibling;
    expect(value('Salary')).toHaveTextContent('From $3,000 a month');
    expect(value(jobFieldLabel('benefitsSummary'))).toHaveTextContent('Housing');
  });

  it('shows a yearly pay without a benefits line when none is given', () => {
    renderCard(
      'pending_review',
      {},
      {
        pay: { min: 55_000, max: 65_000, period: 'year', currency: 'USD' },
      },
    );
    expect(screen.getByText('Salary').nextElementSibling).toHaveTextContent(
      '$55,000 - $65,000 a year',
    );
    expect(screen.queryByText(jobFieldLabel('benefitsSummary'))).toBeNull();
  });

  it('shows an unknown status raw', () => {
    expect(statusLabel('on_hold')).toBe('on_hold');
  });

  it('disables the amount once paid', () => {
    renderCard('paid');
    expect(screen.getByLabelText('Amount (USD)')).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Update Amount' })).toBeDisabled();
  });

  it('shortens the application URL to 50 characters', () => {
    renderCard('pending_review');
    expect(
      screen.getByRole('link', { name: `${submission.applicationUrl.slice(0, 50)}...` }),
    ).toHaveAttribute('href', submission.applicationUrl);
  });

  it.each(['0', '-5', 'abc', ''])('refuses the amount %j with Invalid Amount', async (typed) => {
    const actions = renderCard('approved');
    const input = screen.getByLabelText('Amount (USD)');
    await userEvent.clear(input);
    if (typed) await userEvent.type(input, typed);
    await userEvent.click(screen.getByRole('button', { name: 'Update Amount' }));
    expect(useToastStore.getState().toasts[0]).toMatchObject({
      title: 'Invalid Amount',
      description: 'Please enter a valid amount greater than 0.',
    });
    expect(actions.updateAmount).not.toHaveBeenCalled();
  });

  it('sends a valid amount as rounded cents', async () => {
    const actions = renderCard('approved');
    const input = screen.getByLabelText('Amount (USD)');
    await userEvent.clear(input);
    await userEvent.type(input, '49.999');
    await userEvent.click(screen.getByRole('button', { name: 'Update Amount' }));
    expect(actions.updateAmount).toHaveBeenCalledWith(5000);
  });

  it('rejects with an optional reason', async () => {
    const actions = renderCard('pending_review');
    await userEvent.click(screen.getByRole('button', { name: 'Reject' }));
    await userEvent.type(
      screen.getByLabelText('Reason (optional, sent to the employer)'),
      'No salary given.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Confirm rejection' }));
    expect(actions.reject).toHaveBeenCalledWith('No salary given.');
  });

  it("offers 'Mark as paid' when payments are not set up", () => {
    renderCard('approved', { markPaid: vi.fn() });
    expect(buttons()).toContain('Mark as paid');
  });

  it('offers no Multiples credit when the contact has none', () => {
    renderCard('pending_review');
    expect(buttons()).not.toContain('Publish with a Multiples credit (2 left)');
  });

  it('offers no credit the employer did not ask to use, and says how they can', () => {
    renderCard('pending_review', {}, { listingCredits: 2 });
    expect(buttons()).not.toContain('Publish with a Multiples credit (2 left)');
    expect(screen.getByText(/Only the employer can choose to use one/)).toHaveTextContent(
      'This address has 2 Multiples credits left.',
    );
  });

  it('asks before publishing with a credit the employer asked for, naming them and what is left', async () => {
    const actions = renderCard('pending_review', {}, { listingCredits: 2, creditRequested: true });
    expect(buttons()).toEqual([
      'Update Amount',
      'Approve',
      'Publish with a Multiples credit (2 left)',
      'Reject',
      'Copy Email Template',
    ]);
    await userEvent.click(
      screen.getByRole('button', { name: 'Publish with a Multiples credit (2 left)' }),
    );
    const confirm = screen.getByRole('group', { name: 'Use a Multiples credit' });
    expect(confirm).toHaveTextContent(
      'The employer, signed in as sam@openballot.example, asked to publish this listing with a Multiples credit. This publishes the job now, without payment, and uses 1 of the 2 listings left.',
    );
    expect(actions.approveWithCredit).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Use 1 credit and publish' }));
    expect(actions.approveWithCredit).toHaveBeenCalledTimes(1);
    expect(actions.approve).not.toHaveBeenCalled();
  });

  it('approves with a pay link on plain Approve, credits or not', async () => {
    const actions = renderCard('pending_review', {}, { listingCredits: 2 });
    await userEvent.click(screen.getByRole('button', { name: 'Approve' }));
    expect(actions.approve).toHaveBeenCalledTimes(1);
    expect(actions.approve).toHaveBeenCalledWith([]);
    expect(actions.approveWithCredit).not.toHaveBeenCalled();
  });

  it('shows flagged payments with why, and lets the admin mark one handled', async () => {
    const actions = renderCard(
      'paid',
      {},
      {
        paymentIssues: [
          {
            id: '12',
            status: 'needs_refund',
            amountCents: 9_900,
            currency: 'usd',
            checkoutSessionId: 'cs_test_2',
            reason: 'A second payment ($99 USD) for a listing already paid',
            paidAt: '2026-11-22T12:00:00.000Z',
          },
          {
            id: 'R3',
            kind: 'renewal',
            status: 'needs_review',
            amountCents: 100,
            currency: 'usd',
            checkoutSessionId: 'cs_test_9',
            reason: 'Paid $1 USD, but the renewal costs $99',
            paidAt: '2026-12-22T12:00:00.000Z',
          },
        ],
      },
    );
    const alert = screen.getByRole('alert', { name: 'Payments that need you' });
    const [first, renewal] = within(alert).getAllByRole('listitem');
    expect(first).toHaveTextContent(
      'Refund needed: A second payment ($99 USD) for a listing already paid. Stripe session cs_test_2.',
    );
    expect(renewal).toHaveTextContent(
      'Renewal: Payment to review: Paid $1 USD, but the renewal costs $99. Stripe session cs_test_9.',
    );
    await userEvent.click(within(renewal!).getByRole('button', { name: 'Mark as handled' }));
    expect(actions.resolvePayment).toHaveBeenCalledWith('R3');
  });

  it('says until when the pay link works, and when it has expired', () => {
    renderCard(
      'approved',
      {},
      { paymentLinkExpiresAt: '2999-12-06T12:00:00.000Z', livePaymentLinks: 1 },
    );
    expect(screen.getByText('Payment link valid until December 6, 2999')).toBeInTheDocument();
  });

  it('says how many pay links work, and revokes them only once the admin confirms', async () => {
    const actions = renderCard(
      'approved',
      {},
      { paymentLinkExpiresAt: '2999-12-06T12:00:00.000Z', livePaymentLinks: 2 },
    );
    expect(
      screen.getByText(
        "Payment link valid until December 6, 2999 (2 payment links work now, each until its own end; 'Revoke links' ends them all.)",
      ),
    ).toBeInTheDocument();
    expect(buttons()).toEqual([
      'Update Amount',
      'Generate Payment Link',
      'Revoke links',
      'Record a check or transfer',
      'Copy Email Template',
    ]);

    await userEvent.click(screen.getByRole('button', { name: 'Revoke links' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke payment links?' });
    expect(dialog).toHaveTextContent(
      'All 2 payment links of this listing stop working at once, including the one e-mailed to the employer: the employer can no longer pay until you generate a new link and send it.',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(actions.revokeLinks).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: 'Revoke links' }));
    await userEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Revoke links' }),
    );
    expect(actions.revokeLinks).toHaveBeenCalledTimes(1);
  });

  it('offers no revoking once no link works, and asks for a new one after a revoke', () => {
    renderCard('approved', {}, { paymentLinkExpiresAt: null, livePaymentLinks: 0 });
    expect(buttons()).not.toContain('Revoke links');
    expect(screen.getByRole('status')).toHaveTextContent(
      'No payment link works now: generate a new one and send it to the employer.',
    );
  });

  it('asks for a new pay link once the old one has expired', () => {
    renderCard('approved', {}, { paymentLinkExpiresAt: '2020-12-06T12:00:00.000Z' });
    expect(screen.getByRole('status')).toHaveTextContent(
      'The payment link expired on December 6, 2020: generate a new one',
    );
  });
});

describe("a submission's company details (issue 25)", () => {
  const onBoard: AdminSubmission['company'] = {
    onBoard: true,
    submitted: {
      websiteUrl: 'https://vote.openballot.example',
      logo: 'https://openballot.example/logo.png',
      description: 'We register voters.',
    },
    differences: [
      {
        field: 'websiteUrl',
        onBoard: 'https://openballot.example',
        submitted: 'https://vote.openballot.example',
      },
      { field: 'description', onBoard: '', submitted: 'We register voters.' },
    ],
  };
  const rows = () =>
    within(screen.getByRole('table', { name: 'Company details: the board and this submission' }))
      .getAllByRole('row')
      .map((row) => row.textContent);

  it('shows what the board has next to what the submission gives, only where they differ', () => {
    renderCard('pending_review', {}, { company: onBoard });
    const section = screen.getByRole('region', { name: 'Company details' });
    expect(section).toHaveTextContent(
      'Open Ballot Project is on the board: its details are shared by all its jobs, so this submission changes them only where you tick it before approving.',
    );
    expect(rows()).toEqual([
      'DetailOn the boardIn this submission',
      "Websitehttps://openballot.examplehttps://vote.openballot.exampleUpdate the company's website",
      "DescriptionNoneWe register voters.Update the company's description",
    ]);
    for (const box of within(section).getAllByRole('checkbox')) expect(box).not.toBeChecked();
  });

  it('approves with the ticked details only, and with none by default', async () => {
    const actions = renderCard(
      'pending_review',
      {},
      { company: onBoard, listingCredits: 1, creditRequested: true },
    );
    await userEvent.click(screen.getByRole('checkbox', { name: "Update the company's website" }));
    await userEvent.click(screen.getByRole('button', { name: 'Approve' }));
    expect(actions.approve).toHaveBeenCalledWith(['websiteUrl']);
    await userEvent.click(screen.getByRole('checkbox', { name: "Update the company's website" }));
    await userEvent.click(
      screen.getByRole('checkbox', { name: "Update the company's description" }),
    );
    await userEvent.click(
      screen.getByRole('button', { name: 'Publish with a Multiples credit (1 left)' }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Use 1 credit and publish' }));
    expect(actions.approveWithCredit).toHaveBeenCalledWith(['description']);
  });

  it('shows an uploaded logo as the picture the board stored, beside its path (issue 30)', async () => {
    const uploaded = `/logos/${'d'.repeat(64)}.png`;
    const actions = renderCard(
      'pending_review',
      {},
      {
        company: {
          ...onBoard,
          submitted: { ...onBoard.submitted, logo: uploaded },
          differences: [
            { field: 'logo', onBoard: 'https://openballot.example/logo.png', submitted: uploaded },
          ],
        },
      },
    );
    expect(screen.getByRole('img', { name: 'The uploaded logo' })).toHaveAttribute('src', uploaded);
    expect(rows()[1]).toBe(
      `Logohttps://openballot.example/logo.png${uploaded}Update the company's logo`,
    );
    await userEvent.click(screen.getByRole('checkbox', { name: "Update the company's logo" }));
    await userEvent.click(screen.getByRole('button', { name: 'Approve' }));
    expect(actions.approve).toHaveBeenCalledWith(['logo']);
  });

  it('keeps the comparison without boxes once the submission is past review', () => {
    renderCard('approved', {}, { company: onBoard, livePaymentLinks: 1 });
    expect(rows()).toHaveLength(3);
    expect(screen.queryByRole('checkbox')).toBeNull();
  });

  it('says a company new to the board gets the details given, and says nothing without any', () => {
    renderCard(
      'pending_review',
      {},
      {
        company: {
          onBoard: false,
          submitted: { websiteUrl: 'https://fresh.example', logo: null, description: null },
          differences: [],
        },
      },
    );
    expect(screen.getByRole('region', { name: 'Company details' })).toHaveTextContent(
      'Open Ballot Project is new to the board: it gets these details when the job is published.Websitehttps://fresh.example',
    );
  });

  it('says when the details given match the board', () => {
    renderCard('pending_review', {}, { company: { ...onBoard, differences: [] } });
    expect(screen.getByRole('region', { name: 'Company details' })).toHaveTextContent(
      "The company details this submission gives match the board's.",
    );
  });

  it('shows no company section when the submission gives no details', () => {
    renderCard('pending_review');
    expect(screen.queryByRole('region', { name: 'Company details' })).toBeNull();
  });
});

describe('a submission in the review queue, its promo code', () => {
  it('says when a promo code ran out before payment', () => {
    renderCard('approved', {}, { promoCode: 'ONCE', promoRedemption: 'used_up' });
    expect(
      screen.getByText('ONCE (used up by other listings before payment: discount removed)'),
    ).toBeInTheDocument();
  });
});
