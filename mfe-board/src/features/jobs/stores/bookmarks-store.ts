import { ENDPOINTS } from '@jobboard/contract/endpoints';
import {
  ApiError,
  apiFetch,
  errorMessage,
  toast,
  useHydrated,
  useMemberStore,
} from '@jobboard/shared-ui';
import { create } from 'zustand';
import { JOB_TEXT } from '../messages';

/** Where bookmarks live (docs/product.md#entities and docs/product.md#calls): a JSON list of job ids in this browser. */
export const BOOKMARKS_STORAGE_KEY = 'job_board_bookmarks';

/**
 * The stored ids. Storage that cannot be read (blocked, full of junk) counts as no bookmarks: the
 * failure is only logged (docs/product.md#errors).
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

/** Save the ids; a failure (storage full or blocked) is only logged (docs/product.md#errors). */
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
  /**
   * Bookmark the job, or remove its bookmark (docs/product.md#states-and-transitions). The new state shows at once; for a
   * signed-in member it is then saved to their account, and rolled back with a message if that
   * fails.
   */
  toggle(id: string): void;
  remove(ids: string[]): void;
  /** Read the stored list again (another tab changed it). */
  reload(): void;
  /**
   * A signed-in member's list (the API's, after the sign-in merge): it becomes this browser's
   * too, so signing out later leaves the visitor with what they saw.
   */
  adopt(ids: string[]): void;
}

const isMember = () => useMemberStore.getState().status === 'signed-in';

/**
 * The bookmarks of this browser, and of the signed-in member. Whether a job is saved is read from
 * here when it is drawn, so the card, the modal and /bookmarks all change together the moment it
 * is toggled.
 */
export const useBookmarks = create<BookmarksState>((set, get) => {
  const save = (ids: string[]) => {
    set({ ids });
    writeBookmarks(ids);
  };

  /** Save one toggle to the member's account; on failure put that one bookmark back as it was. */
  const saveForMember = async (id: string, adding: boolean, index: number) => {
    try {
      await apiFetch(adding ? ENDPOINTS.addMemberBookmark : ENDPOINTS.removeMemberBookmark, {
        params: { id },
      });
    } catch (error) {
      const ids = get().ids.filter((saved) => saved !== id);
      if (!adding) ids.splice(Math.min(index, ids.length), 0, id);
      save(ids);
      if (error instanceof ApiError && error.status === 401) useMemberStore.getState().signedOut();
      toast({
        title: adding ? JOB_TEXT.bookmarkSaveFailed : JOB_TEXT.bookmarkRemoveFailed,
        description: errorMessage(error, JOB_TEXT.bookmarkTryAgain),
        variant: 'destructive',
      });
    }
  };

  return {
    ids: typeof window === 'undefined' ? [] : readBookmarks(),
    toggle: (id) => {
      const { ids } = get();
      const index = ids.indexOf(id);
      const adding = index === -1;
      save(adding ? [...ids, id] : ids.filter((saved) => saved !== id));
      if (isMember()) void saveForMember(id, adding, index);
    },
    remove: (gone) => {
      save(get().ids.filter((id) => !gone.includes(id)));
      if (!isMember()) return;
      // Bookmarks of removed jobs: nothing to roll back to if one fails, it stays removed here.
      for (const id of gone) {
        apiFetch(ENDPOINTS.removeMemberBookmark, { params: { id } }).catch((error: unknown) =>
          console.error('Could not remove the bookmark:', error),
        );
      }
    },
    reload: () => set({ ids: readBookmarks() }),
    adopt: (ids) => save([...new Set(ids)]),
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

/**
 * A member signed in earlier (on this browser or another): the list saved to their account is
 * the one to show, so it replaces this browser's copy once the API says who is signed in.
 */
async function adoptMemberBookmarks() {
  try {
    const { ids } = await apiFetch(ENDPOINTS.memberBookmarks);
    useBookmarks.getState().adopt(ids);
  } catch (error) {
    console.error('Could not load the member bookmarks:', error);
  }
}

if (typeof window !== 'undefined') {
  // Bookmarks toggled in another tab show here too.
  window.addEventListener('storage', (event) => {
    if (event.key === BOOKMARKS_STORAGE_KEY || event.key === null) {
      useBookmarks.getState().reload();
    }
  });
  // (A sign-in on this page merged the lists already: the callback adopts its answer.)
  const member = useMemberStore.getState();
  if (member.status === 'signed-in' && member.source === 'session') void adoptMemberBookmarks();
  useMemberStore.subscribe((state, previous) => {
    if (state.source === 'session' && previous.status !== 'signed-in') {
      void adoptMemberBookmarks();
    }
  });
}
