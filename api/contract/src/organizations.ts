import { array, integer, object, optional, pattern, string, type Infer } from 'superstruct';
import { MAX_PAGE } from './choices';
import { RecentJobLine } from './job';
import { queryInteger } from './search';
import { httpUrl, ownLogoUrl } from './urls';

/**
 * An organisation's public page, `/organizations/{slug}` (issue 47): the page of a company on the
 * board (the `companies` record: its name, website, logo and description) with its open jobs.
 * Each company has one slug, given once when it is first written (`companySlug` of its name,
 * `-2`, `-3`... when another company has it), and kept: a link once shared keeps working.
 */

/** A slug's own form: lower-case letters and digits in words joined by single dashes. */
export const ORGANIZATION_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** The longest slug made from a name; `-<n>` may follow it (the column holds 100). */
export const SLUG_BASE_MAX = 80;

/** The slug of a name that has no letter or digit to make one of. */
export const FALLBACK_SLUG = 'organization';

/**
 * The slug a company's name gives, before it is made unique: its letters and digits (accents
 * dropped), lower case, each run of anything else one dash, at most SLUG_BASE_MAX characters,
 * cut at a word's end where there is one.
 */
export function companySlug(name: string): string {
  const words = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  if (!words) return FALLBACK_SLUG;
  if (words.length <= SLUG_BASE_MAX) return words;
  const cut = words.slice(0, SLUG_BASE_MAX + 1);
  const end = cut.lastIndexOf('-');
  return (end > 0 ? cut.slice(0, end) : cut.slice(0, SLUG_BASE_MAX)).replace(/-+$/, '');
}

/** The `n`th slug of a base (1: the base itself, then `base-2`, `base-3`...). */
export const nthSlug = (base: string, n: number): string => (n === 1 ? base : `${base}-${n}`);

/** How many open jobs one page of an organisation's page lists (`?page=` pages on). */
export const ORGANIZATION_JOBS_PAGE_SIZE = 20;

/** How many similar jobs a job's page shows. */
export const SIMILAR_JOBS_COUNT = 4;

/** The texts of an organisation's page and of a job page's similar jobs (docs/product.md). */
export const ORGANIZATION_TEXTS = {
  about: 'About',
  website: 'Website',
  openJobs: 'Open jobs',
  noOpenJobs: (name: string) => `${name} has no open jobs right now.`,
  notFound: 'Organization not found',
  notFoundDetail: 'There is no organization at this address.',
  similarJobs: 'Similar jobs',
  previousPage: 'Previous jobs',
  nextPage: 'More jobs',
  pageOf: (page: number, pages: number) => `Page ${page} of ${pages}`,
  loading: 'Loading organization...',
  loadFailed: 'This organization could not be loaded. Please try again.',
} as const;

export const OrganizationParams = object({ slug: pattern(string(), /^[a-z0-9-]{1,100}$/) });
export const OrganizationQuery = object({ page: queryInteger(1, MAX_PAGE, 1) });
export type OrganizationQuery = Infer<typeof OrganizationQuery>;

/** A company as its page shows it. */
export const Organization = object({
  name: string(),
  slug: string(),
  /** The logo the board serves from its own origin (`/logos/<hash>.png`); absent while none. */
  logo: optional(string()),
  description: string(),
  websiteUrl: string(),
});
export type Organization = Infer<typeof Organization>;

/**
 * `GET /api/organizations/{slug}`: the organisation and one page of its open (live) jobs, newest
 * first, as the recent list's lines; `total` counts them all.
 */
export const OrganizationPage = object({
  organization: Organization,
  jobs: array(RecentJobLine),
  total: integer(),
  page: integer(),
  pageSize: integer(),
});
export type OrganizationPage = Infer<typeof OrganizationPage>;

/** `GET /api/jobs/{id}/similar`: a few live jobs like this one (never itself). */
export const SimilarJobs = array(RecentJobLine);
export type SimilarJobs = Infer<typeof SimilarJobs>;

/** The organisation's page: `{origin}/organizations/{slug}`. */
export function organizationPageUrl(origin: string, slug: string): string {
  return `${origin}/organizations/${encodeURIComponent(slug)}`;
}

/** The path of an organisation's page, for a link on the board. */
export const organizationPagePath = (slug: string): string => organizationPageUrl('', slug);

/** The title of an organisation's page. */
export function organizationPageTitle(name: string, boardName: string | undefined): string {
  return `Jobs at ${name}${boardName ? ` | ${boardName}` : ''}`;
}

/**
 * The schema.org `Organization` of its page (written into the page by the server, page-head.ts):
 * its name, its page, its logo (the board's own copy), its website as `sameAs` (http(s) only) and
 * its description. A field the company has no value for is left out.
 */
export function organizationLd(
  organization: Organization,
  origin: string,
): Record<string, unknown> {
  const ld: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: organization.name,
    url: organizationPageUrl(origin, organization.slug),
    logo: ownLogoUrl(origin, organization.logo),
    sameAs: httpUrl(organization.websiteUrl),
    description: organization.description.trim() || undefined,
  };
  for (const key of Object.keys(ld)) if (ld[key] === undefined) delete ld[key];
  return ld;
}
