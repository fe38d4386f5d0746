import { APPLY_LINK_TEXT } from '@jobboard/contract/jobs';
import { fakeApi } from '@jobboard/test-utils';
import { screen, within } from '@jobboard/test-utils/react';
import { describe, expect, it } from 'vitest';
import { liveListing as live, listingsPage as page } from './employer-listings';
import { renderEmployerPage } from './render-employer-page';

/**
 * A listing whose application link the board found dead (issue 45,
 * docs/product.md#dead-application-links), as its employer sees it on their page: what the link
 * last answered, when, and what to do; a listing whose link works says nothing of it.
 */

describe("the employer's listing whose application link does not work", () => {
  it('says what the link answered, when, and what to do; a working one says nothing', async () => {
    fakeApi({
      'GET /api/employer/listings': [
        200,
        page([
          live({
            applyLinkCheck: {
              url: 'https://coastaljusticefund.org/careers/gone',
              result: 'gone',
              status: 410,
              answer: 'Answered 410 Gone',
              checkedAt: '2026-11-24T09:00:00.000Z',
              failures: 2,
              flagged: true,
              flaggedAt: '2026-11-24T09:00:00.000Z',
            },
          }),
          live({ submissionId: '3', jobId: '41', title: 'Field Director' }),
        ]),
      ],
    });
    renderEmployerPage('/employer/listings');
    const flagged = await screen.findByRole('article', { name: 'Digital Organizer' });
    const note = within(flagged).getByRole('note');
    expect(note).toHaveTextContent(
      APPLY_LINK_TEXT.employerFlag('Answered 410 Gone', 'November 24, 2026'),
    );
    expect(note).toHaveTextContent(
      "Your application link did not work the last two times we checked it (Answered 410 Gone, November 24, 2026). Candidates see that the posting may have closed. Correct the link with 'Propose changes', or close the listing if the job is filled.",
    );
    expect(
      within(screen.getByRole('article', { name: 'Field Director' })).queryByRole('note'),
    ).toBeNull();
  });
});
