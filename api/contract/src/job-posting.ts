import { jobApplyMethod } from './applying';
import { EMPLOYMENT_TYPES } from './choices';
import { ISO_DATE_PATTERN, parseDeadline } from './dates';
import type { Job } from './job';
import { baseSalaryOf } from './pay';
import { httpUrl, ownLogoUrl } from './urls';
import { usStateName } from './us-states';
import { remotePlaceList, workplaceOfJob } from './workplace';

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

/**
 * Where the job is done, as Google reads it (developers.google.com/search/docs/appearance/
 * structured-data/job-posting, "Remote jobs"):
 * - remote: `jobLocationType` TELECOMMUTE, which Google keeps for jobs done remotely 100% of the
 *   time, with `applicantLocationRequirements`, where applicants may be (an AdministrativeArea:
 *   a Country or a State); the places the employer gave, else the board's country. The job's
 *   own places of work, if it names any, stay in `jobLocation` (an office it reports to).
 * - hybrid: `jobLocation` only. Google asks not to mark up jobs that allow only occasional or
 *   partial work from home as TELECOMMUTE: to Google a hybrid job is an on-site job at its
 *   locations, and the page's text says the rest.
 * - on-site: `jobLocation` only.
 */
function workplaceLd(job: Job) {
  const type = workplaceOfJob(job);
  const places = job.locations.filter((l) => l.trim() && !REMOTE.test(l.trim())).map(place);
  if (type !== 'remote') return { jobLocation: places.length ? places : undefined };
  const applicants = remotePlaceList(job.remotePlaces ?? '').map(applicantArea);
  return {
    jobLocation: places.length ? places : undefined,
    jobLocationType: 'TELECOMMUTE',
    applicantLocationRequirements:
      applicants.length === 0
        ? { '@type': 'Country', name: COUNTRY }
        : applicants.length === 1
          ? applicants[0]
          : applicants,
  };
}

/**
 * One place remote applicants may be in: the country ('US', 'USA', 'United States'), a US state
 * by its code or name ('MD', 'Maryland'), or any other area by its name, an AdministrativeArea
 * (the type Google names; Country and State are kinds of it).
 */
function applicantArea(name: string): Record<string, string> {
  if (/^(us|usa|u\.s\.a?\.?|united states( of america)?)$/i.test(name)) {
    return { '@type': 'Country', name: COUNTRY };
  }
  if (/^(dc|d\.c\.|district of columbia)$/i.test(name)) {
    return { '@type': 'AdministrativeArea', name: 'District of Columbia' };
  }
  const state = usStateName(name);
  if (state) return { '@type': 'State', name: state };
  return { '@type': 'AdministrativeArea', name };
}

/**
 * The JobPosting as plain data. An expired job has none: search engines ask for closed postings to
 * drop their markup. `origin` is the site's public address (PUBLIC_URL).
 */
export function jobPostingLd(job: Job, origin: string): Record<string, unknown> | null {
  if (job.expired || !job.active) return null;
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
    ...workplaceLd(job),
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
