import type { AdminSubmission } from '@jobboard/contract';
import { SharedUiProvider, useToastStore } from '@jobboard/shared-ui';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SubmissionCard, statusLabel, type SubmissionActions } from '../components/SubmissionCard';

const submission: AdminSubmission = {
  id: '7',
  title: 'Digital Organizer',
  organization: 'Open Ballot Project',
  location: 'Remote',
  category: ['Political'],
  jobType: 'Full-time',
  experienceLevel: 'Not specified',
  salaryMin: 55_000,
  salaryMax: 65_000,
  contactName: 'Sam Rivera',
  contactEmail: 'sam@openballot.example',
  promoCode: null,
  submittedAt: '2026-11-22T12:00:00.000Z',
  description: 'Organize volunteers online.',
  applicationUrl: `https://openballot.example/jobs/${'a'.repeat(60)}`,
  deadline: null,
  listingType: 'basic',
  amount: 9_900,
  submissionStatus: 'pending_review',
  reviewNotes: null,
  jobId: null,
  paidAt: null,
  paymentLinkExpiresAt: null,
  listingCredits: 0,
  promoRedemption: null,
  paymentIssues: [],
};

function renderCard(status: string, extra: Partial<SubmissionActions> = {}) {
  const actions: SubmissionActions = {
    approve: vi.fn().mockResolvedValue(undefined),
    reject: vi.fn().mockResolvedValue(undefined),
    generateLink: vi.fn().mockResolvedValue(undefined),
    copyTemplate: vi.fn().mockResolvedValue(undefined),
    updateAmount: vi.fn().mockResolvedValue(undefined),
    ...extra,
  };
  render(
    <SharedUiProvider>
      <SubmissionCard
        submission={{ ...submission, submissionStatus: status as never }}
        actions={actions}
      />
    </SharedUiProvider>,
  );
  return actions;
}

const buttons = () => screen.getAllByRole('button').map((b) => b.textContent);

afterEach(() => useToastStore.setState({ toasts: [] }));

describe('a submission in the review queue', () => {
  it.each([
    [
      'pending_review',
      'Pending Review',
      ['Update Amount', 'Approve', 'Reject', 'Copy Email Template'],
    ],
    ['approved', 'Approved', ['Update Amount', 'Generate Payment Link', 'Copy Email Template']],
    ['rejected', 'Rejected', ['Update Amount']],
    ['paid', 'Paid & Published', ['Update Amount']],
  ])('in %s shows "%s" and the buttons %j', (status, label, expected) => {
    renderCard(status);
    expect(screen.getByText(label)).toBeInTheDocument();
    expect(buttons()).toEqual(expected);
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
});
