import { MEMBER_MESSAGES, type MemberSignedIn } from '@jobboard/contract/members';
import { type SiteConfig } from '@jobboard/contract/site';
import {
  PENDING_SIGN_IN_KEY,
  SIGN_IN_WINDOW_MS,
  SiteProvider,
  startSignIn,
  useMemberStore,
} from '@jobboard/shared-ui';
import userEvent from '@jobboard/test-utils/user-event';
import { fakeApi } from '@jobboard/test-utils';
import { screen, waitFor } from '@jobboard/test-utils/react';
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
    startSignIn('/jobs/4?remote=true');
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
    expect(localStorage.getItem(PENDING_SIGN_IN_KEY)).toBeNull();
  });

  it('a refused token is explained, and nobody is signed in', async () => {
    startSignIn('/');
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
    startSignIn('/');
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
    await api.settled();
    expect(api.calls).toEqual([]);
  });

  it('never returns to an address off this site', async () => {
    localStorage.setItem(
      PENDING_SIGN_IN_KEY,
      JSON.stringify({ returnTo: '//evil.example/phish', startedAt: Date.now() }),
    );
    fakeApi({
      'POST /api/members/session': [
        200,
        { member: { email: 'a@example.org', name: null }, bookmarks: { ids: [], removedIds: [] } },
      ],
    });
    renderCallback('/ghost-callback?token=t');
    await waitFor(() => expect(location()).toHaveTextContent(/^\/$/));
  });

  describe("a token that did not follow this browser's own Sign in (login CSRF)", () => {
    /** A token as Ghost makes it, naming `sub` (its signature is the API's to check). */
    const tokenFor = (sub: string) =>
      `eyJhbGciOiJSUzUxMiJ9.${btoa(JSON.stringify({ sub })).replace(/=+$/, '')}.c2ln`;
    const signedIn = (): [200, MemberSignedIn] => [
      200,
      { member: { email: 'a@example.org', name: null }, bookmarks: { ids: ['3'], removedIds: [] } },
    ];

    it('asks first, naming the account and the bookmarks it would receive, and calls nothing', async () => {
      localStorage.setItem(BOOKMARKS_STORAGE_KEY, JSON.stringify(['4', '9']));
      useBookmarks.getState().reload();
      const api = fakeApi({ 'POST /api/members/session': signedIn() });
      renderCallback(`/ghost-callback?token=${tokenFor('Attacker@Example.org')}`);
      const ask = screen.getByRole('group', { name: 'Confirm your sign-in' });
      expect(ask).toHaveTextContent(
        'This link signs you in to the job board as attacker@example.org.',
      );
      expect(ask).toHaveTextContent(
        'The 2 bookmarks in this browser will be added to that account.',
      );
      // The render ran every effect (Testing Library's act): a call would have been made by now.
      expect(api.calls).toEqual([]);
      expect(useMemberStore.getState().status).toBe('signed-out');
    });

    it('Cancel signs nobody in, sends nothing and keeps the bookmarks here', async () => {
      localStorage.setItem(BOOKMARKS_STORAGE_KEY, JSON.stringify(['4']));
      useBookmarks.getState().reload();
      const api = fakeApi({ 'POST /api/members/session': signedIn() });
      renderCallback(`/ghost-callback?token=${tokenFor('a@example.org')}`);
      await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
      expect(screen.getByRole('status')).toHaveTextContent(
        'You are not signed in. Your bookmarks stay in this browser.',
      );
      expect(api.calls).toEqual([]);
      expect(useBookmarks.getState().ids).toEqual(['4']);
      expect(useMemberStore.getState().status).toBe('signed-out');
    });

    it('signs in once the visitor confirms, merging the bookmarks then', async () => {
      localStorage.setItem(BOOKMARKS_STORAGE_KEY, JSON.stringify(['4']));
      useBookmarks.getState().reload();
      const api = fakeApi({ 'POST /api/members/session': signedIn() });
      renderCallback(`/ghost-callback?token=${tokenFor('a@example.org')}`);
      await userEvent.click(screen.getByRole('button', { name: 'Sign in as a@example.org' }));
      await waitFor(() => expect(useMemberStore.getState().status).toBe('signed-in'));
      expect(api.bodies('POST', '/api/members/session')).toEqual([
        { token: tokenFor('a@example.org'), bookmarks: [4] },
      ]);
      expect(useBookmarks.getState().ids).toEqual(['3', '4']);
      await waitFor(() => expect(location()).toHaveTextContent(/^\/$/));
    });

    it('a sign-in begun here more than an hour ago asks too', async () => {
      startSignIn('/bookmarks', Date.now() - SIGN_IN_WINDOW_MS - 1_000);
      const api = fakeApi({ 'POST /api/members/session': signedIn() });
      renderCallback(`/ghost-callback?token=${tokenFor('a@example.org')}`);
      expect(screen.getByRole('group', { name: 'Confirm your sign-in' })).toBeInTheDocument();
      // The render ran every effect (Testing Library's act): a call would have been made by now.
      expect(api.calls).toEqual([]);
    });
  });
});
