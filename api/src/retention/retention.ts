import { randomUUID } from 'node:crypto';
import { DAY_MS } from '@jobboard/contract/common';
import type { FastifyBaseLogger } from 'fastify';
import type { Knex } from 'knex';
import type { AlertsService } from '../alerts';
import type { ApplicationsUpkeep } from '../applications';
import type { Config } from '../platform/config';
import { archiveEnded } from '../jobs';
import type { Outbox } from '../mail';
import type { SubmissionsService } from '../submissions';
import type { Lease } from '../platform/db/lease';

const HOUR_MS = 60 * 60_000;

/**
 * A logo uploaded with the submission form (POST /api/logos) that no submission names and no
 * company shows after this long was left behind (a form not sent, a logo replaced): deleted.
 */
export const UNUSED_LOGO_UPLOAD_DAYS = 1;

/** Rows one statement touches at most: a run never holds a long lock over a big table. */
export const RETENTION_BATCH = 500;

/**
 * How long a run holds the lease without renewing it (renewed after every batch): a process that
 * dies mid-run frees it after this.
 */
export const RETENTION_LEASE_MS = 5 * 60_000;

/** What one run removed. */
export interface RetentionReport {
  /** False when another process held the lease: this run did nothing. */
  ran: boolean;
  /** Job alerts never confirmed, deleted after RETAIN_UNCONFIRMED_ALERTS_HOURS. */
  unconfirmedAlerts: number;
  /** Job alerts unsubscribed (kept until then: docs/product.md#privacy), deleted. */
  unsubscribedAlerts: number;
  /** Alert links past ALERT_LINK_DAYS and data links past their hour, deleted. */
  expiredAlertLinks: number;
  /** Address locks of addresses with no alert left, deleted. */
  alertLocks: number;
  /** Sent e-mails whose body was emptied after RETAIN_SENT_EMAIL_BODIES_DAYS (rows kept). */
  emailBodies: number;
  /**
   * Sent (or given-up) e-mails whose recipient, headers and body were blanked after
   * RETAIN_SENT_EMAIL_RECIPIENTS_DAYS (rows kept, with template, subject, state and times).
   */
  emailRecipients: number;
  /** Rejected submissions whose contact details were blanked after RETAIN_REJECTED_CONTACT_DAYS. */
  rejectedContacts: number;
  /**
   * Junk submissions (rejected, or approved and never paid with every pay link ended) that let go
   * of their uploaded logo after RETAIN_REJECTED_CONTACT_DAYS; the next step deletes the upload.
   */
  junkLogos: number;
  /** Logos uploaded with the submission form more than a day ago that nothing names, deleted. */
  unusedLogoUploads: number;
  /** Renewal links past RENEWAL_LINK_TTL_DAYS (they stopped working then), deleted. */
  expiredRenewalLinks: number;
  /**
   * Jobs past their end moved to the archive (jobs/repositories/archive.ts): out of the public
   * indexes.
   */
  archivedJobs: number;
  /**
   * Applications, with their résumés, whose listing ended more than APPLICATION_RETENTION_DAYS
   * ago, deleted.
   */
  expiredApplications: number;
}

export interface RetentionDeps {
  db: Knex;
  /** retention-repository.ts's RETENTION_LEASE. */
  lease: Lease;
  alerts: Pick<
    AlertsService,
    | 'deleteUnconfirmedBefore'
    | 'deleteUnsubscribedBefore'
    | 'deleteExpiredLinks'
    | 'deleteIdleLocks'
  >;
  outbox: Pick<Outbox, 'emptySentBodiesBefore' | 'forgetRecipientsBefore'>;
  submissions: Pick<SubmissionsService, 'blankRejectedContactsBefore' | 'forgetJunkLogosBefore'>;
  logos: { deleteUnusedUploadsBefore(before: number, limit: number): Promise<number> };
  renewals: { deleteExpiredLinks(limit: number): Promise<number> };
  applications: Pick<ApplicationsUpkeep, 'deleteOfListingsEndedBefore'>;
  periods: Config['retention'];
  now: () => Date;
  log: FastifyBaseLogger;
}

const nothing = (ran: boolean): RetentionReport => ({
  ran,
  unconfirmedAlerts: 0,
  unsubscribedAlerts: 0,
  expiredAlertLinks: 0,
  alertLocks: 0,
  emailBodies: 0,
  emailRecipients: 0,
  rejectedContacts: 0,
  junkLogos: 0,
  unusedLogoUploads: 0,
  expiredRenewalLinks: 0,
  archivedJobs: 0,
  expiredApplications: 0,
});

/**
 * The counts of a report (what each step removed), by name in snake case
 * (`expired_applications`): the metrics' labels.
 */
export function retentionCounts(report: RetentionReport = nothing(true)): [string, number][] {
  return Object.entries(report)
    .filter((entry): entry is [string, number] => typeof entry[1] === 'number')
    .map(([name, n]) => [name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`), n]);
}

/**
 * Removes what is kept past its period (docs/product.md#privacy): job alerts never confirmed
 * (RETAIN_UNCONFIRMED_ALERTS_HOURS after they were asked for) and those unsubscribed (at the
 * first run after), alert links past ALERT_LINK_DAYS and data links past their hour, then the
 * address locks of addresses left with no alert, the bodies of e-mails sent more than
 * RETAIN_SENT_EMAIL_BODIES_DAYS ago and the recipients and headers of those sent (or given up)
 * more than RETAIN_SENT_EMAIL_RECIPIENTS_DAYS ago, the contact details of submissions rejected
 * more than RETAIN_REJECTED_CONTACT_DAYS ago and the logos of junk submissions (rejected, or
 * approved and unpaid with every pay link ended, that long ago), logos uploaded with the
 * submission form more than a day ago that nothing names (those junk logos among them), and renewal
 * links past their RENEWAL_LINK_TTL_DAYS (each call of "Renew listing" makes one); it archives
 * the jobs past their end (jobs/repositories/archive.ts: not a deletion, the public indexes leave
 * them out); and it deletes the applications, with their résumés, whose listing ended more than
 * APPLICATION_RETENTION_DAYS ago (applications/upkeep/applications-upkeep.ts).
 * One run at a time in any number of processes (the lease in `retention_lease`; a run that finds
 * it taken does nothing), each step in batches of RETENTION_BATCH, the lease renewed between
 * batches (a run that lost it stops). Periods are counted on the app's clock, read once.
 */
export async function runRetention(deps: RetentionDeps): Promise<RetentionReport> {
  const { db, lease, periods } = deps;
  const now = deps.now();
  const holder = randomUUID();
  if (!(await lease.tryAcquire(db, holder, now.getTime(), RETENTION_LEASE_MS))) {
    deps.log.info('retention run skipped: another process is running it');
    return nothing(false);
  }
  let kept = true;
  const keep = async () => {
    kept = kept && (await lease.renew(db, holder, deps.now().getTime(), RETENTION_LEASE_MS));
    return kept;
  };
  const report = nothing(true);
  let finished = false;
  try {
    const alertsBefore = new Date(now.getTime() - periods.unconfirmedAlertsHours * HOUR_MS);
    report.unconfirmedAlerts = await deps.alerts.deleteUnconfirmedBefore(
      alertsBefore,
      RETENTION_BATCH,
      keep,
    );
    if (kept) {
      report.unsubscribedAlerts = await deps.alerts.deleteUnsubscribedBefore(
        now,
        RETENTION_BATCH,
        keep,
      );
    }
    if (kept) {
      report.expiredAlertLinks = await deps.alerts.deleteExpiredLinks(now, RETENTION_BATCH, keep);
    }
    if (kept) {
      report.alertLocks = await deps.alerts.deleteIdleLocks(alertsBefore, RETENTION_BATCH, keep);
    }
    const bodiesBefore = now.getTime() - periods.sentEmailBodiesDays * DAY_MS;
    while (kept) {
      const n = await deps.outbox.emptySentBodiesBefore(bodiesBefore, RETENTION_BATCH);
      report.emailBodies += n;
      if (n < RETENTION_BATCH || !(await keep())) break;
    }
    const recipientsBefore = now.getTime() - periods.sentEmailRecipientsDays * DAY_MS;
    while (kept) {
      const n = await deps.outbox.forgetRecipientsBefore(recipientsBefore, RETENTION_BATCH);
      report.emailRecipients += n;
      if (n < RETENTION_BATCH || !(await keep())) break;
    }
    const junkBefore = new Date(now.getTime() - periods.rejectedContactDays * DAY_MS);
    if (kept) {
      report.rejectedContacts = await deps.submissions.blankRejectedContactsBefore(
        junkBefore,
        RETENTION_BATCH,
        now,
        keep,
      );
    }
    if (kept) {
      report.junkLogos = await deps.submissions.forgetJunkLogosBefore(
        junkBefore,
        RETENTION_BATCH,
        now,
        keep,
      );
    }
    const uploadsBefore = now.getTime() - UNUSED_LOGO_UPLOAD_DAYS * DAY_MS;
    while (kept) {
      const n = await deps.logos.deleteUnusedUploadsBefore(uploadsBefore, RETENTION_BATCH);
      report.unusedLogoUploads += n;
      if (n < RETENTION_BATCH || !(await keep())) break;
    }
    while (kept) {
      const n = await deps.renewals.deleteExpiredLinks(RETENTION_BATCH);
      report.expiredRenewalLinks += n;
      if (n < RETENTION_BATCH || !(await keep())) break;
    }
    while (kept) {
      const n = await archiveEnded(db, now, RETENTION_BATCH);
      report.archivedJobs += n;
      if (n < RETENTION_BATCH || !(await keep())) break;
    }
    if (kept) {
      report.expiredApplications = await deps.applications.deleteOfListingsEndedBefore(
        new Date(now.getTime() - periods.applicationDays * DAY_MS),
        RETENTION_BATCH,
        keep,
      );
    }
    finished = kept;
    if (!kept) deps.log.warn(report, 'retention run stopped: its lease was lost');
    else deps.log.info(report, 'retention run: data past its period removed');
    return report;
  } finally {
    await lease.release(db, holder, finished ? now.getTime() : null);
  }
}
