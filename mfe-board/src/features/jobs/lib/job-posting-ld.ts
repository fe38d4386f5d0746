import { ISO_DATE_PATTERN, parseDeadline, type Job } from '@jobboard/contract';
import { httpUrl } from '../../../lib/urls';

/** schema.org employment types for our job types; anything else is OTHER. */
const EMPLOYMENT_TYPES: Record<string, string> = {
  'full-time': 'FULL_TIME',
  'part-time': 'PART_TIME',
  contract: 'CONTRACTOR',
  temporary: 'TEMPORARY',
  internship: 'INTERN',
  volunteer: 'VOLUNTEER',
};

const REMOTE = /^remote$/i;
/** 'Washington, DC' -> locality and a two-letter US state or district. */
const CITY_STATE = /^(.+?),\s*([A-Z]{2})$/;

/**
 * The schema.org `JobPosting` of a job page (docs/architecture.md, discovery), as plain data. An expired
 * job has none: search engines ask for expired postings to drop their markup.
 */
export function jobPostingLd(job: Job, origin: string): Record<string, unknown> | null {
  if (job.expired) return null;
  const onSite = job.locations.filter((l) => !REMOTE.test(l.trim()));
  const remote = job.remote || job.locations.some((l) => REMOTE.test(l.trim()));
  const deadline = job.deadline ? parseDeadline(job.deadline) : null;
  const validThrough = deadline ?? job.expiresAt;
  const website = httpUrl(job.company.websiteUrl);
  const logo = httpUrl(job.company.logo);

  return prune({
    '@context': 'https://schema.org',
    '@type': 'JobPosting',
    title: job.title,
    description: job.description,
    identifier: { '@type': 'PropertyValue', name: job.company.name, value: job.id },
    url: `${origin}/jobs/${encodeURIComponent(job.id)}`,
    datePosted: ISO_DATE_PATTERN.test(job.postedDate) ? job.postedDate : undefined,
    validThrough,
    employmentType: EMPLOYMENT_TYPES[job.jobType.trim().toLowerCase()] ?? 'OTHER',
    hiringOrganization: prune({
      '@type': 'Organization',
      name: job.company.name,
      sameAs: website,
      logo,
    }),
    jobLocation: onSite.length ? onSite.map(place) : undefined,
    jobLocationType: remote ? 'TELECOMMUTE' : undefined,
    // Google requires where remote applicants may live; the board is a US board.
    applicantLocationRequirements: remote ? { '@type': 'Country', name: 'US' } : undefined,
    baseSalary: baseSalary(job),
  });
}

/** The JSON for a `<script type="application/ld+json">`: '<' escaped so no text can end the tag. */
export function serializeLd(data: Record<string, unknown>): string {
  return JSON.stringify(data).replace(/</g, '\\u003c');
}

function place(location: string) {
  const match = CITY_STATE.exec(location.trim());
  const address = match
    ? {
        '@type': 'PostalAddress',
        addressLocality: match[1],
        addressRegion: match[2],
        addressCountry: 'US',
      }
    : { '@type': 'PostalAddress', addressLocality: location.trim() };
  return { '@type': 'Place', address };
}

function baseSalary(job: Job) {
  const { salaryMin: min, salaryMax: max } = job;
  if (min == null && max == null) return undefined;
  const value =
    min != null && max != null && min !== max
      ? { minValue: min, maxValue: max }
      : { value: min ?? max };
  return {
    '@type': 'MonetaryAmount',
    currency: 'USD',
    value: { '@type': 'QuantitativeValue', ...value, unitText: 'YEAR' },
  };
}

/** Leaves out the parts that have no value. */
function prune<T extends Record<string, unknown>>(data: T): T {
  return Object.fromEntries(Object.entries(data).filter(([, v]) => v !== undefined)) as T;
}
