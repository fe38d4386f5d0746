import { screen, within } from '@jobboard/test-utils/react';
import userEvent from '@jobboard/test-utils/user-event';
import { fakeApi } from '@jobboard/test-utils';
import { beforeEach, describe, expect, it } from 'vitest';
import BookmarksPage from '../../../app/BookmarksPage';
import { makeJob } from '../../../test-support/jobs';
import { renderWithProviders } from '../../../test-support/render';
import { BOOKMARKS_STORAGE_KEY, useBookmarks } from '../stores/bookmarks-store';

function bookmark(...ids: string[]) {
  localStorage.setItem(BOOKMARKS_STORAGE_KEY, JSON.stringify(ids));
  useBookmarks.getState().reload();
}

beforeEach(() => localStorage.clear());

describe('My Bookmarks', () => {
  it('points back to the board when nothing is bookmarked', () => {
    bookmark();
    renderWithProviders(<BookmarksPage />, '/bookmarks');
    expect(screen.getByRole('heading', { name: 'My Bookmarks' })).toBeInTheDocument();
    expect(screen.getByText('You have no bookmarked jobs yet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse jobs' })).toHaveAttribute('href', '/');
  });

  it('loads each bookmarked job, latest bookmark first, and drops one when unbookmarked', async () => {
    bookmark('1', '2');
    const received = fakeApi({
      'GET /api/jobs/1': [200, makeJob({ id: '1', title: 'Grants Manager' })],
      'GET /api/jobs/2': [200, makeJob({ id: '2', title: 'Copy Editor' })],
    });
    renderWithProviders(<BookmarksPage />, '/bookmarks');
    expect(screen.getByText('Loading your bookmarked jobs...')).toBeInTheDocument();
    const cards = await screen.findAllByRole('article');
    expect(cards.map((c) => within(c).getByRole('heading').textContent)).toEqual([
      'Copy Editor',
      'Grants Manager',
    ]);
    expect(received.calls).toHaveLength(2);

    await userEvent.click(within(cards[0]!).getByRole('button', { name: 'Bookmarked' }));
    expect(screen.getAllByRole('article')).toHaveLength(1);
    expect(useBookmarks.getState().ids).toEqual(['1']);
  });

  it('keeps the bookmark of a job that failed to load, and offers to drop unlisted ones', async () => {
    bookmark('1', '404', '500');
    fakeApi({
      'GET /api/jobs/1': [200, makeJob({ id: '1', title: 'Grants Manager' })],
      'GET /api/jobs/404': [404, { message: 'Job not found' }],
      'GET /api/jobs/500': [500, { message: 'Oops' }],
    });
    renderWithProviders(<BookmarksPage />, '/bookmarks');
    expect(await screen.findByRole('article', { name: 'Grants Manager' })).toBeInTheDocument();
    expect(screen.getByText('1 bookmarked job is no longer listed.')).toBeInTheDocument();
    expect(screen.getByText('1 bookmarked job could not be loaded right now.')).toBeInTheDocument();
    expect(useBookmarks.getState().ids).toEqual(['1', '404', '500']);

    await userEvent.click(screen.getByRole('button', { name: 'Remove from my bookmarks' }));
    expect(useBookmarks.getState().ids).toEqual(['1', '500']);
  });
});
