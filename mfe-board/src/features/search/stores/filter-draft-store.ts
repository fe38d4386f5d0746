import type { SearchFilter } from '@jobboard/contract';
import { create } from 'zustand';

/** Which board page and which address some edits were made on (see use-board-filter). */
export interface DraftBase {
  owner: symbol;
  search: string;
}

interface FilterDraftState {
  base: DraftBase | null;
  /** The parts the visitor changed in the controls and has not applied yet. */
  edits: Partial<SearchFilter>;
  /** Change some parts of the draft made on `base`; edits made on another base are dropped. */
  edit(base: DraftBase, change: Partial<SearchFilter>): void;
}

const NO_EDITS: Partial<SearchFilter> = {};

/**
 * The filter being edited, as the edits on top of the applied filter (the URL). Edits belong to
 * the address they were made on: once the address changes (a search, back / forward, a shared
 * link) or the page is mounted again, they no longer apply and the controls show the applied
 * filter, with nothing copied from the URL into this store.
 */
export const useFilterDraft = create<FilterDraftState>((set) => ({
  base: null,
  edits: NO_EDITS,
  edit: (base, change) =>
    set((state) => ({
      base,
      edits: { ...(sameBase(state.base, base) ? state.edits : NO_EDITS), ...change },
    })),
}));

export const sameBase = (a: DraftBase | null, b: DraftBase) =>
  a !== null && a.owner === b.owner && a.search === b.search;

/** The edits that apply on `base`. */
export const editsOn = (state: FilterDraftState, base: DraftBase) =>
  sameBase(state.base, base) ? state.edits : NO_EDITS;
