import { defaultSearchFilter, type SearchFilter } from '@jobboard/contract';
import { create } from 'zustand';

interface FilterDraftState {
  /** What the search bar, the sort dropdown and the filter panel show, applied or not yet. */
  draft: SearchFilter;
  /** Change some parts of the draft. */
  edit(change: Partial<SearchFilter>): void;
  /** Show a whole filter, e.g. the applied one after the URL changed. */
  replace(filter: SearchFilter): void;
}

/**
 * The filter being edited. The applied filter is the URL (see use-board-filter); this draft follows
 * it whenever it changes and otherwise only holds the edits not applied yet.
 */
export const useFilterDraft = create<FilterDraftState>((set) => ({
  draft: defaultSearchFilter(),
  edit: (change) => set((state) => ({ draft: { ...state.draft, ...change } })),
  replace: (filter) => set({ draft: filter }),
}));
