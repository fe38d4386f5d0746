import { useHydrated } from '@jobboard/shared-ui';
import { create } from 'zustand';

/** Where bookmarks live (SPEC.md 3 and 7): a JSON list of job ids in this browser. */
export const BOOKMARKS_STORAGE_KEY = 'job_board_bookmarks';

/**
 * The stored ids. Storage that cannot be read (blocked, full of junk) counts as no bookmarks: the
 * failure is only logged (SPEC.md 8).
 */
export function readBookmarks(): string[] {
  try {
    const raw = window.localStorage.getItem(BOOKMARKS_STORAGE_KEY);
    if (!raw) return [];
    const parsed: unknown = JSON.parse(raw);
    if (!Array.isArray(parsed)) throw new Error(`${BOOKMARKS_STORAGE_KEY} is not a list`);
    // Ids written as numbers by an older version still count.
    const ids = parsed.filter((id) => typeof id === 'string' || typeof id === 'number').map(String);
    return [...new Set(ids)];
  } catch (error) {
    console.error('Could not read the bookmarks:', error);
    return [];
  }
}

/** Save the ids; a failure (storage full or blocked) is only logged (SPEC.md 8). */
export function writeBookmarks(ids: string[]): void {
  try {
    window.localStorage.setItem(BOOKMARKS_STORAGE_KEY, JSON.stringify(ids));
  } catch (error) {
    console.error('Could not save the bookmarks:', error);
  }
}

interface BookmarksState {
  /** Bookmarked job ids, oldest first. */
  ids: string[];
  /** Bookmark the job, or remove its bookmark (SPEC.md 4). */
  toggle(id: string): void;
  remove(ids: string[]): void;
  /** Read the stored list again (another tab changed it). */
  reload(): void;
}

/**
 * The bookmarks of this browser. Whether a job is saved is read from here when it is drawn, so
 * the card, the modal and /bookmarks all change together the moment it is toggled.
 */
export const useBookmarks = create<BookmarksState>((set, get) => {
  const save = (ids: string[]) => {
    set({ ids });
    writeBookmarks(ids);
  };
  return {
    ids: typeof window === 'undefined' ? [] : readBookmarks(),
    toggle: (id) => {
      const { ids } = get();
      save(ids.includes(id) ? ids.filter((saved) => saved !== id) : [...ids, id]);
    },
    remove: (gone) => save(get().ids.filter((id) => !gone.includes(id))),
    reload: () => set({ ids: readBookmarks() }),
  };
});

/**
 * Whether one job is bookmarked; re-renders only when that answer changes. The server knows no
 * browser's bookmarks, so while the browser takes over the server's HTML every job reads as not
 * bookmarked, as it did there; the stored answer follows at once.
 */
export function useIsBookmarked(id: string): boolean {
  const saved = useBookmarks((s) => s.ids.includes(id));
  return useHydrated() && saved;
}

// Bookmarks toggled in another tab show here too.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === BOOKMARKS_STORAGE_KEY || event.key === null) {
      useBookmarks.getState().reload();
    }
  });
}
