import {
  array,
  boolean,
  integer,
  nullable,
  object,
  optional,
  string,
  type Infer,
} from 'superstruct';

export const Company = object({
  name: string(),
  logo: optional(string()),
  description: string(),
  websiteUrl: string(),
});
export type Company = Infer<typeof Company>;

/**
 * A job as the public board reads it (SPEC.md 3). `location` is the job's locations joined with
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
  remote: boolean(),
  experienceLevel: string(),
  description: string(),
  postedDate: string(),
  salary: optional(string()),
  salaryMin: nullable(integer()),
  salaryMax: nullable(integer()),
  deadline: optional(string()),
  responsibilities: array(string()),
  requirements: array(string()),
  benefits: array(string()),
  applicationUrl: optional(string()),
  category: array(string()),
  featured: boolean(),
  saved: boolean(),
  active: boolean(),
  via: string(),
  /** ISO instant after which the listing stops being public; absent when it never expires. */
  expiresAt: optional(string()),
  /** True when the listing has expired: its page stays, applications are closed. */
  expired: boolean(),
});
export type Job = Infer<typeof Job>;

export const JobList = array(Job);
export type JobList = Infer<typeof JobList>;

/** How a job id looks in a URL: our own integer key. */
export const JOB_ID_PATTERN = /^[1-9][0-9]{0,15}$/;
