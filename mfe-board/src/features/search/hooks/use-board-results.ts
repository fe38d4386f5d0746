import { PAGE_SIZE } from '@jobboard/contract/common';
import { toast } from '@jobboard/shared-ui';
import { useSearchJobs } from '../api/search-jobs';
import { SEARCH_TEXT } from '../messages';
import { useListPage } from '../stores/list-page-store';
import { useAppliedFilter } from './use-board-filter';

/** The id of the results heading: a new page moves focus (and the view) there. */
export const RESULTS_HEADING_ID = 'board-results-heading';

/**
 * The list the board shows: the applied filter's current page, the page count, and the failure
 * toast of docs/product.md 8.
 */
export function useBoardResults() {
  const { filter, queryString } = useAppliedFilter();
  const [page, setPage] = useListPage(queryString);
  const search = useSearchJobs(filter, page, {
    onError: () => toast({ title: SEARCH_TEXT.searchFailed, variant: 'destructive' }),
  });
  const total = search.data?.total;
  const pageCount = total === undefined ? 0 : Math.ceil(total / PAGE_SIZE);

  const goToPage = (next: number) => {
    setPage(Math.min(Math.max(next, 1), Math.max(pageCount, 1)));
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
