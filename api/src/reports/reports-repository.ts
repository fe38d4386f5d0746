import type { ReportReason, ReportStatus } from '@jobboard/contract/jobs';
import { chunks } from '../platform/db/chunks';
import type { Db } from '../platform/db/knex';

/** A report as stored (`listing_reports`). */
export interface ReportRow {
  id: number;
  job_id: number;
  reason: ReportReason;
  note: string;
  email: string | null;
  open_client: string | null;
  status: ReportStatus;
  created_at: number;
  decided_at: number | null;
  decided_by: string | null;
}

/** A reported listing's row (`reported_listings`): whether its reports took it off the board. */
export interface ListingHold {
  jobId: number;
  /** When the reports took it off the board (epoch ms), and by whom; null while it is not hidden. */
  hiddenAt: number | null;
  hiddenBy: string | null;
  /** Whether that hiding switched it off (it was on the board then). */
  switchedOff: boolean;
}

interface HoldRow {
  job_id: number | string;
  hidden_at: number | string | null;
  hidden_by: string | null;
  switched_off: boolean | number;
}

const holdOf = (row: HoldRow): ListingHold => ({
  jobId: Number(row.job_id),
  hiddenAt: row.hidden_at === null ? null : Number(row.hidden_at),
  hiddenBy: row.hidden_by,
  switchedOff: Boolean(row.switched_off),
});

const reportOf = (row: ReportRow): ReportRow => ({
  ...row,
  id: Number(row.id),
  job_id: Number(row.job_id),
  created_at: Number(row.created_at),
  decided_at: row.decided_at === null ? null : Number(row.decided_at),
});

/** The reports slice's tables: `listing_reports` and `reported_listings` (issue 45). */
export class ReportsRepository {
  /**
   * Write the listing's row (made by its first report): what every report of the listing does
   * first, in its transaction, so the listing's reports are counted one transaction at a time
   * (the row stays locked until the transaction ends on PostgreSQL; SQLite has one writer).
   */
  async lockNew(db: Db, jobId: number, now: Date): Promise<void> {
    await db('reported_listings')
      .insert({ job_id: jobId, updated_at: now.getTime() })
      .onConflict('job_id')
      .merge(['updated_at']);
  }

  /**
   * Lock a listing that has reports (an admin's decision), as `lockNew` does: its hold, or
   * undefined when it has never been reported.
   */
  async lock(db: Db, jobId: number, now: Date): Promise<ListingHold | undefined> {
    const updated = await db('reported_listings')
      .where({ job_id: jobId })
      .update({ updated_at: now.getTime() });
    if (!updated) return undefined;
    const row: HoldRow | undefined = await db('reported_listings').where({ job_id: jobId }).first();
    return row && holdOf(row);
  }

  /** Whether this client (its key, reporter-key.ts) has an open report of the listing. */
  async hasOpen(db: Db, jobId: number, client: string): Promise<boolean> {
    const row = await db('listing_reports')
      .where({ job_id: jobId, open_client: client })
      .first('id');
    return row !== undefined;
  }

  async insert(
    db: Db,
    report: {
      jobId: number;
      reason: ReportReason;
      note: string;
      email: string | null;
      client: string;
    },
    now: Date,
  ): Promise<number> {
    const [row] = await db('listing_reports')
      .insert({
        job_id: report.jobId,
        reason: report.reason,
        note: report.note,
        email: report.email,
        open_client: report.client,
        status: 'open',
        created_at: now.getTime(),
      })
      .returning('id');
    return Number(typeof row === 'object' ? row.id : row);
  }

  /** The listings with at least `count` open reports, by id. */
  async reaching(db: Db, count: number): Promise<number[]> {
    const rows: { job_id: number | string }[] = await db('listing_reports')
      .where({ status: 'open' })
      .groupBy('job_id')
      .havingRaw('count(*) >= ?', [count])
      .orderBy('job_id')
      .select('job_id');
    return rows.map((row) => Number(row.job_id));
  }

  /** The listing's open reports, oldest first. */
  async openOf(db: Db, jobId: number): Promise<ReportRow[]> {
    const rows: ReportRow[] = await db('listing_reports')
      .where({ job_id: jobId, status: 'open' })
      .orderBy('id');
    return rows.map(reportOf);
  }

  /**
   * Decide reports: their status, who and when; the reporter's address and client key are
   * forgotten (the address served only to tell them this, the key only to count them once).
   */
  async decide(
    db: Db,
    ids: number[],
    status: Exclude<ReportStatus, 'open'>,
    by: string,
    now: Date,
  ): Promise<void> {
    if (!ids.length) return;
    await db('listing_reports').whereIn('id', ids).update({
      status,
      decided_at: now.getTime(),
      decided_by: by,
      email: null,
      open_client: null,
    });
  }

  /**
   * The reports that keep an address, with it: only open ones (a decision forgets it, `decide`),
   * so never more than the queue holds.
   */
  async addresses(db: Db): Promise<{ id: number; email: string }[]> {
    const rows: { id: number | string; email: string }[] = await db('listing_reports')
      .whereNotNull('email')
      .select('id', 'email');
    return rows.map((row) => ({ id: Number(row.id), email: row.email }));
  }

  /** These reports, newest first. */
  async byIds(db: Db, ids: readonly number[]): Promise<ReportRow[]> {
    const found: ReportRow[] = [];
    for (const part of chunks([...ids])) {
      found.push(...(await db<ReportRow>('listing_reports').whereIn('id', part)));
    }
    return found.map(reportOf).sort((a, b) => b.created_at - a.created_at || b.id - a.id);
  }

  /**
   * Take the reporter's address and note off these reports (their data deleted): the report
   * stays, with its reason, status, times and keyed client, so it still counts as it did.
   */
  async forgetReporter(db: Db, ids: readonly number[]): Promise<void> {
    for (const part of chunks([...ids])) {
      await db('listing_reports').whereIn('id', part).update({ email: null, note: '' });
    }
  }

  /** Mark the listing hidden by its reports (or no longer: `hold` null). */
  async setHold(
    db: Db,
    jobId: number,
    hold: { hiddenAt: number; hiddenBy: string; switchedOff: boolean } | null,
    now: Date,
  ): Promise<void> {
    await db('reported_listings')
      .where({ job_id: jobId })
      .update({
        hidden_at: hold?.hiddenAt ?? null,
        hidden_by: hold?.hiddenBy ?? null,
        switched_off: hold?.switchedOff ?? false,
        updated_at: now.getTime(),
      });
  }

  /** What the admin's queue shows: every open report, and every listing hidden by its reports. */
  async queue(db: Db): Promise<{ open: ReportRow[]; hidden: ListingHold[] }> {
    const open: ReportRow[] = await db('listing_reports')
      .where({ status: 'open' })
      .orderBy('id', 'desc');
    const hidden: HoldRow[] = await db('reported_listings').whereNotNull('hidden_at');
    return { open: open.map(reportOf), hidden: hidden.map(holdOf) };
  }
}
