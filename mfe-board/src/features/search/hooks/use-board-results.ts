import { PAGE_SIZE } from '@jobboard/contract/common';
import { boardQueryString } from '@jobboard/contract/jobs';
import { toast } from '@jobboard/shared-ui';
import { useLocation, useNavigate } from '@jobboard/shared-ui/router';
import { useEffect } from 'react';
import { useSearchJobs } from '../api/search-jobs';
import { SEARCH_TEXT } from '../messages';
import { useAppliedFilter } from './use-board-filter';

/** The id of the results heading: a new page moves focus (and the view) there. */
export const RESULTS_HEADING_ID = 'board-results-heading';

/**
 * The list the board shows: the page of the applied filter the address names (`page=`), the
 * page count, and the failure toast of docs/product.md 8.
 */
export function useBoardResults() {
  const { filter, page, after } = useAppliedFilter();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const search = useSearchJobs(filter, page, after, {
    onError: () => toast({ title: SEARCH_TEXT.searchFailed, variant: 'destructive' }),
  });
  const total = search.data?.total;
  const pageCount = total === undefined ? 0 : Math.ceil(total / PAGE_SIZE);
  // A page the list no longer reaches (a link to page 9 of what is now 3 pages): its last page.
  const lastPage = Math.max(pageCount, 1);
  useEffect(() => {
    if (total !== undefined && page > lastPage) {
      navigate({ pathname, search: boardQueryString(filter, lastPage) }, { replace: true });
    }
  }, [total, page, lastPage, filter, pathname, navigate]);

  // Where the next page starts, once this page's own answer is in (not the previous page's, kept
  // on screen while this one loads).
  const nextCursor = search.isLoading ? undefined : search.data?.next;
  const goToPage = (next: number) => {
    const target = Math.min(Math.max(next, 1), lastPage);
    // The next page is read from this page's cursor (a seek, however deep), and the cursor goes
    // into the address with the page, so a reload or back draws the very same page; any other
    // page by its number. A page is an address of its own: back returns to the page before.
    const cursor = target === page + 1 ? nextCursor : undefined;
    navigate({ pathname, search: boardQueryString(filter, target, cursor) });
    // Start reading the new page from its top: the heading above the list takes focus.
    document.getElementById(RESULTS_HEADING_ID)?.focus();
  };

  return {
    jobs: search.data?.jobs ?? [],
    total,
    totalExact: search.data?.totalExact ?? true,
    page,
    pageCount,
    goToPage,
    /** True while a page is on its way (the previous one stays on screen meanwhile). */
    isLoading: search.isLoading,
    error: search.error as unknown,
    retry: () => void search.mutate(),
  };
}

export type BoardResults = ReturnType<typeof useBoardResults>;
