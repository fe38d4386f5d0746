import { JOB_STATS_DAYS } from '@jobboard/contract/jobs';

/** Texts of the dashboard's numbers panel. */
export const STATS_TEXT = {
  heading: 'At a glance',
  live: 'Live jobs',
  expiringSoon: 'Ending within 7 days',
  pendingReview: 'Waiting for review',
  paidThisMonth: 'Paid this month',
  lastSync: 'Last sync',
  confirmedAlerts: 'Confirmed job alerts',
  /** Applications the board holds (until withdrawn, deleted or past their retention). */
  applications: 'Applications held',
  applicationsThisMonth: 'Applications this month',
  revenueHeading: 'Revenue by month',
  revenueSummary: (total: string, months: number) =>
    `Revenue by month for the last ${months} months, ${total} in all. The table below has each month.`,
  month: 'Month',
  revenue: 'Revenue',
  /** The whole board's views and apply clicks by channel (issue 44). */
  trafficHeading: 'Views and apply clicks on the board',
  trafficSummary: (views: number, applyClicks: number) =>
    `Every job's visitors in the last ${JOB_STATS_DAYS} days: ${views.toLocaleString('en-US')} views, ${applyClicks.toLocaleString('en-US')} apply clicks.`,
  failed: 'The numbers could not be loaded.',
  loading: 'Loading the numbers...',
} as const;
