import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BOOKMARKS_STORAGE_KEY, readBookmarks, useBookmarks } from '../stores/bookmarks-store';

const stored = () => JSON.parse(localStorage.getItem(BOOKMARKS_STORAGE_KEY) ?? 'null');

beforeEach(() => {
  localStorage.clear();
  useBookmarks.getState().reload();
});
afterEach(() => vi.restoreAllMocks());

describe('the bookmarks store', () => {
  it('toggles a job on and off and keeps the list in localStorage', () => {
    const { toggle } = useBookmarks.getState();
    toggle('3');
    toggle('7');
    expect(useBookmarks.getState().ids).toEqual(['3', '7']);
    expect(stored()).toEqual(['3', '7']);
    toggle('3');
    expect(useBookmarks.getState().ids).toEqual(['7']);
    expect(stored()).toEqual(['7']);
  });

  it('starts from what an earlier visit stored', () => {
    localStorage.setItem(BOOKMARKS_STORAGE_KEY, JSON.stringify(['12', 5, '12', null]));
    useBookmarks.getState().reload();
    expect(useBookmarks.getState().ids).toEqual(['12', '5']);
  });

  it('removes several at once', () => {
    localStorage.setItem(BOOKMARKS_STORAGE_KEY, JSON.stringify(['1', '2', '3']));
    useBookmarks.getState().reload();
    useBookmarks.getState().remove(['1', '3']);
    expect(stored()).toEqual(['2']);
  });

  it('only logs a storage that cannot be read, and counts it as no bookmarks', () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new Error('SecurityError');
    });
    expect(readBookmarks()).toEqual([]);
    useBookmarks.getState().reload();
    expect(useBookmarks.getState().ids).toEqual([]);
    expect(logged).toHaveBeenCalled();
  });

  it('treats a stored value that is not a list as no bookmarks, and logs it', () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    localStorage.setItem(BOOKMARKS_STORAGE_KEY, '{not json');
    expect(readBookmarks()).toEqual([]);
    localStorage.setItem(BOOKMARKS_STORAGE_KEY, '{"ids":[1]}');
    expect(readBookmarks()).toEqual([]);
    expect(logged).toHaveBeenCalledTimes(2);
  });

  it('only logs a storage that cannot be written; the bookmark still shows for this visit', () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new Error('QuotaExceededError');
    });
    useBookmarks.getState().toggle('9');
    expect(useBookmarks.getState().ids).toEqual(['9']);
    expect(logged).toHaveBeenCalled();
  });

  it('follows bookmarks changed in another tab', () => {
    localStorage.setItem(BOOKMARKS_STORAGE_KEY, JSON.stringify(['4']));
    window.dispatchEvent(new StorageEvent('storage', { key: BOOKMARKS_STORAGE_KEY }));
    expect(useBookmarks.getState().ids).toEqual(['4']);
  });
});
