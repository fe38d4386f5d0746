import { array, integer, min, object, optional, pattern, string, type Infer } from 'superstruct';

/**
 * The numbers that show a listing worked (docs/product.md#numbers): per job and UTC day, the
 * visitors who viewed it (its modal or its page) and who followed its Apply button, each counted
 * once a day, without cookies or stored addresses.
 */
export const JOB_STATS_DAYS = 30;

/** Where the Apply button of job `id` goes: counted there, then redirected (303) to the job's own address. */
export const jobApplyPath = (id: number | string): string => `/jobs/${id}/apply`;

/** One day of a job's numbers. */
export const JobStatsDay = object({
  /** The UTC date, 'YYYY-MM-DD'. */
  day: pattern(string(), /^\d{4}-\d{2}-\d{2}$/),
  views: min(integer(), 0),
  applyClicks: min(integer(), 0),
  /**
   * Applications sent on the board that day (issue 42): present for a job that takes them there
   * or has some, absent for the others (and from an API before them).
   */
  applications: optional(min(integer(), 0)),
});
export type JobStatsDay = Infer<typeof JobStatsDay>;

/** `GET /api/admin/jobs/:id/stats`: the last JOB_STATS_DAYS days, oldest first, zeros filled. */
export const JobStats = object({
  days: array(JobStatsDay),
  totalViews: min(integer(), 0),
  totalApplyClicks: min(integer(), 0),
  /** The days' applications, when the days have them. */
  totalApplications: optional(min(integer(), 0)),
});
export type JobStats = Infer<typeof JobStats>;

/** What the chart and its table say (mfe-admin's job page, the employer's page). */
export const JOB_STATS_TEXT = {
  heading: 'Views and apply clicks',
  caption: (days: number) => `Views and apply clicks, last ${days} days (UTC)`,
  day: 'Day',
  views: 'Views',
  applyClicks: 'Apply clicks',
  applications: 'Applications',
  /** The caption of a table with the applications column. */
  captionWithApplications: (days: number) =>
    `Views, apply clicks and applications, last ${days} days (UTC)`,
  total: 'Total',
  chartLabel: (views: number, applyClicks: number, days: number) =>
    `Chart: ${views} views and ${applyClicks} apply clicks in the last ${days} days; the table below has each day.`,
  chartLabelWithApplications: (
    views: number,
    applyClicks: number,
    applications: number,
    days: number,
  ) =>
    `Chart: ${views} views, ${applyClicks} apply clicks and ${applications} applications in the last ${days} days; the table below has each day.`,
  explainer:
    'Each visitor is counted once a day per job, without cookies; known bots are not counted.',
} as const;
