import type { SearchFilter } from '@jobboard/contract/jobs';
import { create } from 'zustand';

interface FilterDraftState {
  /** The visit of the address the edits were made on (see applied-filter.tsx). */
  visit: symbol | null;
  /** The parts the visitor changed in the controls and has not applied yet. */
  edits: Partial<SearchFilter>;
  /** Change some parts of the draft on `visit`; edits made on an earlier visit are dropped. */
  edit(visit: symbol, change: Partial<SearchFilter>): void;
}

const NO_EDITS: Partial<SearchFilter> = {};

/**
 * The filter being edited, as the edits on top of the applied filter (the URL). Edits belong to
 * the visit of the address they were made on: once the address changes (a search, back / forward,
 * a shared link) or the page is mounted again, they no longer apply and the controls show the
 * applied filter, with nothing copied from the URL into this store.
 */
export const useFilterDraft = create<FilterDraftState>((set) => ({
  visit: null,
  edits: NO_EDITS,
  edit: (visit, change) =>
    set((state) => ({
      visit,
      edits: { ...(state.visit === visit ? state.edits : NO_EDITS), ...change },
    })),
}));

/** The edits that apply on `visit`. */
export const editsOn = (state: FilterDraftState, visit: symbol) =>
  state.visit === visit ? state.edits : NO_EDITS;
