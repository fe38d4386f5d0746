import type { JobStats } from '@jobboard/contract/jobs';

/** A job's applications: all of them, and how many came each UTC day ('YYYY-MM-DD'). */
export interface JobApplications {
  total: number;
  byDay: ReadonlyMap<string, number>;
}

/**
 * Whether a job has an applicant inbox: it takes applications on the board (its form, or relayed
 * e-mail, which the inbox keeps too), or it has some (a job that has ended, or changed its way of
 * applying, keeps those it took). The employer's listing links to it; the numbers show its days.
 */
export function hasInbox(
  job: { apply?: { method: string } } | null | undefined,
  applications: JobApplications | undefined,
): boolean {
  return job?.apply?.method === 'board' || (applications?.total ?? 0) > 0;
}

/**
 * A job's numbers with its applications beside the views and apply clicks, each day (0 on a day
 * with none) and their total over the same days: what the employer's listing and the admin's job
 * page show of a job with an inbox.
 */
export function withApplications(stats: JobStats, applications: JobApplications): JobStats {
  const days = stats.days.map((day) => ({
    ...day,
    applications: applications.byDay.get(day.day) ?? 0,
  }));
  return {
    ...stats,
    days,
    totalApplications: days.reduce((sum, day) => sum + day.applications, 0),
  };
}
