import { MEMBER_MESSAGES, type SiteConfig } from '@jobboard/contract';
import { RETURN_PATH_KEY, SiteProvider, useMemberStore } from '@jobboard/shared-ui';
import { fakeApi } from '@jobboard/shared-ui/test-support';
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import MemberCallbackPage from '../MemberCallbackPage';
import { BOOKMARKS_STORAGE_KEY, useBookmarks } from '../../features/jobs/stores/bookmarks-store';
import { renderWithProviders } from '../../test-support/render';

const site = { membershipName: 'Ghost', membershipUrl: 'https://news.example.org' } as SiteConfig;
const location = () => screen.getByTestId('location');

function renderCallback(path: string) {
  return renderWithProviders(
    <SiteProvider value={site}>
      <MemberCallbackPage />
    </SiteProvider>,
    path,
  );
}

beforeEach(() => {
  localStorage.clear();
  useBookmarks.getState().reload();
  useMemberStore.setState({ status: 'signed-out', member: null, source: null });
});

describe('/ghost-callback with a Ghost site configured', () => {
  it("authenticates, merges this browser's bookmarks, signs in and returns to where the visitor was", async () => {
    localStorage.setItem(BOOKMARKS_STORAGE_KEY, JSON.stringify(['4', '9', 'junk']));
    useBookmarks.getState().reload();
    localStorage.setItem(RETURN_PATH_KEY, '/jobs/4?remote=true');
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const api = fakeApi({
      'POST /api/members/session': async () => {
        await gate;
        return [
          200,
          {
            member: { email: 'reader@example.org', name: null },
            bookmarks: { ids: ['7', '4'], removedIds: [] },
          },
        ] as const;
      },
    });
    renderCallback('/ghost-callback?token=abc.def.ghi');
    expect(await screen.findByRole('status')).toHaveTextContent('Authenticating with Ghost...');
    await waitFor(() => expect(api.bodies('POST', '/api/members/session')).toHaveLength(1));
    expect(api.bodies('POST', '/api/members/session')[0]).toEqual({
      token: 'abc.def.ghi',
      bookmarks: [4, 9],
    });
    release();
    await waitFor(() => expect(location()).toHaveTextContent('/jobs/4?remote=true'));
    expect(useMemberStore.getState()).toMatchObject({
      status: 'signed-in',
      member: { email: 'reader@example.org' },
    });
    // The union: the member's list, then what only this browser had; saved in both places.
    expect(useBookmarks.getState().ids).toEqual(['7', '4', '9', 'junk']);
    expect(JSON.parse(localStorage.getItem(BOOKMARKS_STORAGE_KEY)!)).toEqual([
      '7',
      '4',
      '9',
      'junk',
    ]);
    expect(localStorage.getItem(RETURN_PATH_KEY)).toBeNull();
  });

  it('a refused token is explained, and nobody is signed in', async () => {
    fakeApi({ 'POST /api/members/session': [401, { message: MEMBER_MESSAGES.tokenRefused }] });
    renderCallback('/ghost-callback?token=forged');
    expect(await screen.findByRole('alert')).toHaveTextContent(MEMBER_MESSAGES.tokenRefused);
    expect(screen.getByRole('link', { name: 'Sign in again' })).toHaveAttribute(
      'href',
      'https://news.example.org/?job-board-sign-in#/portal/signin',
    );
    expect(useMemberStore.getState().status).toBe('signed-out');
    expect(location()).toHaveTextContent('/ghost-callback?token=forged');
  });

  it('the membership site being unreachable is explained too', async () => {
    fakeApi({
      'POST /api/members/session': [503, { message: MEMBER_MESSAGES.membershipUnavailable }],
    });
    renderCallback('/ghost-callback?token=x');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      MEMBER_MESSAGES.membershipUnavailable,
    );
  });

  it('without a token, says so and calls nothing', async () => {
    const api = fakeApi({});
    renderCallback('/ghost-callback');
    expect(screen.getByRole('alert')).toHaveTextContent(MEMBER_MESSAGES.tokenMissing);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.calls).toEqual([]);
  });

  it('never returns to an address off this site', async () => {
    localStorage.setItem(RETURN_PATH_KEY, '//evil.example/phish');
    fakeApi({
      'POST /api/members/session': [
        200,
        { member: { email: 'a@example.org', name: null }, bookmarks: { ids: [], removedIds: [] } },
      ],
    });
    renderCallback('/ghost-callback?token=t');
    await waitFor(() => expect(location()).toHaveTextContent(/^\/$/));
  });
});
