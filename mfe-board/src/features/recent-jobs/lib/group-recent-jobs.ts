import {
  ISO_DATE_PATTERN,
  RECENT_LIST_CATEGORY_ORDER,
  RECENT_LIST_OTHER_GROUP,
} from '@jobboard/contract/common';
import { type RecentJobLine, withVia } from '@jobboard/contract/jobs';

export interface RecentJobGroup {
  heading: string;
  jobs: RecentJobLine[];
}

/**
 * The heading a category label belongs to: the first heading, in the list's order, that the label
 * contains, ignoring case ('Nonprofit Communications Roles' -> 'Communications'); none -> null.
 */
export function headingOfLabel(label: string): string | null {
  const text = label.toLowerCase();
  return RECENT_LIST_CATEGORY_ORDER.find((heading) => text.includes(heading.toLowerCase())) ?? null;
}

/**
 * The recent list's groups (docs/product.md#routes-and-screens), in the order RECENT_LIST_CATEGORY_ORDER then 'Other';
 * groups without jobs are left out.
 *
 * Where a job goes (docs/product.md leaves it open): each category label of the job is matched on its own,
 * and the job is listed under every heading one of its labels matches, once per heading. A reader
 * scanning one heading (say Fundraising) then sees every job of that kind, also those that carry a
 * second label. A job none of whose labels matches any heading is listed under 'Other'. Within a
 * group: newest first, then by title.
 */
export function groupRecentJobs(jobs: RecentJobLine[]): RecentJobGroup[] {
  const groups = new Map<string, RecentJobLine[]>(
    [...RECENT_LIST_CATEGORY_ORDER, RECENT_LIST_OTHER_GROUP].map((heading) => [heading, []]),
  );
  for (const job of jobs) {
    const headings = new Set(job.category.flatMap((label) => headingOfLabel(label) ?? []));
    if (headings.size === 0) headings.add(RECENT_LIST_OTHER_GROUP);
    for (const heading of headings) groups.get(heading)!.push(job);
  }
  return [...groups]
    .filter(([, grouped]) => grouped.length > 0)
    .map(([heading, grouped]) => ({ heading, jobs: grouped.sort(newestThenTitle) }));
}

function newestThenTitle(a: RecentJobLine, b: RecentJobLine): number {
  return postedTime(b) - postedTime(a) || a.title.localeCompare(b.title, 'en');
}

/** A posted date as a number to sort by; one that is not a calendar date sorts last. */
function postedTime(job: RecentJobLine): number {
  return ISO_DATE_PATTERN.test(job.postedDate) ? Date.parse(job.postedDate) : -Infinity;
}

export interface RecentEntry {
  /**
   * The job's page on the board with the list's channel, `/jobs/{id}?via=list`
   * (docs/product.md#numbers): a reader of the newsletter the list is copied into is counted for
   * the list, and so is their Apply click on the job's page.
   */
  href: string;
  title: string;
  company: string;
  /** The locations with ' / ' between them, or null when the job names none. */
  locations: string | null;
}

/**
 * One line of the list: 'title : company (loc / loc)'. docs/product.md#routes-and-screens shows the location's commas as
 * ' / '; the locations are kept apart in `locations`, so it is their separators that become ' / '
 * and a place written 'Washington, DC' stays whole.
 */
export function recentEntry(job: RecentJobLine): RecentEntry {
  const places = job.locations.length
    ? job.locations
    : job.location
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean);
  return {
    href: withVia(`/jobs/${encodeURIComponent(job.id)}`, 'list'),
    title: job.title,
    company: job.company.name,
    locations: places.length ? places.join(' / ') : null,
  };
}

/** The entry as the text a reader sees (and copies into a newsletter). */
export function recentEntryText(job: RecentJobLine): string {
  const { title, company, locations } = recentEntry(job);
  return `${title} : ${company}${locations ? ` (${locations})` : ''}`;
}
