import type { SiteConfig } from '@jobboard/contract/site';
import { pendingSignIn, SharedUiProvider, SiteProvider, useMemberStore } from '@jobboard/shared-ui';
import { fakeApi } from '@jobboard/test-utils';
import { render, screen, waitFor } from '@jobboard/test-utils/react';
import userEvent from '@jobboard/test-utils/user-event';
import { MemoryRouter } from '@jobboard/shared-ui/router';
import { beforeEach, describe, expect, it } from 'vitest';
import { Header } from '../layout/Header';

const site: SiteConfig = {
  boardName: 'Good Work Jobs',
  providerName: 'The Civic Letter',
  contactEmail: 'hi@civic.example',
  jobsEmail: 'jobs@civic.example',
  socialUrl: 'https://social.example/civic',
  socialLabel: 'Follow us',
  resourcesUrl: 'https://civic.example/resources',
  subscribeUrl: 'https://civic.example/subscribe',
  membershipName: 'Ghost',
};

function renderHeader(config: SiteConfig, path = '/') {
  return render(
    <SiteProvider value={config}>
      <SharedUiProvider>
        <MemoryRouter initialEntries={[path]}>
          <Header />
        </MemoryRouter>
      </SharedUiProvider>
    </SiteProvider>,
  );
}

const ghost = { ...site, membershipUrl: 'https://news.example.org' };
const hidden = { hidden: true };

beforeEach(() => {
  localStorage.clear();
  useMemberStore.setState({ status: 'unknown', member: null, source: null });
});

describe("the header's member sign-in", () => {
  it('is not offered without a Ghost site, and nobody is asked', async () => {
    const api = fakeApi({});
    renderHeader(site);
    expect(screen.queryByRole('link', { name: 'Sign in', ...hidden })).toBeNull();
    await api.settled();
    expect(api.calls).toEqual([]);
  });

  it('offers Sign in (the Ghost portal) to a visitor, remembering where they were', async () => {
    fakeApi({ 'GET /api/members/me': [401, { message: 'Please sign in' }] });
    renderHeader(ghost, '/jobs/12?remote=true');
    const signIn = await screen.findByRole('link', { name: 'Sign in', ...hidden });
    expect(signIn).toHaveAttribute(
      'href',
      'https://news.example.org/?job-board-sign-in#/portal/signin',
    );
    signIn.addEventListener('click', (event) => event.preventDefault()); // jsdom cannot navigate
    await userEvent.click(signIn);
    // Where to return to, and that the sign-in began here (the callback then asks nothing).
    expect(pendingSignIn()).toEqual({ returnTo: '/jobs/12?remote=true', startedHere: true });
  });

  it("shows a signed-in member's e-mail and Sign out, which ends the session", async () => {
    const api = fakeApi({
      'GET /api/members/me': [200, { email: 'reader@example.org', name: null }],
      'GET /api/members/bookmarks': [200, { ids: [], removedIds: [] }],
      'DELETE /api/members/session': [200, { message: 'You have been signed out.' }],
    });
    renderHeader(ghost);
    expect(await screen.findByText('reader@example.org')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Sign in', ...hidden })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Sign out', ...hidden }));
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'Sign in', ...hidden })).toBeInTheDocument(),
    );
    expect(api.calls.map((c) => `${c.method} ${c.path}`)).toContain('DELETE /api/members/session');
    expect(api.calls.find((c) => c.method === 'DELETE')!.headers.get('x-requested-with')).toBe(
      'fetch',
    );
  });
});
