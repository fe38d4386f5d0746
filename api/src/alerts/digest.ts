import { ALERT_LIMITS } from '@jobboard/contract/alerts';
import { filterFromQueryString } from '@jobboard/contract/jobs';
import type { FastifyBaseLogger } from 'fastify';
import type { Knex } from 'knex';
import type { PublicReads } from '../jobs';
import { alertDigestEmail, type Outbox } from '../mail';
import type { AlertRow, AlertsRepository } from './alerts-repository';
import { alertDescription, digestPeriodMs, issueAlertLink, searchUrl } from './alerts-service';
import { alertUrls } from './alert-tokens';

/** A digest being composed holds its alert this long; a run that died meanwhile loses it. */
export const DIGEST_LEASE_MS = 5 * 60_000;
const BATCH = 100;

/**
 * When a failed digest is tried again: 5 minutes after its first failure, doubling with each
 * failure in a row, never later than one period of the alert (a daily alert is retried at least
 * daily), so a failing alert costs a run little and is never given up.
 */
export function digestRetryDelayMs(failures: number, periodMs: number): number {
  return Math.min(5 * 60_000 * 2 ** Math.min(Math.max(0, failures - 1), 20), periodMs);
}

export interface DigestReport {
  /** Alerts whose digest this run handled (sent, or found nothing new). */
  checked: number;
  /** Digests queued (alerts with new matching jobs). */
  sent: number;
  /** Alerts another run had taken. */
  skipped: number;
  /** Alerts whose digest failed (put off with a backoff; the run went on with the others). */
  failed: number;
}

export interface DigestDeps {
  db: Knex;
  alerts: AlertsRepository;
  jobs: Pick<PublicReads, 'latestId' | 'findNew' | 'searchLabels'>;
  outbox: Pick<Outbox, 'enqueue'>;
  now: () => Date;
  publicUrl: string;
  boardName: string;
  log: FastifyBaseLogger;
}

/**
 * Sends the job alerts' digests: to each confirmed alert that is due (every confirmed alert with
 * `force`), the public jobs matching its search that were created since its last digest, at most
 * ALERT_LIMITS.digestJobs of them with a link to the whole search; nothing when there are none.
 * Each alert is taken with a lease (a conditional update of its row) before its digest is
 * composed, and its e-mail is queued in the transaction that moves its cursor, so runs in several
 * processes at once send each digest once. Each alert is sent or failed on its own: one whose
 * digest throws is logged, counted in `failed` and put off (digestRetryDelayMs), and the run goes
 * on with the next.
 */
export async function sendDigests(
  deps: DigestDeps,
  options: { force?: boolean } = {},
): Promise<DigestReport> {
  const report: DigestReport = { checked: 0, sent: 0, skipped: 0, failed: 0 };
  const now = deps.now();
  const known = await deps.jobs.searchLabels(now);
  let afterId = 0;
  for (;;) {
    const due = await deps.alerts.dueForDigest(deps.db, now, {
      all: options.force ?? false,
      afterId,
      limit: BATCH,
    });
    for (const row of due) {
      afterId = row.id;
      const outcome = await digestOne(deps, row, now, known);
      if (outcome === 'taken') report.skipped += 1;
      else if (outcome === 'failed') report.failed += 1;
      else report.checked += 1;
      if (outcome === 'sent') report.sent += 1;
    }
    if (due.length < BATCH) return report;
  }
}

async function digestOne(
  deps: DigestDeps,
  row: AlertRow,
  now: Date,
  known: Awaited<ReturnType<DigestDeps['jobs']['searchLabels']>>,
): Promise<'sent' | 'nothing' | 'taken' | 'failed'> {
  const { db, alerts, jobs } = deps;
  const leaseUntil = now.getTime() + DIGEST_LEASE_MS;
  if (!(await alerts.claimForDigest(db, row, now, leaseUntil))) return 'taken';
  try {
    // Jobs created while this digest is composed are the next digest's.
    const upToId = await jobs.latestId();
    const filter = filterFromQueryString(row.search);
    const found = await jobs.findNew(
      filter,
      { afterId: row.last_job_id, upToId },
      now,
      ALERT_LIMITS.digestJobs,
    );
    return await db.transaction(async (trx) => {
      const recorded = await alerts.completeDigest(trx, row.id, leaseUntil, {
        last_job_id: Math.max(upToId, row.last_job_id),
        last_digest_at: now.getTime(),
        next_digest_at: now.getTime() + digestPeriodMs(row.frequency),
      });
      // Unsubscribed (or the lease lost) meanwhile: send nothing.
      if (!recorded) return 'taken' as const;
      if (!found.jobs.length) return 'nothing' as const;
      const urls = alertUrls(deps.publicUrl);
      // Links of its own: only their hash is kept, so no digest can carry an earlier one's.
      const linkToken = await issueAlertLink(trx, alerts, row.id, now);
      await deps.outbox.enqueue(
        trx,
        alertDigestEmail({
          to: row.email,
          description: alertDescription(row.search, known),
          frequency: row.frequency,
          jobs: found.jobs,
          total: found.total,
          totalExact: found.totalExact,
          searchUrl: searchUrl(deps.publicUrl, row.search),
          jobUrl: (id) => `${deps.publicUrl}/jobs/${id}`,
          unsubscribeUrl: urls.unsubscribe(linkToken),
          manageUrl: urls.manage(linkToken),
          boardName: deps.boardName,
        }),
        now,
      );
      return 'sent' as const;
    });
  } catch (error) {
    const failures = row.digest_failures + 1;
    const retryAt = now.getTime() + digestRetryDelayMs(failures, digestPeriodMs(row.frequency));
    deps.log.error(
      { err: error, alertId: row.id, failures, retryAt: new Date(retryAt).toISOString() },
      'alert digest failed: retried later',
    );
    // Should this write fail too (the database gone), the lease runs out and a later run retries.
    await alerts.failDigest(db, row.id, leaseUntil, retryAt).catch((failure: unknown) => {
      deps.log.error({ err: failure, alertId: row.id }, 'alert digest failure not recorded');
    });
    return 'failed';
  }
}
