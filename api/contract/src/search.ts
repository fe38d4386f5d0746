import {
  array,
  boolean,
  coerce,
  defaulted,
  enums,
  integer,
  max,
  min,
  nullable,
  object,
  optional,
  pattern,
  refine,
  size,
  string,
  validate,
  type Infer,
  type Struct,
} from 'superstruct';
import { formatMoney } from './money';
import {
  EXPERIENCE_LEVELS,
  MAX_PAGE,
  MAX_PAGE_SIZE,
  MAX_QUERY_LENGTH,
  PAGE_SIZE,
  type PUBLIC_JOB_TYPES,
} from './choices';
import { Job, MAX_INT4 } from './job';
import { WORKPLACE_FLAGS } from './workplace';

export const SORT_OPTIONS = [
  { value: 'relevance', label: 'Most Relevant' },
  { value: 'recent', label: 'Most Recent' },
  { value: 'salary-high', label: 'Highest Salary' },
  { value: 'salary-low', label: 'Lowest Salary' },
] as const;
export type SortOption = (typeof SORT_OPTIONS)[number]['value'];
export const DEFAULT_SORT: SortOption = 'recent';

/**
 * Salary range choices of the filter object (docs/product.md#pay). A band is a year's pay in the
 * board's currency: a job matches it when its pay's annual equivalent (annualPay: an hour's pay
 * times 2,080, ...) overlaps it, so '$25 - $30 an hour' ($52,000 - $62,400 a year) is in
 * '$50,000 - $75,000'. `totals` matches the pay given in total (stipends, fixed fees), which no
 * band does. Jobs without pay match 'any' only. `label` is the band in US dollars; the board
 * shows salaryRangeLabel, in its own currency.
 */
export const SALARY_RANGES = [
  { value: 'any', label: 'Any Salary', min: null, max: null },
  { value: 'under-50k', label: 'Under $50,000', min: null, max: 50_000 },
  { value: '50k-75k', label: '$50,000 - $75,000', min: 50_000, max: 75_000 },
  { value: '75k-100k', label: '$75,000 - $100,000', min: 75_000, max: 100_000 },
  { value: '100k-plus', label: '$100,000 and up', min: 100_000, max: null },
  { value: 'totals', label: 'Stipends and fixed fees', min: null, max: null },
] as const;
export type SalaryRange = (typeof SALARY_RANGES)[number]['value'];

/** A salary range's label in the board's currency ('Under £50,000' on a board in pounds). */
export function salaryRangeLabel(value: SalaryRange, currency: string): string {
  const range = SALARY_RANGES.find((r) => r.value === value)!;
  const money = (amount: number) => formatMoney(amount, currency);
  if (range.min !== null && range.max !== null) return `${money(range.min)} - ${money(range.max)}`;
  if (range.max !== null) return `Under ${money(range.max)}`;
  if (range.min !== null) return `${money(range.min)} and up`;
  return range.label;
}

export const ANY_LOCATION = 'any';

/**
 * 'Posted within' choices (query string `posted=`): a job matches when its posted date is at most
 * `days` days before today (UTC dates, as the recent list counts them: '24 hours' is today and
 * yesterday).
 */
export const POSTED_WITHIN = [
  { value: 'any', label: 'Any time', days: null },
  { value: '24h', label: 'Last 24 hours', days: 1 },
  { value: '7d', label: 'Last 7 days', days: 7 },
  { value: '30d', label: 'Last 30 days', days: 30 },
] as const;
export type PostedWithin = (typeof POSTED_WITHIN)[number]['value'];

/**
 * 'Closing' choices (query string `closing=`): 'soon' matches a job whose application deadline (a
 * date) is today or within the next `days` days; a job with no date deadline ('Rolling') never is.
 */
export const CLOSING_CHOICES = [
  { value: 'any', label: 'Any deadline', days: null },
  { value: 'soon', label: 'Closing within 7 days', days: 7 },
] as const;
export type ClosingChoice = (typeof CLOSING_CHOICES)[number]['value'];

/**
 * The job-type filter (docs/product.md#routes-and-screens): each flag of the filter object (also its query-string name),
 * the job type it matches (any letter case) and the label of its checkbox. The search, the query
 * string, the search cache's key and the filter panel all read this table.
 */
export const JOB_TYPE_FILTERS = [
  { flag: 'fullTime', jobType: 'Full-time', label: 'Full-time' },
  { flag: 'partTime', jobType: 'Part-time', label: 'Part-time' },
  { flag: 'contract', jobType: 'Contract', label: 'Contract' },
] as const satisfies readonly {
  flag: string;
  jobType: (typeof PUBLIC_JOB_TYPES)[number];
  label: string;
}[];

/**
 * The filter object's job-type flags: the table's, then `remote`, kept for a board built before
 * contract 1.5, which sends its Remote box here: it means the same as `workplace.remote`
 * (workplaceFlagsOf reads both).
 */
export const JOB_TYPE_FLAGS = [...JOB_TYPE_FILTERS.map((t) => t.flag), 'remote'] as const;

/** An object of on/off flags, each off when left out. */
function flags<K extends string>(keys: readonly K[]) {
  const schema = Object.fromEntries(keys.map((key) => [key, defaulted(boolean(), false)]));
  return defaulted(object(schema as Record<K, Struct<boolean, null>>), {});
}

/** Every flag off. */
function allOff<K extends string>(keys: readonly K[]): Record<K, boolean> {
  return Object.fromEntries(keys.map((key) => [key, false])) as Record<K, boolean>;
}

const sortValues = SORT_OPTIONS.map((o) => o.value);
const salaryValues = SALARY_RANGES.map((r) => r.value);
const postedValues = POSTED_WITHIN.map((p) => p.value);
const closingValues = CLOSING_CHOICES.map((c) => c.value);

/** The search filter object of docs/product.md 3. Every part may be left out and takes its default. */
export const SearchFilter = object({
  query: defaulted(size(string(), 0, MAX_QUERY_LENGTH), ''),
  jobType: flags(JOB_TYPE_FLAGS),
  /** Where the jobs are done (WORKPLACE_FILTERS): any of the types chosen; none, every job. */
  workplace: flags(WORKPLACE_FLAGS),
  experience: flags(EXPERIENCE_LEVELS),
  salaryRange: defaulted(enums(salaryValues), 'any'),
  location: defaulted(size(string(), 1, 200), ANY_LOCATION),
  category: defaulted(size(array(size(string(), 1, 200)), 0, 50), []),
  sortOption: defaulted(enums(sortValues), DEFAULT_SORT),
  postedWithin: defaulted(enums(postedValues), 'any'),
  closing: defaulted(enums(closingValues), 'any'),
});
export type SearchFilter = Infer<typeof SearchFilter>;

/**
 * Body of `POST /api/jobs/search`: the filter object plus the page wanted. `after` (the `next` of
 * the previous page's answer, see SearchCursor) makes the search continue from that place in the
 * sort order (a seek) instead of skipping `(page - 1) * pageSize` rows; `page` then only numbers
 * the page (the count and the answer's `page`). A cursor that is damaged, not one the API wrote, or
 * of another sort order is refused with CURSOR_MESSAGES.
 */
export const SearchRequest = refine(
  object({
    ...SearchFilter.schema,
    page: defaulted(max(min(integer(), 1), MAX_PAGE), 1),
    pageSize: defaulted(max(min(integer(), 1), MAX_PAGE_SIZE), PAGE_SIZE),
    after: optional(
      refine(string(), 'cursor', (text) =>
        decodeSearchCursor(text) ? true : CURSOR_MESSAGES.invalid,
      ),
    ),
  }),
  'cursor-sort',
  (request) =>
    request.after === undefined || decodeSearchCursor(request.after)?.s === request.sortOption
      ? true
      : { path: ['after'], message: CURSOR_MESSAGES.otherSort },
);
export type SearchRequest = Infer<typeof SearchRequest>;

/**
 * The request for page `page` of `filter`'s results at the board's page size: what the board asks
 * for and what the server's first view reads, so both name the same call. With `after` (the
 * previous page's `next`), the page is found by its cursor; without it, by its number.
 */
export const searchPage = (filter: SearchFilter, page: number, after?: string): SearchRequest => ({
  ...filter,
  page,
  pageSize: PAGE_SIZE,
  ...(after === undefined ? {} : { after }),
});

/**
 * One page of results. `total` is exact when `totalExact` is true; otherwise there are more than
 * `total` matches (a broad search is counted up to TOTAL_COUNT_CAP, or a little past the page asked
 * for), and the board shows "1,000+".
 */
export const SearchResponse = object({
  jobs: array(Job),
  total: min(integer(), 0),
  totalExact: boolean(),
  page: min(integer(), 1),
  pageSize: min(integer(), 1),
  /** Where the next page starts (send it back as `after`); absent on the last page. */
  next: optional(string()),
});
export type SearchResponse = Infer<typeof SearchResponse>;

/** The defaults, as a complete filter object (what Reset Filters restores). */
export function defaultSearchFilter(): SearchFilter {
  return {
    query: '',
    jobType: allOff(JOB_TYPE_FLAGS),
    workplace: allOff(WORKPLACE_FLAGS),
    experience: allOff(EXPERIENCE_LEVELS),
    salaryRange: 'any',
    location: ANY_LOCATION,
    category: [],
    sortOption: DEFAULT_SORT,
    postedWithin: 'any',
    closing: 'any',
  };
}

/** A whole number from a query string ('2') within bounds, or its default when absent. */
export const queryInteger = (lowest: number, highest: number, fallback: number) =>
  defaulted(
    coerce(max(min(integer(), lowest), highest), string(), (text) =>
      /^\d{1,9}$/.test(text) ? Number(text) : text,
    ),
    fallback,
  );

/**
 * Query string of `GET /api/jobs`: which page of the public list. The answer is a list of at most
 * `pageSize` jobs (default and most MAX_PAGE_SIZE); `X-Total-Count` and `Link` headers say how many
 * there are and where the next page is.
 */
export const JobListQuery = object({
  page: queryInteger(1, MAX_PAGE, 1),
  pageSize: queryInteger(1, MAX_PAGE_SIZE, MAX_PAGE_SIZE),
});
export type JobListQuery = Infer<typeof JobListQuery>;

export const StringList = array(string());
export type StringList = Infer<typeof StringList>;

/**
 * Keyset paging (issue 31): a search's answer names where its next page starts (`next`), and the
 * search takes it back as `after`, so a deep page is found by seeking to that place in the sort
 * order's index instead of reading past every row before it (OFFSET). The cursor is the last row's
 * sort key and id, as JSON in base64url: opaque to clients, and read back strictly (anything that
 * is not exactly a cursor this release writes is refused with CURSOR_MESSAGES).
 *
 * Fields (one letter, to keep the page's address short):
 * - `v`: the cursor's format (1).
 * - `s`: the sort order it was read in; it only means something in that order.
 * - `f`: featured ('recent' and 'relevance').
 * - `t`: in the title-match tier ('relevance' with words: those jobs come before the other matches
 *   of the same featured tier; false without words).
 * - `m`: the salary figure the order sorts by (salary orders; null for a job without one).
 * - `d`: the posted date (YYYY-MM-DD), `i`: the job id (every order ends newest, then id).
 */
export const SearchCursor = object({
  v: enums([1]),
  s: enums(sortValues),
  f: optional(boolean()),
  t: optional(boolean()),
  m: optional(nullable(max(min(integer(), 0), MAX_INT4))),
  d: pattern(string(), /^\d{4}-\d{2}-\d{2}$/),
  i: max(min(integer(), 1), MAX_INT4),
});
export type SearchCursor = Infer<typeof SearchCursor>;

/** The longest cursor text accepted (a real one is under 100 characters). */
export const MAX_CURSOR_LENGTH = 200;

/** What the API answers (400) to an `after` it cannot use (SearchRequest). */
export const CURSOR_MESSAGES = {
  invalid:
    'This page link is damaged or out of date: the list could not continue from it. Open the page by its number instead.',
  otherSort:
    'This page link continues a list sorted another way: it cannot be used with this sort. Open the page by its number instead.',
} as const;

/** Which key fields each sort order's cursor carries (and no others). */
const FIELDS_OF: Record<SortOption, readonly ('f' | 't' | 'm')[]> = {
  recent: ['f'],
  relevance: ['f', 't'],
  'salary-high': ['m'],
  'salary-low': ['m'],
};

const BASE64URL = /^[A-Za-z0-9_-]+$/;

/** The cursor as text for a request or an address (base64url of its JSON, no padding). */
export function encodeSearchCursor(cursor: SearchCursor): string {
  // Its fields in one order, so that a cursor has one text (decodeSearchCursor compares it).
  const { v, s, f, t, m, d, i } = cursor;
  const canonical = {
    v,
    s,
    ...(f === undefined ? {} : { f }),
    ...(t === undefined ? {} : { t }),
    ...(m === undefined ? {} : { m }),
    d,
    i,
  };
  return btoa(JSON.stringify(canonical))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/=+$/, '');
}

/**
 * The cursor a text holds, or null for anything else: not base64url, not JSON, a field missing,
 * extra or of the wrong kind, or key fields that do not belong to its sort order.
 */
export function decodeSearchCursor(text: string): SearchCursor | null {
  if (text.length > MAX_CURSOR_LENGTH || !BASE64URL.test(text)) return null;
  let value: unknown;
  try {
    value = JSON.parse(atob(text.replaceAll('-', '+').replaceAll('_', '/')));
  } catch {
    return null;
  }
  const [error, cursor] = validate(value, SearchCursor);
  if (error) return null;
  const fields = FIELDS_OF[cursor.s];
  const present = (['f', 't', 'm'] as const).filter((key) => cursor[key] !== undefined);
  if (present.length !== fields.length || !present.every((key) => fields.includes(key))) {
    return null;
  }
  // Written by this module only, so it reads back to the same text: anything else was altered.
  return encodeSearchCursor(cursor) === text ? cursor : null;
}
