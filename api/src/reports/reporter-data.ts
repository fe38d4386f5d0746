import { emailKey } from '@jobboard/contract/common';
import type { ReportRecord } from '@jobboard/contract/jobs';
import type { Knex } from 'knex';
import type { LiveListings } from '../jobs';
import type { ReportsRepository } from './reports-repository';

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * A reporter's address in the data of that address (issue 45, docs/product.md#privacy): the
 * reports sent with it are in its data export (a data link's, a member's), and its deletion takes
 * the address and the note off them. The reports themselves stay, anonymous: their reason, status,
 * times and keyed client, so a listing's open reports, its queue and its threshold count them as
 * before (a person's data deleted is not a report withdrawn).
 *
 * An address is found as the other slices find one, by its key (contract emailKey), compared here
 * rather than in SQL (whose lower() folds ASCII capitals only on SQLite). Only reports still open
 * keep an address (a decision forgets it: report-review.ts), so what is read is bounded by the
 * queue, and no second copy of the address (an indexed key) is kept beside it.
 */
export class ReporterData {
  constructor(
    private readonly c: {
      db: Knex;
      reports: ReportsRepository;
      listings: Pick<LiveListings, 'states'>;
    },
  ) {}

  /** The reports that keep this address, newest first, as its data export holds them. */
  async recordsForEmail(email: string, now: Date): Promise<ReportRecord[]> {
    const reports = await this.c.reports.byIds(this.c.db, await this.idsOf(this.c.db, email));
    const listings = await this.c.listings.states([...new Set(reports.map((r) => r.job_id))], now);
    return reports.map((report) => ({
      jobId: String(report.job_id),
      title: listings.get(report.job_id)?.title ?? '',
      organization: listings.get(report.job_id)?.organization ?? '',
      reason: report.reason,
      note: report.note,
      status: report.status,
      createdAt: iso(report.created_at),
    }));
  }

  /**
   * The address's data deleted: its address and note taken off every report that keeps it (the
   * reports stay, and count as before); how many.
   */
  forgetEmail(email: string): Promise<number> {
    return this.c.db.transaction(async (trx) => {
      const ids = await this.idsOf(trx, email);
      await this.c.reports.forgetReporter(trx, ids);
      return ids.length;
    });
  }

  private async idsOf(db: Knex, email: string): Promise<number[]> {
    const key = emailKey(email);
    return (await this.c.reports.addresses(db)).flatMap((report) =>
      emailKey(report.email) === key ? [report.id] : [],
    );
  }
}
