import { SharedUiProvider } from '@jobboard/shared-ui';
import { render, screen, within } from '@jobboard/test-utils/react';
import { describe, expect, it } from 'vitest';
import { Timeline } from '../Timeline';

describe("a job's timeline", () => {
  it("shows a change of the company's details with old and new, and who made it (issue 25)", () => {
    render(
      <SharedUiProvider>
        <Timeline
          label="History"
          entries={[
            {
              at: '2026-11-22T12:00:00.000Z',
              kind: 'created',
              summary: 'Created on the admin screen',
              actor: 'admin:alice',
            },
            {
              at: '2026-11-23T09:30:00.000Z',
              kind: 'company_changed',
              summary:
                "Company website changed from 'https://openballot.example' to 'https://vote.openballot.example' (from submission #12)",
              actor: 'admin:alice',
            },
          ]}
        />
      </SharedUiProvider>,
    );
    const [, change] = within(screen.getByRole('list', { name: 'History' })).getAllByRole(
      'listitem',
    );
    expect(change).toHaveTextContent(
      "Nov 23, 2026, 9:30 AM UTCCompany detailsCompany website changed from 'https://openballot.example' to 'https://vote.openballot.example' (from submission #12)by alice",
    );
  });
});
