import type { AdminSubmission, FraudHint } from '@jobboard/contract/admin';
import { screen, within } from '@jobboard/test-utils/react';
import userEvent from '@jobboard/test-utils/user-event';
import { describe, expect, it } from 'vitest';
import { renderCard } from '../../../test-support/submission-card';

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

/** The scam-like submission's card (the queue's other details as the shared fixture has them). */
const renderScamCard = (data: Partial<AdminSubmission>) =>
  renderCard(
    'pending_review',
    {},
    {
      title: 'Remote Relief Assistant',
      organization: 'Global Relief Outreach',
      contactEmail: 'hiring.globalrelief@gmail.com',
      applicationUrl: 'https://bit.ly/grelief-apply',
      ...data,
    },
  );

const hintsSection = () => screen.getByRole('region', { name: 'Fraud hints' });

describe('the fraud hints on the review card', () => {
  it('lists each hint with its level in words and its reason', () => {
    renderScamCard({ fraudHints: SCAM_HINTS });
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
    const actions = renderScamCard({ fraudHints: SCAM_HINTS });
    await userEvent.click(screen.getByRole('button', { name: 'Approve' }));
    expect(actions.approve).toHaveBeenCalledWith([]);
  });

  it('reads the nonprofit on a free-mail address as one mild hint', () => {
    renderScamCard({ fraudHints: SCAM_HINTS.slice(0, 1) });
    const items = within(hintsSection()).getAllByRole('listitem');
    expect(items).toHaveLength(1);
    expect(items[0]).toHaveTextContent(/^Mild hint: The contact address is at gmail\.com/);
  });

  it('says so when there is none', () => {
    renderScamCard({ fraudHints: [] });
    expect(within(hintsSection()).getByText('No fraud hints.')).toBeInTheDocument();
    expect(within(hintsSection()).queryByRole('list')).toBeNull();
  });

  it('shows nothing of hints from an API that sends none', () => {
    renderScamCard({});
    expect(screen.queryByRole('region', { name: 'Fraud hints' })).toBeNull();
  });
});
