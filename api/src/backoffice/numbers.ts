import { REVENUE_MONTHS, type AdminStats } from '@jobboard/contract/admin';
import { JOB_STATS_DAYS } from '@jobboard/contract/jobs';
import { statsOf } from '../job-stats';
import type { BackofficeContext } from './backoffice';

/** 'YYYY-MM' of a moment, in UTC. */
const monthOf = (date: Date) => date.toISOString().slice(0, 7);

/**
 * The dashboard's numbers: live and expiring jobs, submissions waiting for review, payments this
 * month and revenue by month (UTC calendar months; Multiples credits are not revenue), when the
 * jobs were last synced from the external source (null before the first sync), the confirmed
 * job alerts (the ones that send), the applications held and sent this month, and the whole
 * board's views and apply clicks of the last JOB_STATS_DAYS days by channel (issue 44).
 */
export async function dashboardNumbers(
  context: Pick<
    BackofficeContext,
    | 'jobs'
    | 'submissions'
    | 'payments'
    | 'alerts'
    | 'applications'
    | 'sync'
    | 'jobStats'
    | 'db'
    | 'now'
  >,
): Promise<AdminStats> {
  const { now } = context;
  const firstMonth = new Date(
    Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (REVENUE_MONTHS - 1), 1),
  );
  const months = Array.from({ length: REVENUE_MONTHS }, (_, i) =>
    monthOf(new Date(Date.UTC(firstMonth.getUTCFullYear(), firstMonth.getUTCMonth() + i, 1))),
  );
  const cents = new Map(months.map((m) => [m, 0]));
  const thisMonth = monthOf(now);
  let paidThisMonth = 0;
  for (const payment of await context.payments.paidSince(context.db, firstMonth)) {
    const month = monthOf(new Date(payment.paid_at));
    if (!cents.has(month)) continue;
    cents.set(month, cents.get(month)! + payment.amount_cents);
    if (month === thisMonth) paidThisMonth += 1;
  }
  const { live, expiringSoon, flaggedLinks } = await context.jobs.lifecycleCounts(now);
  return {
    live,
    expiringSoon,
    flaggedLinks,
    pendingReview: await context.submissions.countPending(context.db),
    paidThisMonth,
    revenueByMonth: months.map((month) => ({ month, cents: cents.get(month)! })),
    lastSync: await context.sync.lastFinishedAt(),
    confirmedAlerts: await context.alerts.countConfirmed(),
    ...(await context.applications.numbers(now)),
    boardStats: statsOf(await context.jobStats.boardDaily(JOB_STATS_DAYS, now)),
  };
}
