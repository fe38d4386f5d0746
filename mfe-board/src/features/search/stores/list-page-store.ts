import { create } from 'zustand';

interface ListPageState {
  /** The applied filter the page number belongs to (its query string). */
  filterKey: string;
  page: number;
  setPage(filterKey: string, page: number): void;
}

/**
 * The page number is local to the list (docs/product.md#states-and-transitions: starts at 1, moved by Previous / Next), not part
 * of the URL. It belongs to one applied filter, so any new search starts again at page 1. Kept
 * outside the component so it survives the page being mounted again.
 */
const useListPageStore = create<ListPageState>((set) => ({
  filterKey: '',
  page: 1,
  setPage: (filterKey, page) => set({ filterKey, page }),
}));

/** Back to page 1 of no filter, as on a fresh page load (tests start from here). */
export const resetListPage = () => useListPageStore.setState({ filterKey: '', page: 1 });

/** The current page of the list for this applied filter, and a way to change it. */
export function useListPage(filterKey: string): [number, (page: number) => void] {
  const page = useListPageStore((s) => (s.filterKey === filterKey ? s.page : 1));
  const setPage = useListPageStore((s) => s.setPage);
  return [page, (next: number) => setPage(filterKey, next)];
}
