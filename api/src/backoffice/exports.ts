import { type AdminJob, type AdminSubmissionsQuery } from '@jobboard/contract/admin';
import { CHANNELS, formatSalary, hasFigures, type ChannelCounts } from '@jobboard/contract/jobs';
import type { AdminJobsView } from '../jobs';
import type { BackofficeContext } from './backoffice';
import { toCsv, type CsvValue } from './csv';

/** Cents as a plain number of dollars (12345 -> 123.45), for a spreadsheet to sum. */
const usd = (cents: number): number => Math.round(cents) / 100;

/** Most submissions one export holds. */
export const MAX_SUBMISSION_EXPORT_ROWS = 50_000;

export const JOB_CSV_COLUMNS = [
  'id',
  'title',
  'organization',
  'status',
  'expired',
  'featured',
  'source',
  'categories',
  'locations',
  'job_type',
  'experience_level',
  'salary',
  'salary_min',
  'salary_max',
  'salary_period',
  'salary_currency',
  'benefits_summary',
  'held_back',
  'posted_date',
  'expires_at',
  'created_at',
  'application_url',
  // Its application link found dead by the checker (issue 45, link-checks/): yes or no.
  'application_link_flagged',
  'submission_id',
  'views',
  'apply_clicks',
  // By channel (issue 44), each over all time: they add up to views and apply_clicks, but for the
  // visitors counted before channels were (docs/product.md#numbers).
  ...CHANNELS.map((channel) => `views_${channel}` as const),
  ...CHANNELS.map((channel) => `apply_clicks_${channel}` as const),
] as const;

/** The jobs CSV of an admin view: every job of the view (all its pages), in the view's order. */
export async function jobsCsv(
  context: Pick<BackofficeContext, 'jobs' | 'jobStats' | 'now'>,
  view: AdminJobsView,
): Promise<string> {
  const jobs = await context.jobs.adminView(view, context.now);
  // Views and apply clicks over all time, by channel (job-stats/), one read for the whole export.
  const totals = await context.jobStats.totals(jobs.map((job) => Number(job.id)));
  return toCsv(
    JOB_CSV_COLUMNS,
    jobs.map((job) => jobRow(job, totals.get(Number(job.id)))),
  );
}

type JobNumbers = { views: number; applyClicks: number; channels: ChannelCounts[] };

function jobRow(job: AdminJob, stats?: JobNumbers): CsvValue[] {
  const ofChannel = (channel: string) => stats?.channels.find((c) => c.channel === channel);
  return [
    Number(job.id),
    job.title,
    job.organization,
    job.active ? 'active' : 'inactive',
    job.expired === true,
    job.featured,
    job.source,
    job.category.join('; '),
    (job.locations ?? [job.location]).join('; '),
    job.jobType,
    job.experienceLevel ?? '',
    // The pay as the board shows it, then its parts (the figures per its period: docs/product.md#pay).
    formatSalary(job) ?? '',
    job.pay?.min ?? null,
    job.pay?.max ?? null,
    job.pay && hasFigures(job.pay) ? job.pay.period : '',
    job.pay?.currency ?? '',
    job.pay?.benefits ?? '',
    job.heldBack !== undefined,
    job.postedDate,
    job.expiresAt ?? null,
    job.createdAt,
    job.applicationUrl ?? '',
    job.applyLinkFlagged === true,
    job.submissionId === null ? null : Number(job.submissionId),
    stats?.views ?? 0,
    stats?.applyClicks ?? 0,
    ...CHANNELS.map((channel) => ofChannel(channel)?.views ?? 0),
    ...CHANNELS.map((channel) => ofChannel(channel)?.applyClicks ?? 0),
  ];
}

export const SUBMISSION_CSV_COLUMNS = [
  'id',
  'submitted_at',
  'status',
  'title',
  'organization',
  'contact_name',
  'contact_email',
  'listing_type',
  'promo_code',
  'amount_usd',
  'paid_at',
  'paid_usd',
  'payments',
  'job_id',
] as const;

/**
 * The submissions CSV of an admin view, with their payments: what was paid (USD), and each
 * payment as `provider status amount [session]`, separated by '; '.
 */
export async function submissionsCsv(
  context: Pick<BackofficeContext, 'submissions' | 'payments' | 'db'>,
  view: AdminSubmissionsQuery,
): Promise<string> {
  const rows = await context.submissions.view(context.db, view, MAX_SUBMISSION_EXPORT_ROWS);
  const payments = await context.payments.ofSubmissions(
    context.db,
    rows.map((r) => Number(r.id)),
  );
  const bySubmission = new Map<number, typeof payments>();
  for (const p of payments) {
    const list = bySubmission.get(Number(p.submission_id)) ?? [];
    list.push(p);
    bySubmission.set(Number(p.submission_id), list);
  }
  const iso = (ms: unknown) => (ms == null ? null : new Date(Number(ms)).toISOString());
  return toCsv(
    SUBMISSION_CSV_COLUMNS,
    rows.map((row) => {
      const own = bySubmission.get(Number(row.id)) ?? [];
      const paid = own
        .filter((p) => p.status === 'paid')
        .reduce((sum, p) => sum + Number(p.amount_cents), 0);
      return [
        Number(row.id),
        iso(row.submitted_at),
        row.status,
        row.title,
        row.organization,
        row.contact_name,
        row.contact_email,
        row.listing_type,
        row.promo_code ?? '',
        usd(Number(row.amount_cents)),
        iso(row.paid_at),
        usd(paid),
        own
          .map((p) =>
            [p.provider, p.status, usd(Number(p.amount_cents)), p.checkout_session_id]
              .filter(Boolean)
              .join(' '),
          )
          .join('; '),
        row.job_id == null ? null : Number(row.job_id),
      ];
    }),
  );
}
