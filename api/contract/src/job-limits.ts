/**
 * The longest value of each field of a job, one table for every path that writes one (issue 41,
 * R10): the public submission form, the employer's edit and proposals, the admin's form and the
 * re-sync (Airtable, a JSON feed) all check against it, so what one path takes another never
 * refuses, and nothing is ever cut to fit. Each is at most what its PostgreSQL column holds
 * (api/migrations; api/test/jobs/job-limits.test.ts stores a value at every limit in every column it
 * names). A value past its limit is refused with the field and the limit named, never truncated.
 *
 * There were three tables of these (the submission's, the admin's and the sync's) and they had
 * drifted: a title of 250 characters was refused from the public form and taken from the admin's,
 * a deadline of 50 likewise. Where they differed this table keeps the wider, which the columns
 * always held, so no path refuses a value it took before.
 */
export const JOB_LIMITS = {
  /** jobs.title, submissions.title (300) */
  title: 300,
  /** companies.name, submissions.organization (300) */
  organization: 300,
  /** jobs.description, submissions.description (text) */
  description: 20_000,
  /**
   * locations.name, categories.name (200): each location or category; a submission's location is
   * published as one location, so it is bounded the same.
   */
  label: 200,
  /** Locations, or categories, of one job (rows of job_locations, job_categories). */
  labels: 20,
  /** jobs.application_url, submissions.application_url (2000) */
  applicationUrl: 2000,
  /** companies.website_url, companies.logo_url and the submissions' copies (2000) */
  companyUrl: 2000,
  /** companies.description, submissions.company_description (text) */
  companyDescription: 20_000,
  /** jobs.job_type, submissions.job_type (40) */
  jobType: 40,
  /** jobs.experience_level, submissions.experience_level (40) */
  experienceLevel: 40,
  /** jobs.via (200) */
  via: 200,
  /**
   * jobs.deadline, submissions.deadline (60): the text as given ('Deadline: 12-31-2026',
   * 'Rolling'); a date is stored as YYYY-MM-DD, never longer than what was given.
   */
  deadline: 60,
  /**
   * jobs.remote_places, submissions.remote_places (120): the places a remote or hybrid job may be
   * done from, as typed ('MD, VA, DC'; issue 47). A short list: a longer one is a description.
   */
  remotePlaces: 120,
  /** jobs.external_id (200): an Airtable record id, or a feed job's `id`. */
  externalId: 200,
  /**
   * Entries of responsibilities, requirements or benefits each (jobs.responsibilities ... text
   * columns of JSON lists), and the length of each entry.
   */
  listItems: 50,
  listItem: 2000,
} as const;

export type JobLimit = keyof typeof JOB_LIMITS;
