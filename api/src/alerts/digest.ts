import { ALERT_LIMITS, describeSearch } from '@jobboard/contract/alerts';
import { filterFromQueryString } from '@jobboard/contract/jobs';
import type { FastifyBaseLogger } from 'fastify';
import type { Knex } from 'knex';
import type { PublicReads } from '../jobs/public-reads';
import { alertDigestEmail } from '../mail/alert-emails';
import type { Outbox } from '../mail/outbox';
import type { AlertRow, AlertsRepository } from './alerts-repository';
import { digestPeriodMs, searchUrl } from './alerts-service';
import { alertUrls } from './alert-tokens';

/** A digest being composed holds its alert this long; a run that died meanwhile loses it. */
export const DIGEST_LEASE_MS = 5 * 60_000;
const BATCH = 100;

export interface DigestReport {
  /** Alerts whose digest this run handled (sent, or found nothing new). */
  checked: number;
  /** Digests queued (alerts with new matching jobs). */
  sent: number;
  /** Alerts another run had taken. */
  skipped: number;
}

export interface DigestDeps {
  db: Knex;
  alerts: AlertsRepository;
  jobs: Pick<PublicReads, 'latestId' | 'findNew'>;
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
 * processes at once send each digest once.
 */
export async function sendDigests(
  deps: DigestDeps,
  options: { force?: boolean } = {},
): Promise<DigestReport> {
  const report: DigestReport = { checked: 0, sent: 0, skipped: 0 };
  const now = deps.now();
  let afterId = 0;
  for (;;) {
    const due = await deps.alerts.dueForDigest(deps.db, now, {
      all: options.force ?? false,
      afterId,
      limit: BATCH,
    });
    for (const row of due) {
      afterId = row.id;
      const outcome = await digestOne(deps, row, now);
      if (outcome === 'taken') report.skipped += 1;
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
): Promise<'sent' | 'nothing' | 'taken'> {
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
      await deps.outbox.enqueue(
        trx,
        alertDigestEmail({
          to: row.email,
          description: describeSearch(filter),
          frequency: row.frequency,
          jobs: found.jobs,
          total: found.total,
          totalExact: found.totalExact,
          searchUrl: searchUrl(deps.publicUrl, row.search),
          jobUrl: (id) => `${deps.publicUrl}/jobs/${id}`,
          unsubscribeUrl: urls.unsubscribe(row.manage_token),
          manageUrl: urls.manage(row.manage_token),
          boardName: deps.boardName,
        }),
        now,
      );
      return 'sent' as const;
    });
  } catch (error) {
    await alerts.releaseDigest(db, row.id, leaseUntil).catch(() => undefined);
    deps.log.error({ err: error, alertId: row.id }, 'alert digest failed');
    throw error;
  }
}
