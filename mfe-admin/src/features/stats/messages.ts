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
  failed: 'The numbers could not be loaded.',
  loading: 'Loading the numbers...',
} as const;
