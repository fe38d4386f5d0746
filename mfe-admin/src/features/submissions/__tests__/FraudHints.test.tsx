import type { AdminSubmission, FraudHint } from '@jobboard/contract/admin';
import { SharedUiProvider } from '@jobboard/shared-ui';
import { render, screen, within } from '@jobboard/test-utils/react';
import userEvent from '@jobboard/test-utils/user-event';
import { describe, expect, it, vi } from 'vitest';
import { SubmissionCard, type SubmissionActions } from '../components/SubmissionCard';

/**
 * The fraud hints on the review card (issue 45), as an admin reads them: a section headed "Fraud
 * hints" with a list, each item its level in words and the API's reason; the nonprofit on a
 * free-mail address reads as a mild hint; no hint takes a button away.
 */

/** A scam-like submission's hints as the API answers them (api/test/submissions/fraud-hints-api.test.ts). */
const SCAM_HINTS: FraudHint[] = [
  {
    kind: 'freeMail',
    level: 'mild',
    reason:
      'The contact address is at gmail.com, a free e-mail service. Many small organizations and nonprofits use one: a mild hint on its own.',
  },
  {
    kind: 'shortLink',
    level: 'strong',
    reason: 'The application link uses the link shortener bit.ly, which hides where it leads.',
  },
  {
    kind: 'scamPhrase',
    level: 'strong',
    reason:
      'The text says "Interviews are held on Telegram: t.me/grelief_hr": scams move candidates, and their "interviews", to chat on messaging apps.',
  },
  {
    kind: 'payAbove',
    level: 'strong',
    reason:
      'The pay (at least $260,000 a year) is more than 3 times the median of the live Fundraising listings ($65,500 a year, of 12).',
  },
];

const SUBMISSION: AdminSubmission = {
  id: '41',
  title: 'Remote Relief Assistant',
  organization: 'Global Relief Outreach',
  location: 'Remote',
  category: ['Fundraising'],
  jobType: 'Full-time',
  experienceLevel: 'Not specified',
  salaryMin: null,
  salaryMax: null,
  pay: { min: 5_000, max: 6_000, period: 'week', currency: 'USD' },
  contactName: 'Jordan Lee',
  contactEmail: 'hiring.globalrelief@gmail.com',
  promoCode: null,
  submittedAt: '2026-11-22T12:00:00.000Z',
  description: 'Work from home as a Payment Processing Agent.',
  applicationUrl: 'https://bit.ly/grelief-apply',
  deadline: null,
  listingType: 'basic',
  amount: 9_900,
  submissionStatus: 'pending_review',
  reviewNotes: null,
  jobId: null,
  paidAt: null,
  paymentLinkExpiresAt: null,
  livePaymentLinks: 0,
  listingCredits: 0,
  promoRedemption: null,
  paymentIssues: [],
  company: {
    onBoard: false,
    submitted: { websiteUrl: null, logo: null, description: null },
    differences: [],
  },
  approvalEmail: null,
};

function renderCard(data: Partial<AdminSubmission>) {
  const actions: SubmissionActions = {
    approve: vi.fn().mockResolvedValue(undefined),
    approveWithCredit: vi.fn().mockResolvedValue(undefined),
    reject: vi.fn().mockResolvedValue(undefined),
    generateLink: vi.fn().mockResolvedValue(undefined),
    revokeLinks: vi.fn().mockResolvedValue(undefined),
    copyTemplate: vi.fn().mockResolvedValue(undefined),
    updateAmount: vi.fn().mockResolvedValue(undefined),
    resolvePayment: vi.fn().mockResolvedValue(undefined),
  };
  render(
    <SharedUiProvider>
      <SubmissionCard submission={{ ...SUBMISSION, ...data }} actions={actions} />
    </SharedUiProvider>,
  );
  return actions;
}

const hintsSection = () => screen.getByRole('region', { name: 'Fraud hints' });

describe('the fraud hints on the review card', () => {
  it('lists each hint with its level in words and its reason', () => {
    renderCard({ fraudHints: SCAM_HINTS });
    const section = hintsSection();
    expect(
      within(section).getByText(
        'What the board noticed, for a closer look: no hint is a reason to refuse on its own.',
      ),
    ).toBeInTheDocument();
    const items = within(within(section).getByRole('list')).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Mild hint: The contact address is at gmail.com, a free e-mail service. Many small organizations and nonprofits use one: a mild hint on its own.',
      'Look closer: The application link uses the link shortener bit.ly, which hides where it leads.',
      'Look closer: The text says "Interviews are held on Telegram: t.me/grelief_hr": scams move candidates, and their "interviews", to chat on messaging apps.',
      'Look closer: The pay (at least $260,000 a year) is more than 3 times the median of the live Fundraising listings ($65,500 a year, of 12).',
    ]);
  });

  it('blocks nothing: the admin can still approve a submission with hints', async () => {
    const actions = renderCard({ fraudHints: SCAM_HINTS });
    await userEvent.click(screen.getByRole('button', { name: 'Approve' }));
    expect(actions.approve).toHaveBeenCalledWith([]);
  });

  it('reads the nonprofit on a free-mail address as one mild hint', () => {
    renderCard({ fraudHints: SCAM_HINTS.slice(0, 1) });
    const items = within(hintsSection()).getAllByRole('listitem');
    expect(items).toHaveLength(1);
    expect(items[0]).toHaveTextContent(/^Mild hint: The contact address is at gmail\.com/);
  });

  it('says so when there is none', () => {
    renderCard({ fraudHints: [] });
    expect(within(hintsSection()).getByText('No fraud hints.')).toBeInTheDocument();
    expect(within(hintsSection()).queryByRole('list')).toBeNull();
  });

  it('shows nothing of hints from an API that sends none', () => {
    renderCard({});
    expect(screen.queryByRole('region', { name: 'Fraud hints' })).toBeNull();
  });
});
