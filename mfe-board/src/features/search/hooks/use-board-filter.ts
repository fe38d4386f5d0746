import {
  defaultSearchFilter,
  filterFromQueryString,
  filterToQueryString,
  type SearchFilter,
} from '@jobboard/contract';
import { useHydrated } from '@jobboard/shared-ui';
import { useCallback, useLayoutEffect, useMemo } from 'react';
import { useLocation, useNavigate } from '@jobboard/shared-ui/router';
import { useFilterDraft } from '../stores/filter-draft-store';

/**
 * The applied filter is whatever the URL says (SPEC.md 2): a shared link shows the same results,
 * and back / forward move between searches. `queryString` is its canonical form.
 */
export function useAppliedFilter(): { filter: SearchFilter; queryString: string } {
  const { search } = useLocation();
  return useMemo(() => {
    const filter = filterFromQueryString(search);
    return { filter, queryString: filterToQueryString(filter) };
  }, [search]);
}

/**
 * A part of what the controls show: the draft, or, while the page is not live yet (drawn on the
 * server, or being taken over), the applied filter, which the draft becomes as soon as it is live.
 * So a searched address shows its words in the search box from its very first HTML.
 */
export function useDraft<T>(part: (draft: SearchFilter) => T): T {
  const fromDraft = useFilterDraft((s) => part(s.draft));
  const { filter } = useAppliedFilter();
  return useHydrated() ? fromDraft : part(filter);
}

/**
 * Keeps the draft (what the controls show) equal to the applied filter each time the URL changes,
 * so the controls follow back / forward and shared links. Called once, by the board page; a layout
 * effect so the controls never paint stale values.
 */
export function useDraftFollowsUrl(): void {
  const { filter } = useAppliedFilter();
  const replace = useFilterDraft((s) => s.replace);
  useLayoutEffect(() => replace(filter), [filter, replace]);
}

/**
 * The search actions. One rule for all of them: searching, changing the sort, Apply Filters and the
 * clear button commit everything the controls show (the whole draft), so after any of them the list
 * matches the controls. Committing pushes a history entry on `/` (a job's modal closes).
 */
export function useSearchActions() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { queryString } = useAppliedFilter();
  const edit = useFilterDraft((s) => s.edit);

  const commit = useCallback(
    (change: Partial<SearchFilter> = {}) => {
      edit(change);
      const next = filterToQueryString(useFilterDraft.getState().draft);
      if (pathname === '/' && next === queryString) return;
      navigate({ pathname: '/', search: next });
    },
    [edit, navigate, pathname, queryString],
  );

  /** Reset Filters: every part back to its default, applied at once (SPEC.md 4). */
  const reset = useCallback(() => commit(defaultSearchFilter()), [commit]);

  return { edit, commit, reset };
}
