import { EXPERIENCE_LEVELS } from '@jobboard/contract/common';
import {
  ANY_LOCATION,
  JOB_TYPE_FILTERS,
  labelKey,
  workplaceTypesOf,
  type SearchFilter,
} from '@jobboard/contract/jobs';
import { searchTerms } from './repositories/search-index/search-index';

/**
 * A board search as the API understands it, worked out once per request from the filter the
 * board (or a feed, or an alert) sends: the words it looks for, the keys of the location and
 * categories it names (the contract's labelKey), and its identity. The public-read cache keys
 * its answers by the identity, and the search (job-search.ts) reads the words and keys from
 * here: the same search however it was written (letter case, repeated words, categories in any
 * order) is one answer, computed one way.
 */
export interface BoardSearch {
  /** The filter as it was sent (the job types, levels and salary range are read from it). */
  filter: SearchFilter;
  /** The words searched for (searchTerms): lower case, each once, in their order. */
  terms: string[];
  /** The key of the location asked for; null for any location. */
  locationKey: string | null;
  /** The keys of the categories asked for, each once, sorted. */
  categoryKeys: string[];
  /** The same text for the same search however it was written; the sort order is not part of it. */
  identity: string;
}

export function boardSearch(filter: SearchFilter): BoardSearch {
  const terms = searchTerms(filter.query);
  const locationKey = filter.location === ANY_LOCATION ? null : labelKey(filter.location);
  const categoryKeys = [...new Set(filter.category.map(labelKey))].sort();
  const identity = JSON.stringify([
    terms,
    ...JOB_TYPE_FILTERS.map(({ flag }) => filter.jobType[flag]),
    // An older board's Remote box (jobType.remote) is the same search as workplace.remote.
    workplaceTypesOf(filter),
    ...EXPERIENCE_LEVELS.map((level) => filter.experience[level]),
    filter.salaryRange,
    locationKey,
    categoryKeys,
    filter.postedWithin,
    filter.closing,
  ]);
  return { filter, terms, locationKey, categoryKeys, identity };
}
