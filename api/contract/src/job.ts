import {
  array,
  boolean,
  coerce,
  enums,
  integer,
  nullable,
  object,
  optional,
  string,
  type Infer,
} from 'superstruct';
import { described } from './json-schema';
import { JobApply } from './applications';
import { JobPay } from './pay';
import { WORKPLACE_TYPES } from './workplace';

export const Company = object({
  name: string(),
  /**
   * The logo the board serves from its own origin (`/logos/<hash>.png`, see `ownLogoPath`), fetched
   * once from the address the company gave; absent while there is none.
   */
  logo: optional(string()),
  description: string(),
  websiteUrl: string(),
  /** Its page's slug (`/organizations/{slug}`, issue 47); absent from an API before it. */
  slug: optional(string()),
});
export type Company = Infer<typeof Company>;

/**
 * A job as the public board reads it (docs/product.md#entities). `location` is the job's locations joined with
 * ', ' (what the card shows); `locations` keeps them apart. `postedDate` is `YYYY-MM-DD`.
 */
export const Job = object({
  id: string(),
  title: string(),
  company: Company,
  organization: string(),
  location: string(),
  locations: array(string()),
  jobType: string(),
  /**
   * @deprecated since contract 1.5: read `workplaceType`. True exactly for a remote job (a
   * hybrid one is not: it is done at its locations part of the time).
   */
  remote: boolean(),
  /**
   * Where the job is done (issue 47, workplace.ts): on-site, hybrid or remote. Absent from an API
   * older than contract 1.5 (workplaceOfJob then reads `remote`).
   */
  workplaceType: optional(enums(WORKPLACE_TYPES)),
  /** The places a remote or hybrid job may be done from ('MD, VA, DC'; '' for none said). */
  remotePlaces: optional(string()),
  experienceLevel: string(),
  description: string(),
  postedDate: string(),
  /** The pay as shown ('$25 - $30 an hour'), or its words ('Competitive'); absent when none. */
  salary: optional(string()),
  /**
   * @deprecated since contract 1.3: read `pay`. The figures of a yearly pay in whole units; null
   * for a pay per another period (so an older board shows `salary`, which says the period).
   */
  salaryMin: nullable(integer()),
  /** @deprecated since contract 1.3: read `pay` (see salaryMin). */
  salaryMax: nullable(integer()),
  /** The pay: figures, what they are per, the currency, benefits (docs/product.md#pay). */
  pay: optional(JobPay),
  deadline: optional(string()),
  responsibilities: array(string()),
  requirements: array(string()),
  benefits: array(string()),
  /** The job's own application page; present only when it takes applications by link (`apply.method`). */
  applicationUrl: optional(string()),
  /**
   * How the job takes applications (docs/product.md#applying): by its link, by the board's form, or
   * not on the board (its own words then say how). Absent from an API older than contract 1.4.
   */
  apply: optional(JobApply),
  category: array(string()),
  featured: boolean(),
  saved: boolean(),
  active: boolean(),
  via: string(),
  /** ISO instant after which the listing stops being public; absent when it never expires. */
  expiresAt: optional(string()),
  /** True when the listing has ended or its application deadline (a date) has passed: its page stays, applications are closed. */
  expired: boolean(),
  /**
   * True when the board found its application link dead twice in a row (issue 45,
   * docs/product.md#dead-application-links): its page says the posting may have closed. Absent
   * otherwise, and for a job that takes no applications by link.
   */
  applyLinkFlagged: optional(boolean()),
});
export type Job = Infer<typeof Job>;

/** The three lists of sentences a job carries (docs/product.md#entities), in the order the modal shows them. */
export const JOB_LISTS = ['responsibilities', 'requirements', 'benefits'] as const;
export type JobListName = (typeof JOB_LISTS)[number];

export const JobList = array(Job);
export type JobList = Infer<typeof JobList>;

/**
 * What the recent job list shows of a job ('title : company (loc / loc)', under its categories'
 * headings, newest first) and nothing else: the list holds up to 500 jobs, and the page carries
 * them all, so a line is about a tenth of the bytes of the whole job. Every field is the job's own,
 * named and shaped as in Job, so a Job is a RecentJobLine too.
 */
export const RecentJobLine = object({
  id: string(),
  title: string(),
  company: object({ name: string() }),
  location: string(),
  locations: array(string()),
  category: array(string()),
  applicationUrl: optional(string()),
  postedDate: string(),
});
export type RecentJobLine = Infer<typeof RecentJobLine>;
export const RecentJobLines = array(RecentJobLine);

/** The job's line of the recent list: its own fields, the rest left out. */
export function recentJobLine(job: Job): RecentJobLine {
  return {
    id: job.id,
    title: job.title,
    company: { name: job.company.name },
    location: job.location,
    locations: job.locations,
    category: job.category,
    ...(job.applicationUrl === undefined ? {} : { applicationUrl: job.applicationUrl }),
    postedDate: job.postedDate,
  };
}

/**
 * The largest value of a PostgreSQL `integer` (int4) column: every id, and every count or amount
 * stored in one. The contract bounds each such value by it (or by less), so no input reaches the
 * database that PostgreSQL would refuse with an error.
 */
export const MAX_INT4 = 2_147_483_647;

/**
 * How a record id (job, submission, promo code) looks in a URL: a whole number from 1 to
 * MAX_INT4, written without leading zeros or sign. Anything else names no record (404).
 */
export const RECORD_ID_PATTERN =
  /^(?:[1-9]\d{0,8}|1\d{9}|20\d{8}|21[0-3]\d{7}|214[0-6]\d{6}|2147[0-3]\d{5}|21474[0-7]\d{4}|214748[0-2]\d{3}|2147483[0-5]\d{2}|21474836[0-3]\d|214748364[0-7])$/;

/** How a job id looks in a URL (a record id). */
export const JOB_ID_PATTERN = RECORD_ID_PATTERN;

/** A record id from a URL or a query, as a number; null when it cannot name a record. */
export function parseRecordId(text: unknown): number | null {
  return typeof text === 'string' && RECORD_ID_PATTERN.test(text) ? Number(text) : null;
}

/** The record id struct: a URL's id text (or a number) coerced to a number from 1 to MAX_INT4. */
export const RecordId = coerce(
  described<number>(
    'recordId',
    { type: 'integer', minimum: 1, maximum: MAX_INT4 },
    (value) =>
      (Number.isInteger(value) && (value as number) >= 1 && (value as number) <= MAX_INT4) ||
      'Not a record id',
  ),
  string(),
  (text) => parseRecordId(text) ?? text,
);
