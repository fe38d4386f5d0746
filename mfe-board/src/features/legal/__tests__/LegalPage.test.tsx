import { Route } from '@jobboard/shared-ui/router';
import { fakeApi } from '@jobboard/test-utils';
import { screen } from '@jobboard/test-utils/react';
import { describe, expect, it } from 'vitest';
import { renderAt } from '../../../test-support/render';
import LegalPage from '../../../app/LegalPage';
import { LEGAL_MESSAGES } from '../messages';

function renderLegal(path: string) {
  return renderAt(
    path,
    <>
      <Route path="/privacy" element={<LegalPage />} />
      <Route path="/refunds" element={<LegalPage />} />
    </>,
  );
}

describe('a legal page', () => {
  it('shows the page its address names, with its own title and the date it last changed', async () => {
    fakeApi({
      'GET /api/pages/:slug': ({ params }) => [
        200,
        {
          slug: params.slug === 'refunds' ? 'refunds' : 'privacy',
          title: params.slug === 'refunds' ? 'Our refunds' : 'Our privacy',
          html: '<h2>Payments</h2><p>Refunds go back to the card.</p>',
          updatedAt: Date.UTC(2026, 10, 20),
        },
      ],
    });
    renderLegal('/refunds');
    expect(await screen.findByRole('heading', { level: 1, name: 'Our refunds' })).toBeVisible();
    expect(screen.getByRole('heading', { level: 2, name: 'Payments' })).toBeVisible();
    expect(screen.getByText('Refunds go back to the card.')).toBeVisible();
    expect(screen.getByText(/Last updated/)).toHaveTextContent('Last updated November 20, 2026');
  });

  it('says so when the page cannot be loaded', async () => {
    fakeApi({ 'GET /api/pages/:slug': [500, { message: 'Internal Server Error' }] });
    renderLegal('/privacy');
    expect(await screen.findByText(LEGAL_MESSAGES.failed)).toBeVisible();
  });
});
