import { EXPERIENCE_LEVELS, MAX_PAGE, MAX_QUERY_LENGTH } from './choices';
import {
  ANY_LOCATION,
  CLOSING_CHOICES,
  DEFAULT_SORT,
  POSTED_WITHIN,
  JOB_TYPE_FILTERS,
  SALARY_RANGES,
  SORT_OPTIONS,
  SearchFilter,
  decodeSearchCursor,
  defaultSearchFilter,
} from './search';
import { check } from './validate';
import { WORKPLACE_FILTERS, workplaceFlagsOf } from './workplace';

/**
 * The applied filter lives in the query string (docs/product.md#routes-and-screens), under exactly these names. The board
 * reads and writes it; the server reads it to put the first page of the address's own search in
 * the page (and the feeds will take the same names). Booleans are
 * written as `true` and left out when false; every part at its default is left out, so the board
 * with no filter is plain `/`. `category` is repeated once per selected category.
 */
const BOOLEAN_PARAMS = [
  ...JOB_TYPE_FILTERS.map(({ flag }) => [flag, (f: SearchFilter) => f.jobType, flag] as const),
  // `remote=true` (the board's Remote box since before workplaces) is workplace.remote.
  ...WORKPLACE_FILTERS.map(
    ({ flag, param }) => [param, (f: SearchFilter) => f.workplace, flag] as const,
  ),
  ...EXPERIENCE_LEVELS.map((level) => [level, (f: SearchFilter) => f.experience, level] as const),
];

/** The words searched for: `/?q=grants` (also the search form's field name, for a page not yet live). */
export const SEARCH_QUERY_PARAM = 'q';

/** The query string of a filter, with its leading '?' ('' for the defaults). */
export function filterToQueryString(filter: SearchFilter): string {
  const params = new URLSearchParams();
  const query = filter.query.trim();
  if (query) params.set(SEARCH_QUERY_PARAM, query);
  // A board built before contract 1.5 keeps its Remote box in jobType.remote: the same `remote`.
  const normal = { ...filter, workplace: workplaceFlagsOf(filter) };
  for (const [name, part, flag] of BOOLEAN_PARAMS) {
    if ((part(normal) as Record<string, boolean>)[flag]) params.set(name, 'true');
  }
  if (filter.salaryRange !== 'any') params.set('salary', filter.salaryRange);
  if (filter.location !== ANY_LOCATION) params.set('location', filter.location);
  for (const category of filter.category) params.append('category', category);
  if (filter.sortOption !== DEFAULT_SORT) params.set('sort', filter.sortOption);
  if (filter.postedWithin !== 'any') params.set('posted', filter.postedWithin);
  if (filter.closing !== 'any') params.set('closing', filter.closing);
  const text = params.toString();
  return text ? `?${text}` : '';
}

/**
 * The board's page number in the address (issue 30): `page=2`, so a reload, the back button and a
 * shared link keep the page. Page 1 is left out; anything that is not a page (0, 'x', past
 * MAX_PAGE) reads as page 1.
 */
export const PAGE_PARAM = 'page';

/** The page a query string asks for: 1 unless it names a page from 2 to MAX_PAGE. */
export function pageFromQueryString(search: string): number {
  const raw = new URLSearchParams(search).get(PAGE_PARAM) ?? '';
  const page = /^[1-9]\d{0,3}$/.test(raw) ? Number(raw) : 1;
  return page <= MAX_PAGE ? page : 1;
}

/**
 * Where the page starts in the list's order (issue 31): `page=3&after=...`, the cursor the
 * previous page's answer gave (SearchResponse `next`). The board's Next writes it, so walking
 * forward seeks instead of skipping rows, and a reload or back draws the very same page. `page=`
 * alone (a typed or shared link) still works; a cursor that is not one (damaged, or of another
 * sort order) is left out and the page is read by its number.
 */
export const AFTER_PARAM = 'after';

/** The cursor a query string names for its page, if it is one that fits the filter's sort. */
export function afterFromQueryString(search: string): string | undefined {
  const params = new URLSearchParams(search);
  const raw = params.get(AFTER_PARAM);
  if (raw === null || pageFromQueryString(search) <= 1) return undefined;
  const cursor = decodeSearchCursor(raw);
  return cursor && cursor.s === filterFromQueryString(search).sortOption ? raw : undefined;
}

/**
 * The board's address for one page of a filter: the filter's query string, then `page=N` past 1,
 * and the page's cursor when it has one (`after=`, see AFTER_PARAM).
 */
export function boardQueryString(filter: SearchFilter, page: number, after?: string): string {
  const text = filterToQueryString(filter);
  if (page <= 1) return text;
  const cursor = after === undefined ? '' : `&${AFTER_PARAM}=${after}`;
  return `${text ? `${text}&` : '?'}${PAGE_PARAM}=${page}${cursor}`;
}

/**
 * The filter a query string describes. Anything unknown or out of range (a hand-edited or old link)
 * falls back to that part's default instead of failing the search: the contract's own struct
 * decides what the API would refuse.
 */
export function filterFromQueryString(search: string): SearchFilter {
  const params = new URLSearchParams(search);
  const filter = defaultSearchFilter();
  filter.query = (params.get(SEARCH_QUERY_PARAM) ?? '').trim().slice(0, MAX_QUERY_LENGTH);
  for (const [name, part, flag] of BOOLEAN_PARAMS) {
    (part(filter) as Record<string, boolean>)[flag] = params.get(name) === 'true';
  }
  const salary = params.get('salary');
  if (SALARY_RANGES.some((r) => r.value === salary)) {
    filter.salaryRange = salary as SearchFilter['salaryRange'];
  }
  filter.location = params.get('location')?.trim() || ANY_LOCATION;
  filter.category = [
    ...new Set(
      params
        .getAll('category')
        .map((c) => c.trim())
        .filter(Boolean),
    ),
  ];
  const sort = params.get('sort');
  if (SORT_OPTIONS.some((o) => o.value === sort)) {
    filter.sortOption = sort as SearchFilter['sortOption'];
  }
  const posted = params.get('posted');
  if (posted !== 'any' && POSTED_WITHIN.some((p) => p.value === posted)) {
    filter.postedWithin = posted as SearchFilter['postedWithin'];
  }
  const closing = params.get('closing');
  if (closing !== 'any' && CLOSING_CHOICES.some((c) => c.value === closing)) {
    filter.closing = closing as SearchFilter['closing'];
  }
  return withinContract(filter);
}

/**
 * Resets each part the contract refuses (too long, too many categories...) to its default.
 * `check` names only the first NUL or broken character it meets, so this checks again until the
 * filter passes; each round resets at least one part, so it ends.
 */
function withinContract(filter: SearchFilter): SearchFilter {
  const defaults = defaultSearchFilter();
  let fixed = filter;
  for (;;) {
    const result = check(SearchFilter, fixed);
    if (result.ok) return fixed;
    const parts = Object.keys(result.errors)
      .map((path) => path.split('.')[0] as keyof SearchFilter)
      .filter((part) => part in defaults && fixed[part] !== defaults[part]);
    if (parts.length === 0) return defaults;
    fixed = { ...fixed };
    for (const part of parts) Object.assign(fixed, { [part]: defaults[part] });
  }
}
