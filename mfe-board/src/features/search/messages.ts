/** Texts of the board home (docs/product.md#routes-and-screens and docs/product.md#errors), in one place. */
export const SEARCH_TEXT = {
  /** A broad search is counted up to a cap (TOTAL_COUNT_CAP): '1,000+ Job Opportunities'. */
  heading: (count: number, exact = true) => `${countText(count, exact)} Job Opportunities`,
  headingBeforeCount: 'Job Opportunities',
  resultsAnnouncement: (count: number, exact = true) =>
    `${countText(count, exact)} ${count === 1 && exact ? 'job' : 'jobs'} found`,
  sortLabel: 'Sort by',
  sortPlaceholder: 'Sort by',
  searchLabel: 'Search jobs',
  searchPlaceholder: 'Search for jobs, organizations, or locations',
  searchButton: 'Search',
  clearSearch: 'Clear search',
  filtersTitle: 'Filters',
  showFilters: 'Show filters',
  hideFilters: 'Hide filters',
  category: 'Category',
  selected: (count: number) => `${count} selected`,
  noCategories: 'No categories yet.',
  location: 'Location',
  anyLocation: 'Any Location',
  jobType: 'Job Type',
  experience: 'Experience',
  experienceLevels: { entry: 'Entry level', mid: 'Mid level', senior: 'Senior level' },
  salaryRange: 'Salary Range',
  postedWithin: 'Posted',
  closing: 'Deadline',
  apply: 'Apply Filters',
  reset: 'Reset Filters',
  loading: 'Loading jobs...',
  emptyTitle: 'No jobs found',
  emptyHint: 'Try adjusting your search filters or try a different search term.',
  searchFailed: 'Failed to search jobs. Please try again.',
  retry: 'Try again',
  followSearch: 'Follow this search:',
  rssFeed: 'RSS feed',
  jsonFeed: 'JSON Feed',
  ofThisSearch: 'of this search',
  locationsFailed: 'Failed to fetch locations',
  categoriesFailed: 'Failed to fetch categories',
} as const;

function countText(count: number, exact: boolean): string {
  return `${count.toLocaleString('en-US')}${exact ? '' : '+'}`;
}
