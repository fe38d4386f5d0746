import { MEMBER_MESSAGES } from '@jobboard/contract/members';
import { useMemberStore, useToastStore } from '@jobboard/shared-ui';
import { fakeApi } from '@jobboard/test-utils';
import { screen, waitFor, within } from '@jobboard/test-utils/react';
import userEvent from '@jobboard/test-utils/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { makeJob } from '../../../test-support/jobs';
import { renderWithProviders } from '../../../test-support/render';
import { JobCard } from '../components/JobCard';
import { BOOKMARKS_STORAGE_KEY, useBookmarks } from '../stores/bookmarks-store';

/**
 * The bookmark toggle of a signed-in member (issue 13): the new state shows at once, the save to
 * the member's account happens behind it, and a failed save says so and puts the toggle back.
 */

const stored = () => JSON.parse(localStorage.getItem(BOOKMARKS_STORAGE_KEY) ?? 'null');
const toasts = () => useToastStore.getState().toasts;
const job = makeJob({ id: '5', title: 'Grants Manager' });

/** An answer the test lets go of when it wants: the network is slow until then. */
function held<T>(answer: T) {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  return { answer: async () => (await gate, answer), release };
}

const button = () =>
  within(screen.getByRole('article', { name: 'Grants Manager' })).getByRole('button', {
    name: /Bookmark/,
  });

beforeEach(() => {
  localStorage.clear();
  useBookmarks.getState().reload();
  useToastStore.setState({ toasts: [] });
  useMemberStore.getState().signedIn({ email: 'reader@example.org', name: null }, 'sign-in');
});

describe('a signed-in member bookmarking a job', () => {
  it('shows Bookmarked at once, before the save answers, and then saves it', async () => {
    const save = held([200, { message: MEMBER_MESSAGES.bookmarkSaved }] as const);
    const api = fakeApi({ 'PUT /api/members/bookmarks/5': save.answer });
    renderWithProviders(<JobCard job={job} />);
    await userEvent.click(button());
    // Not answered yet, and already shown (and kept in this browser).
    expect(button()).toHaveAttribute('aria-pressed', 'true');
    expect(button()).toHaveTextContent('Bookmarked');
    expect(stored()).toEqual(['5']);
    await waitFor(() =>
      expect(api.calls.map((c) => `${c.method} ${c.path}`)).toContain(
        'PUT /api/members/bookmarks/5',
      ),
    );
    expect(api.calls[0]!.headers.get('x-requested-with')).toBe('fetch');
    save.release();
    await waitFor(() => expect(useBookmarks.getState().ids).toEqual(['5']));
    expect(button()).toHaveAttribute('aria-pressed', 'true');
    expect(toasts()).toEqual([]);
  });

  it('a failed save says so and rolls the toggle back', async () => {
    const save = held([503, { message: 'The database is not answering.' }] as const);
    fakeApi({ 'PUT /api/members/bookmarks/5': save.answer });
    renderWithProviders(<JobCard job={job} />);
    await userEvent.click(button());
    expect(button()).toHaveAttribute('aria-pressed', 'true');
    save.release();
    await waitFor(() => expect(button()).toHaveAttribute('aria-pressed', 'false'));
    expect(stored()).toEqual([]);
    expect(toasts()).toMatchObject([
      {
        title: 'Your bookmark could not be saved',
        description: 'The database is not answering.',
        variant: 'destructive',
      },
    ]);
  });

  it('a failed removal puts the bookmark back in its place', async () => {
    useBookmarks.getState().adopt(['3', '5', '8']);
    fakeApi({ 'DELETE /api/members/bookmarks/5': [500, { message: 'Something went wrong.' }] });
    renderWithProviders(<JobCard job={job} />);
    await userEvent.click(button());
    await waitFor(() => expect(toasts()).toHaveLength(1));
    expect(useBookmarks.getState().ids).toEqual(['3', '5', '8']);
    expect(button()).toHaveAttribute('aria-pressed', 'true');
    expect(toasts()[0]).toMatchObject({ title: 'Your bookmark could not be removed' });
  });

  it('a session that ended rolls back and signs the member out here', async () => {
    fakeApi({ 'PUT /api/members/bookmarks/5': [401, { message: MEMBER_MESSAGES.sessionEnded }] });
    renderWithProviders(<JobCard job={job} />);
    await userEvent.click(button());
    await waitFor(() => expect(useMemberStore.getState().status).toBe('signed-out'));
    expect(useBookmarks.getState().ids).toEqual([]);
    expect(toasts()[0]).toMatchObject({ description: MEMBER_MESSAGES.sessionEnded });
  });
});

describe('a signed-in member removing the bookmarks of jobs the board no longer lists', () => {
  it('removes them here at once and from the account too', async () => {
    useBookmarks.getState().adopt(['3', '5', '8']);
    const api = fakeApi({
      'DELETE /api/members/bookmarks/3': [200, { message: MEMBER_MESSAGES.bookmarkRemoved }],
      'DELETE /api/members/bookmarks/8': [200, { message: MEMBER_MESSAGES.bookmarkRemoved }],
    });
    useBookmarks.getState().remove(['3', '8']);
    expect(useBookmarks.getState().ids).toEqual(['5']);
    expect(stored()).toEqual(['5']);
    await waitFor(() =>
      expect(api.calls.map((c) => `${c.method} ${c.path}`).sort()).toEqual([
        'DELETE /api/members/bookmarks/3',
        'DELETE /api/members/bookmarks/8',
      ]),
    );
  });
});

describe('a member already signed in when the page loads', () => {
  it("shows the account's bookmarks, made on another device, in place of this browser's copy", async () => {
    localStorage.setItem(BOOKMARKS_STORAGE_KEY, JSON.stringify(['5']));
    useBookmarks.getState().reload();
    useMemberStore.getState().signedOut();
    const api = fakeApi({
      'GET /api/members/bookmarks': () => [200, { ids: ['5', '7', '9'], removedIds: [] }],
    });
    // The shell learns from GET /api/members/me that a member session is open.
    useMemberStore.getState().signedIn({ email: 'reader@example.org', name: null }, 'session');
    await waitFor(() => expect(useBookmarks.getState().ids).toEqual(['5', '7', '9']));
    expect(stored()).toEqual(['5', '7', '9']);
    expect(api.calls.map((c) => `${c.method} ${c.path}`)).toEqual(['GET /api/members/bookmarks']);
  });
});

describe('a visitor who is not signed in', () => {
  it('bookmarks in this browser only: no call to the API', async () => {
    useMemberStore.getState().signedOut();
    const api = fakeApi({});
    renderWithProviders(<JobCard job={job} />);
    await userEvent.click(button());
    expect(button()).toHaveAttribute('aria-pressed', 'true');
    expect(stored()).toEqual(['5']);
    await api.settled();
    expect(api.calls).toEqual([]);
  });
});
