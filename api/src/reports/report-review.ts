import {
  REPORT_MESSAGES,
  REPORT_REASON_VALUES,
  type AdminReportQueue,
  type AdminReportedListing,
  type ReportedListingState,
} from '@jobboard/contract/jobs';
import type { Knex } from 'knex';
import type { AuditActor, ListingState } from '../jobs';
import { reportOutcomeEmail, type Outbox } from '../mail';
import { Conflict, NotFound } from '../platform/domain-errors';
import { hiddenByAdmin, restoredLine } from './report-lines';
import type { ListingHold, ReportRow } from './reports-repository';
import type { ReportsDeps } from './reports-service';

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * The admin's side of the reports (issue 45, docs/product.md#admin-reports): the queue, and the
 * three decisions on a listing, each in one transaction with its history line and the e-mails.
 * Dismiss keeps the listing (one its reports hid goes back on the board); hide takes it off the
 * board (switched off, never deleted); restore puts a listing its reports hid back. Each report
 * decided is e-mailed to its reporter, when they left an address, once: 'we took it down' or 'we
 * reviewed it and kept it'; their address and client key are then forgotten.
 */
export class ReportReview {
  constructor(
    private readonly c: ReportsDeps & {
      outbox: Pick<Outbox, 'enqueue'>;
      site: { publicUrl: string; boardName: string };
    },
  ) {}

  /** The listings with open reports, most first, then those hidden after reports, newest first. */
  async queue(now: Date): Promise<AdminReportQueue> {
    const { reportThreshold } = await this.c.settings.all();
    const { open, hidden } = await this.c.reports.queue(this.c.db);
    const byJob = new Map<number, ReportRow[]>();
    for (const report of open)
      byJob.set(report.job_id, [...(byJob.get(report.job_id) ?? []), report]);
    const holds = new Map(hidden.map((hold) => [hold.jobId, hold]));
    const ids = [...new Set([...byJob.keys(), ...holds.keys()])];
    const states = await this.c.listings.states(ids, now);
    const listings = ids.flatMap((id) => {
      const state = states.get(id);
      return state ? [listingOf(id, state, byJob.get(id) ?? [], holds.get(id))] : [];
    });
    // Open reports first, most first, then the longest waiting; then the hidden, newest first.
    const oldest = (l: AdminReportedListing) => l.reports.at(-1)?.createdAt ?? '';
    listings.sort(
      (a, b) =>
        b.openReports - a.openReports ||
        oldest(a).localeCompare(oldest(b)) ||
        (b.hiddenAt ?? '').localeCompare(a.hiddenAt ?? ''),
    );
    return { threshold: reportThreshold, listings };
  }

  /** Keep the listing: its open reports are dismissed; one its reports hid goes back on. */
  dismiss(jobId: number, by: AuditActor, now: Date): Promise<string> {
    return this.decide(jobId, now, async (trx, hold, open) => {
      if (!open.length) throw new Conflict(REPORT_MESSAGES.nothingOpen);
      if (hold.hiddenAt !== null) await this.putBack(trx, hold, open, by, now);
      return REPORT_MESSAGES.dismissed(await this.close(trx, open, 'kept', by, now));
    });
  }

  /** Take the listing off the board after its reports (it may be off already: then it stays). */
  hide(jobId: number, by: AuditActor, now: Date): Promise<string> {
    return this.decide(jobId, now, async (trx, hold, open) => {
      if (!open.length) throw new Conflict(REPORT_MESSAGES.nothingOpen);
      const switched = await this.c.jobs.switchListing(
        trx,
        jobId,
        false,
        hiddenByAdmin(open),
        by,
        now,
      );
      if (hold.hiddenAt === null) {
        await this.c.reports.setHold(
          trx,
          jobId,
          { hiddenAt: now.getTime(), hiddenBy: by.actor, switchedOff: switched },
          now,
        );
      }
      return REPORT_MESSAGES.hidden(await this.close(trx, open, 'taken_down', by, now));
    });
  }

  /** Put a listing its reports hid back on the board; its open reports are dismissed. */
  restore(jobId: number, by: AuditActor, now: Date): Promise<string> {
    return this.decide(jobId, now, async (trx, hold, open) => {
      if (hold.hiddenAt === null) throw new Conflict(REPORT_MESSAGES.notHidden);
      await this.putBack(trx, hold, open, by, now);
      return REPORT_MESSAGES.restored(await this.close(trx, open, 'kept', by, now));
    });
  }

  /** One decision on a listing, in one transaction, its reports held still (the listing's row). */
  private decide(
    jobId: number,
    now: Date,
    work: (trx: Knex.Transaction, hold: ListingHold, open: ReportRow[]) => Promise<string>,
  ): Promise<string> {
    return this.c.db.transaction(async (trx) => {
      const hold = await this.c.reports.lock(trx, jobId, now);
      if (!hold) throw new NotFound(REPORT_MESSAGES.notFound);
      return work(trx, hold, await this.c.reports.openOf(trx, jobId));
    });
  }

  /**
   * On the board again, when its hiding switched it off (a listing that was off for another
   * reason stays off), with its history line; no longer hidden.
   */
  private async putBack(
    trx: Knex.Transaction,
    hold: ListingHold,
    open: ReportRow[],
    by: AuditActor,
    now: Date,
  ): Promise<void> {
    if (hold.switchedOff) {
      await this.c.jobs.switchListing(trx, hold.jobId, true, restoredLine(open), by, now);
    }
    await this.c.reports.setHold(trx, hold.jobId, null, now);
  }

  /**
   * Decide these reports, and queue one e-mail for each that left an address (before the
   * address is forgotten); how many were queued.
   */
  private async close(
    trx: Knex.Transaction,
    reports: ReportRow[],
    outcome: 'kept' | 'taken_down',
    by: AuditActor,
    now: Date,
  ): Promise<number> {
    const withAddress = reports.filter((report) => report.email);
    if (withAddress.length) {
      const jobId = withAddress[0]!.job_id;
      const listing = (await this.c.listings.states([jobId], now, trx)).get(jobId);
      for (const report of withAddress) {
        const email = reportOutcomeEmail({
          to: report.email!,
          outcome,
          title: listing?.title ?? '',
          organization: listing?.organization ?? '',
          reportedAt: new Date(report.created_at),
          jobUrl: `${this.c.site.publicUrl}/jobs/${jobId}`,
          boardName: this.c.site.boardName,
        });
        await this.c.outbox.enqueue(trx, email, now);
      }
    }
    await this.c.reports.decide(
      trx,
      reports.map((report) => report.id),
      outcome,
      by.actor,
      now,
    );
    return withAddress.length;
  }
}

/** A listing as the queue shows it: where it stands, its open reports and their reasons. */
function listingOf(
  jobId: number,
  state: ListingState,
  open: ReportRow[],
  hold: ListingHold | undefined,
): AdminReportedListing {
  const hidden = hold?.hiddenAt ?? null;
  const where: ReportedListingState = state.live ? 'live' : hidden !== null ? 'hidden' : 'off';
  const counts = new Map<string, number>();
  for (const report of open) counts.set(report.reason, (counts.get(report.reason) ?? 0) + 1);
  return {
    jobId: String(jobId),
    title: state.title,
    organization: state.organization,
    state: where,
    hiddenAt: hidden === null ? null : iso(hidden),
    hiddenBy: hidden === null ? null : (hold?.hiddenBy ?? null),
    openReports: open.length,
    reasons: REPORT_REASON_VALUES.flatMap((reason) => {
      const count = counts.get(reason);
      return count ? [{ reason, count }] : [];
    }),
    // Newest first (the repository reads them so).
    reports: open.map((report) => ({
      id: String(report.id),
      reason: report.reason,
      note: report.note,
      email: report.email,
      createdAt: iso(report.created_at),
    })),
  };
}
