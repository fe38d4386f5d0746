import {
  afterFromQueryString,
  filterFromQueryString,
  filterToQueryString,
  pageFromQueryString,
  type SearchFilter,
} from '@jobboard/contract/jobs';
import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';
import { useLocation } from '@jobboard/shared-ui/router';

export interface AppliedFilter {
  filter: SearchFilter;
  /** The filter's canonical query string (without the page). */
  queryString: string;
  /** The page of the list the address names (`page=`; 1 when it names none). */
  page: number;
  /**
   * Where that page starts, when the address names it (`after=`, written by Next: the page is
   * read by a seek from there instead of by its number; see AFTER_PARAM).
   */
  after: string | undefined;
  /**
   * This visit of the address: new whenever the address changes (a search, back / forward, a
   * link) and when the page is mounted again. The draft's edits belong to one visit.
   */
  visit: symbol;
}

const AppliedFilterContext = createContext<AppliedFilter | null>(null);

/**
 * The applied filter, and the page of its list, are whatever the URL says
 * (docs/product.md#routes-and-screens): a shared link shows the same results on the same page,
 * and back / forward move between searches and pages. The board page reads the address here, once per
 * change of it, and every part of the search below shares that one reading.
 */
export function AppliedFilterProvider({ children }: { children: ReactNode }) {
  const { search } = useLocation();
  // A new visit when the address changes, set while rendering (no effect, nothing copied): React
  // renders again at once with it, before any control below reads it.
  const [visit, setVisit] = useState(() => ({ search, token: Symbol('visit') }));
  if (visit.search !== search) setVisit({ search, token: Symbol('visit') });
  const parsed = useMemo(() => {
    const filter = filterFromQueryString(search);
    return {
      filter,
      queryString: filterToQueryString(filter),
      page: pageFromQueryString(search),
      after: afterFromQueryString(search),
    };
  }, [search]);
  const value = useMemo(() => ({ ...parsed, visit: visit.token }), [parsed, visit.token]);
  return <AppliedFilterContext.Provider value={value}>{children}</AppliedFilterContext.Provider>;
}

/** The applied filter, read by AppliedFilterProvider (the board page) from the address. */
export function useAppliedFilter(): AppliedFilter {
  const applied = useContext(AppliedFilterContext);
  if (!applied) throw new Error('The search controls need an AppliedFilterProvider above them.');
  return applied;
}
