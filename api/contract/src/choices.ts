/**
 * Fixed choices and limits of the product (docs/product.md#entities and docs/product.md#constants-and-limits). Both the API and the remotes import
 * them from here, so a label or a limit is changed in one place only.
 */

/** Category choices of the public submission form, in the order the form shows them. */
export const CATEGORY_CHOICES = [
  'Communications',
  'Nonprofit Role',
  'News and Audience',
  'Philanthropy',
  'Fundraising',
  'Other Good Roles',
  'Agencies',
  'Political',
  'Product and Tech',
  'Uncategorized',
] as const;

/** Order of the category headings on the recent job list (/job-list); 'Other' is last. */
export const RECENT_LIST_CATEGORY_ORDER = [
  'News and Audience',
  'Communications',
  'Nonprofit Role',
  'Fundraising',
  'Philanthropy',
  'Agencies',
  'Political',
  'Product and Tech',
  'Other Good Roles',
] as const;
export const RECENT_LIST_OTHER_GROUP = 'Other';

export const PUBLIC_JOB_TYPES = [
  'Full-time',
  'Part-time',
  'Contract',
  'Temporary',
  'Internship',
] as const;
export const ADMIN_JOB_TYPES = [...PUBLIC_JOB_TYPES, 'Volunteer'] as const;
/** A job type some synced sources use for remote roles; the board's Remote filter matches it. */
export const REMOTE_JOB_TYPE = 'Remote';

const CANONICAL_JOB_TYPES = new Map(
  [...ADMIN_JOB_TYPES, REMOTE_JOB_TYPE].map((type) => [type.toLowerCase(), type]),
);

/**
 * The job type as stored: one of ours spelled our way ('full-time ' -> 'Full-time'), so the API
 * filters by plain equality (an index can serve it, and no SQL lower(), which folds ASCII only);
 * a type we do not know is kept as given, trimmed.
 */
export function canonicalJobType(value: string): string {
  const trimmed = value.trim();
  return CANONICAL_JOB_TYPES.get(trimmed.toLowerCase()) ?? trimmed;
}

/**
 * schema.org `employmentType` of each job type (the job page's JobPosting, job-posting.ts): kept
 * beside the types so a new type cannot be added without its mapping. Any other stored type (a
 * synced 'Remote', say) is OTHER.
 */
export const EMPLOYMENT_TYPES: Record<(typeof ADMIN_JOB_TYPES)[number], string> = {
  'Full-time': 'FULL_TIME',
  'Part-time': 'PART_TIME',
  Contract: 'CONTRACTOR',
  Temporary: 'TEMPORARY',
  Internship: 'INTERN',
  Volunteer: 'VOLUNTEER',
};

/** Experience levels a job can carry (the board's Experience filter); or 'Not specified'. */
export const EXPERIENCE_LEVELS = ['entry', 'mid', 'senior'] as const;
export const EXPERIENCE_NOT_SPECIFIED = 'Not specified';
/** An experience level field as the OpenAPI document states it (its check: isExperienceChoice). */
export const EXPERIENCE_SCHEMA = { enum: [EXPERIENCE_NOT_SPECIFIED, ...EXPERIENCE_LEVELS] };
/** The public and admin forms' Experience Level menu: the board's levels, or none. */
export const EXPERIENCE_CHOICES: { value: string; label: string }[] = [
  { value: EXPERIENCE_NOT_SPECIFIED, label: EXPERIENCE_NOT_SPECIFIED },
  { value: 'entry', label: 'Entry level' },
  { value: 'mid', label: 'Mid level' },
  { value: 'senior', label: 'Senior level' },
];
/** Whether a value is one the forms offer (and so one the board's filter can find, or none). */
export const isExperienceChoice = (value: unknown): value is string =>
  value === EXPERIENCE_NOT_SPECIFIED || (EXPERIENCE_LEVELS as readonly unknown[]).includes(value);

export const PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 100;
/**
 * The deepest page a list can be asked for. Results past the 10,000th are not paged (as on the big
 * job boards): nobody reads that far, and an offset that deep costs every database a long walk.
 */
export const MAX_PAGE = 1000;
/**
 * Counting every match of a broad search costs as much as reading them all, so a total is counted
 * up to this many and then shown as "1,000+" (SearchResponse.totalExact is false).
 */
export const TOTAL_COUNT_CAP = 1000;
/** The recent list covers jobs posted in this many days. */
export const RECENT_DAYS = 10;
export const DESCRIPTION_MIN_LENGTH = 50;
/** A search query longer than this is refused; nobody types more. */
export const MAX_QUERY_LENGTH = 200;
/** Employers hear back within this many hours (docs/product.md#audience and docs/product.md#constants-and-limits). */
export const REVIEW_HOURS = 24;

/** Admin passwords are at least this long (the CLI and ADMIN_PASSWORD both check it). */
export const MIN_ADMIN_PASSWORD_LENGTH = 12;
