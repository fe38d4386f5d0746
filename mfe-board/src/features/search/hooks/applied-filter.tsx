import { filterFromQueryString, filterToQueryString, type SearchFilter } from '@jobboard/contract';
import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';
import { useLocation } from '@jobboard/shared-ui/router';

export interface AppliedFilter {
  filter: SearchFilter;
  /** The filter's canonical query string. */
  queryString: string;
  /** The address's query string as it is, which the draft's edits belong to. */
  search: string;
  /** This board page (one per mount): edits made on an earlier visit are not shown. */
  owner: symbol;
}

const AppliedFilterContext = createContext<AppliedFilter | null>(null);

/**
 * The applied filter is whatever the URL says (SPEC.md 2): a shared link shows the same results,
 * and back / forward move between searches. The board page reads the address here, once per
 * change of it, and every part of the search below shares that one reading.
 */
export function AppliedFilterProvider({ children }: { children: ReactNode }) {
  const { search } = useLocation();
  const [owner] = useState(() => Symbol('board page'));
  const value = useMemo(() => {
    const filter = filterFromQueryString(search);
    return { filter, queryString: filterToQueryString(filter), search, owner };
  }, [search, owner]);
  return <AppliedFilterContext.Provider value={value}>{children}</AppliedFilterContext.Provider>;
}

/** The applied filter, read by AppliedFilterProvider (the board page) from the address. */
export function useAppliedFilter(): AppliedFilter {
  const applied = useContext(AppliedFilterContext);
  if (!applied) throw new Error('The search controls need an AppliedFilterProvider above them.');
  return applied;
}
