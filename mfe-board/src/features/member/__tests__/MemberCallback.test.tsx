import { SiteProvider } from '@jobboard/shared-ui';
import type { SiteConfig } from '@jobboard/contract/site';
import { screen } from '@jobboard/test-utils/react';
import { describe, expect, it } from 'vitest';
import MemberCallbackPage from '../../../app/MemberCallbackPage';
import { renderWithProviders } from '../../../test-support/render';

describe('the member sign-in callback', () => {
  it('says plainly that member sign-in is not available, and where bookmarks are', () => {
    renderWithProviders(
      <SiteProvider value={{ membershipName: 'Ghost' } as SiteConfig}>
        <MemberCallbackPage />
      </SiteProvider>,
      '/ghost-callback?token=abc',
    );
    expect(screen.getByRole('heading', { name: 'Signing you in...' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(
      'Member sign-in with Ghost is not available yet.',
    );
    expect(screen.getByRole('status')).toHaveTextContent('kept in this browser');
    expect(screen.getByRole('link', { name: 'Back to the job board' })).toHaveAttribute(
      'href',
      '/',
    );
  });
});
