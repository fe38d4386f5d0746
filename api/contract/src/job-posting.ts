import { jobApplyMethod } from './applying';
import { EMPLOYMENT_TYPES } from './choices';
import { ISO_DATE_PATTERN, parseDeadline } from './dates';
import type { Job } from './job';
import { baseSalaryOf } from './pay';
import { httpUrl, ownLogoUrl } from './urls';

/**
 * The schema.org `JobPosting` of a job page (Google for Jobs, link previews), written into the
 * page by the server (api/src/site/page-head.ts): crawlers run no JavaScript. One builder, here.
 */

const REMOTE = /^remote$/i;
/** 'Washington, DC' -> locality and a two-letter US state or district. */
const CITY_STATE = /^(.+?),\s*([A-Z]{2})$/;

/** The board lists US roles: where remote applicants may live, and the country of a 'City, ST'. */
const COUNTRY = 'US';

/** The job's page: `{origin}/jobs/{id}`. */
export function jobPageUrl(origin: string, id: string): string {
  return `${origin}/jobs/${encodeURIComponent(id)}`;
}

/** The title of a job's page (the browser tab, the search result, the link preview). */
export function jobPageTitle(job: Job, boardName: string | undefined): string {
  return `${job.title} at ${job.company.name}${boardName ? ` | ${boardName}` : ''}`;
}

/** schema.org `employmentType` of a stored job type (any letter case); OTHER when unknown. */
export function employmentTypeOf(jobType: string): string {
  const key = Object.keys(EMPLOYMENT_TYPES).find(
    (type) => type.toLowerCase() === jobType.trim().toLowerCase(),
  ) as keyof typeof EMPLOYMENT_TYPES | undefined;
  return key ? EMPLOYMENT_TYPES[key] : 'OTHER';
}

/** Whether a job is (also) done remotely: its flag, or 'Remote' among its locations. */
function isRemoteJob(job: Job): boolean {
  return job.remote || job.locations.some((l) => REMOTE.test(l.trim()));
}

/**
 * The JobPosting as plain data. An expired job has none: search engines ask for closed postings to
 * drop their markup. `origin` is the site's public address (PUBLIC_URL).
 */
export function jobPostingLd(job: Job, origin: string): Record<string, unknown> | null {
  if (job.expired || !job.active) return null;
  const onSite = job.locations.filter((l) => l.trim() && !REMOTE.test(l.trim()));
  const remote = isRemoteJob(job);
  const deadline = job.deadline ? parseDeadline(job.deadline) : null;

  return prune({
    '@context': 'https://schema.org',
    '@type': 'JobPosting',
    title: job.title,
    description: job.description,
    identifier: { '@type': 'PropertyValue', name: job.company.name, value: job.id },
    url: jobPageUrl(origin, job.id),
    datePosted: ISO_DATE_PATTERN.test(job.postedDate) ? job.postedDate : undefined,
    validThrough: deadline ?? job.expiresAt,
    employmentType: employmentTypeOf(job.jobType),
    hiringOrganization: prune({
      '@type': 'Organization',
      name: job.company.name,
      sameAs: httpUrl(job.company.websiteUrl),
      logo: ownLogoUrl(origin, job.company.logo),
    }),
    jobLocation: onSite.length ? onSite.map(place) : undefined,
    jobLocationType: remote ? 'TELECOMMUTE' : undefined,
    // Google requires where remote applicants may live.
    applicantLocationRequirements: remote ? { '@type': 'Country', name: COUNTRY } : undefined,
    baseSalary: baseSalaryOf(job.pay),
    // Google's "apply on this page": true only where the board takes the application itself
    // (its form, docs/product.md#applying); a job applied for on the employer's own site, or one
    // whose page only says how to apply, says false.
    directApply: jobApplyMethod(job) === 'board',
  });
}

/**
 * JSON to put inside a `<script>` element (JSON-LD, the boot configuration): `<`, `>` and `&`
 * written as \u escapes so no text can end the element or open a comment, and U+2028/U+2029
 * escaped too (line terminators to older JavaScript parsers). Still the same JSON value.
 */
export function jsonForScript(data: unknown): string {
  return scriptSafeJson(JSON.stringify(data));
}

/**
 * As jsonForScript, for JSON that is already text (the API's cached answers). Those characters
 * only ever occur inside JSON strings, where the escape means the same character.
 */
export function scriptSafeJson(json: string): string {
  return json.replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/**
 * A place of work. Google requires each address's country (a structured-data validator with its
 * rules refuses a Place without one): every place the board lists is in the US.
 */
function place(location: string) {
  const match = CITY_STATE.exec(location.trim());
  const address = match
    ? {
        '@type': 'PostalAddress',
        addressLocality: match[1],
        addressRegion: match[2],
        addressCountry: COUNTRY,
      }
    : { '@type': 'PostalAddress', addressLocality: location.trim(), addressCountry: COUNTRY };
  return { '@type': 'Place', address };
}

/** Leaves out the parts that have no value. */
function prune<T extends Record<string, unknown>>(data: T): T {
  return Object.fromEntries(Object.entries(data).filter(([, v]) => v !== undefined)) as T;
}
