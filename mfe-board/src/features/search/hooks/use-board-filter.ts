import {
  defaultSearchFilter,
  filterToQueryString,
  type SearchFilter,
} from '@jobboard/contract/jobs';
import { useHydrated } from '@jobboard/shared-ui';
import { useCallback } from 'react';
import { useLocation, useNavigate } from '@jobboard/shared-ui/router';
import { editsOn, useFilterDraft } from '../stores/filter-draft-store';
import { useAppliedFilter } from './applied-filter';

export { AppliedFilterProvider, useAppliedFilter } from './applied-filter';

/** Change some parts of the draft (what the controls show), without applying them. */
export function useEditDraft(): (change: Partial<SearchFilter>) => void {
  const { visit } = useAppliedFilter();
  const edit = useFilterDraft((s) => s.edit);
  return useCallback((change) => edit(visit, change), [edit, visit]);
}

/**
 * A part of what the controls show: the applied filter with the edits made on this visit. While
 * the page is not live yet (drawn on the server, or being taken over) it is the applied filter
 * alone, so a searched address shows its words in the search box from its very first HTML.
 */
export function useDraft<T>(part: (draft: SearchFilter) => T): T {
  const { filter, visit } = useAppliedFilter();
  const edits = useFilterDraft((s) => editsOn(s, visit));
  const hydrated = useHydrated();
  return part(hydrated ? { ...filter, ...edits } : filter);
}

/**
 * The search actions. One rule for all of them: searching, changing the sort, Apply Filters and the
 * clear button commit everything the controls show (the whole draft), so after any of them the list
 * matches the controls. Committing pushes a history entry on `/` (a job's modal closes).
 */
export function useSearchActions() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { filter, queryString, visit } = useAppliedFilter();
  const edit = useEditDraft();

  const commit = useCallback(
    (change: Partial<SearchFilter> = {}) => {
      edit(change);
      const edits = editsOn(useFilterDraft.getState(), visit);
      const next = filterToQueryString({ ...filter, ...edits });
      if (pathname === '/' && next === queryString) return;
      navigate({ pathname: '/', search: next });
    },
    [edit, navigate, pathname, filter, queryString, visit],
  );

  /** Reset Filters: every part back to its default, applied at once (docs/product.md#states-and-transitions). */
  const reset = useCallback(() => commit(defaultSearchFilter()), [commit]);

  return { edit, commit, reset };
}
