import {
  ANY_LOCATION,
  JOB_TYPE_FILTERS,
  WORKPLACE_FILTERS,
  salaryRangeLabel,
  workplaceFlagsOf,
  type SearchFilter,
} from '@jobboard/contract/jobs';

const EXPERIENCE_WORDS = { entry: 'entry level', mid: 'mid level', senior: 'senior' } as const;

/**
 * A board search in words, for the titles of its page and its feeds: `"grants"`, `Remote`,
 * `Full-time`, `Chicago, IL`... (empty for the whole board), a salary band in the board's
 * `currency`. Sorting is not a part of it.
 */
export function describeSearch(filter: SearchFilter, currency: string): string[] {
  const parts: string[] = [];
  if (filter.query.trim()) parts.push(`“${filter.query.trim()}”`);
  for (const type of JOB_TYPE_FILTERS) if (filter.jobType[type.flag]) parts.push(type.label);
  const workplace = workplaceFlagsOf(filter);
  for (const { flag, label } of WORKPLACE_FILTERS) if (workplace[flag]) parts.push(label);
  for (const [level, words] of Object.entries(EXPERIENCE_WORDS)) {
    if (filter.experience[level as keyof typeof EXPERIENCE_WORDS]) parts.push(words);
  }
  if (filter.location !== ANY_LOCATION) parts.push(filter.location);
  parts.push(...filter.category);
  if (filter.salaryRange !== 'any') parts.push(salaryRangeLabel(filter.salaryRange, currency));
  return parts;
}
