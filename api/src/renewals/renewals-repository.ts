import type { Db } from '../platform/db/knex';
import { Lease } from '../platform/db/lease';
import { CHARGE } from '../payments';

/**
 * The life of a `job_renewals` row: open (a Checkout Session started for a renewal), paid (the
 * webhook renewed the listing), or flagged for the admins: needs_review (money taken that did not
 * renew it), needs_refund (a second payment for a renewal done already).
 */
export type RenewalStatus = 'open' | 'paid' | 'needs_review' | 'needs_refund';
export type FlaggedRenewalStatus = Extract<RenewalStatus, 'needs_review' | 'needs_refund'>;
const FLAGGED_RENEWAL_STATUSES: FlaggedRenewalStatus[] = ['needs_review', 'needs_refund'];

export interface RenewalRow {
  id: number;
  /** When an admin marked a flagged one handled (epoch ms), and who ('admin:<username>'). */
  resolved_at?: number | null;
  resolved_by?: string | null;
  job_id: number;
  submission_id: number | null;
  renewal_link_id: number | null;
  checkout_session_id: string;
  tier: string;
  amount_cents: number;
  currency: string;
  status: RenewalStatus;
  review_reason: string | null;
  ends_at_checkout: number | null;
  previous_expires_at: number | null;
  new_expires_at: number | null;
  created_at: number;
  paid_at: number | null;
}

export interface RenewalLinkRow {
  id: number;
  job_id: number;
  token_hash: string;
  created_at: number;
}

/** A paid renewal, as a receipt lists it. */
export interface RenewalReceipt {
  id: number;
  jobId: number;
  submissionId: number | null;
  tier: string;
  amountCents: number;
  currency: string;
  paidAt: Date;
  checkoutSessionId: string;
  newExpiresAt: Date | null;
}

/** A paid renewal row as a receipt lists it. */
function receiptOf(stored: RenewalRow): RenewalReceipt {
  const row = numeric(stored, RENEWAL_NUMBERS);
  return {
    id: row.id,
    jobId: row.job_id,
    submissionId: row.submission_id,
    tier: row.tier,
    amountCents: row.amount_cents,
    currency: row.currency,
    paidAt: new Date(row.paid_at ?? row.created_at),
    checkoutSessionId: row.checkout_session_id,
    newExpiresAt: row.new_expires_at === null ? null : new Date(row.new_expires_at),
  };
}

/**
 * The lease that lets one reminders' run go at a time, the one row of `renewal_reminder_lease`
 * (migrations/20261126210230).
 */
export const REMINDER_LEASE = new Lease({
  table: 'renewal_reminder_lease',
  name: 'renewal-reminders',
  columns: { acquiredAt: false, lastFinishedAt: true },
});

const numeric = <T extends object>(row: T, keys: (keyof T)[]): T => {
  const copy = { ...row };
  for (const key of keys) {
    const value = copy[key];
    if (value !== null && value !== undefined) copy[key] = Number(value) as T[keyof T];
  }
  return copy;
};

const RENEWAL_NUMBERS: (keyof RenewalRow)[] = [
  'id',
  'job_id',
  'submission_id',
  'renewal_link_id',
  'amount_cents',
  'ends_at_checkout',
  'previous_expires_at',
  'new_expires_at',
  'created_at',
  'paid_at',
  'resolved_at',
];

/**
 * The renewals' tables: `renewal_links`, `job_renewals`, `renewal_reminders` and
 * `renewal_reminder_lease`. The only code that reads or writes them.
 */
export class RenewalsRepository {
  // ---- links -----------------------------------------------------------------------------------

  async insertLink(db: Db, jobId: number, tokenHash: string, now: Date): Promise<number> {
    const [row] = await db('renewal_links')
      .insert({ job_id: jobId, token_hash: tokenHash, created_at: now.getTime() })
      .returning('id');
    return typeof row === 'object' ? Number(row.id) : Number(row);
  }

  /** Delete up to `limit` links made at or before `before` (epoch ms); how many went. */
  async deleteLinksMadeBefore(db: Db, before: number, limit: number): Promise<number> {
    return db('renewal_links')
      .whereIn(
        'id',
        db('renewal_links').where('created_at', '<=', before).select('id').limit(limit),
      )
      .delete();
  }

  async linkByTokenHash(db: Db, tokenHash: string): Promise<RenewalLinkRow | undefined> {
    const row: RenewalLinkRow | undefined = await db('renewal_links')
      .where({ token_hash: tokenHash })
      .first();
    return row && numeric(row, ['id', 'job_id', 'created_at']);
  }

  // ---- the renewals' payments ------------------------------------------------------------------

  /** A Checkout Session started for a renewal; a session recorded already is left as it is. */
  async recordOpenSession(
    db: Db,
    session: {
      jobId: number;
      submissionId: number;
      linkId: number;
      checkoutSessionId: string;
      tier: string;
      amountCents: number;
      endsAtCheckout: number;
    },
    now: Date,
  ): Promise<void> {
    await db('job_renewals')
      .insert({
        job_id: session.jobId,
        submission_id: session.submissionId,
        renewal_link_id: session.linkId,
        checkout_session_id: session.checkoutSessionId,
        tier: session.tier,
        amount_cents: session.amountCents,
        currency: CHARGE.currency,
        status: 'open',
        ends_at_checkout: session.endsAtCheckout,
        created_at: now.getTime(),
      })
      .onConflict('checkout_session_id')
      .ignore();
  }

  async findBySession(db: Db, checkoutSessionId: string): Promise<RenewalRow | undefined> {
    const row: RenewalRow | undefined = await db('job_renewals')
      .where({ checkout_session_id: checkoutSessionId })
      .first();
    return row && numeric(row, RENEWAL_NUMBERS);
  }

  /**
   * Take an open renewal for the payment that has arrived: true for the one caller that moved it
   * from open (on PostgreSQL a second transaction waits on the row, then finds it taken).
   */
  async claim(db: Db, id: number, now: Date): Promise<boolean> {
    const taken = await db('job_renewals')
      .where({ id, status: 'open' })
      .update({ status: 'paid', paid_at: now.getTime() });
    return taken === 1;
  }

  /** The renewal is done: the end it moved from and to. */
  async recordEnds(db: Db, id: number, previous: number | null, next: Date): Promise<void> {
    await db('job_renewals')
      .where({ id })
      .update({ previous_expires_at: previous, new_expires_at: next.getTime() });
  }

  /** A renewal payment that did not renew its listing, kept for the admins with the reason. */
  async flag(
    db: Db,
    id: number,
    problem: { status: FlaggedRenewalStatus; reason: string },
    paid: { amountCents: number; currency: string },
  ): Promise<void> {
    await db('job_renewals')
      .where({ id })
      .update({
        status: problem.status,
        review_reason: problem.reason,
        amount_cents: paid.amountCents,
        currency: paid.currency.slice(0, 3),
      });
  }

  /**
   * The flagged renewal payments no admin has handled yet, with their listing's submission, oldest
   * first: of one submission, or of all (few: the status index finds them).
   */
  async unhandledFlagged(db: Db, submissionId?: number): Promise<RenewalRow[]> {
    const query = db('job_renewals')
      .whereIn('status', FLAGGED_RENEWAL_STATUSES)
      .whereNull('resolved_at')
      .whereNotNull('submission_id')
      .orderBy('id');
    if (submissionId !== undefined) query.where({ submission_id: submissionId });
    return ((await query) as RenewalRow[]).map((row) => numeric(row, RENEWAL_NUMBERS));
  }

  /** A flagged renewal payment of this submission (handled or not). */
  async findFlagged(db: Db, submissionId: number, id: number): Promise<RenewalRow | undefined> {
    const row: RenewalRow | undefined = await db('job_renewals')
      .where({ id, submission_id: submissionId })
      .whereIn('status', FLAGGED_RENEWAL_STATUSES)
      .first();
    return row && numeric(row, RENEWAL_NUMBERS);
  }

  /** An admin has dealt with a flagged renewal payment. */
  async resolve(db: Db, id: number, by: string, now: Date): Promise<void> {
    await db('job_renewals').where({ id }).update({ resolved_at: now.getTime(), resolved_by: by });
  }

  /** A paid renewal session this site never started: recorded flagged, for the admins. */
  async insertFlagged(
    db: Db,
    row: {
      jobId: number;
      /** The listing's submission, when the job has one (the admins' review screen shows it). */
      submissionId: number | null;
      checkoutSessionId: string;
      amountCents: number;
      currency: string;
      status: FlaggedRenewalStatus;
      reason: string;
    },
    now: Date,
  ): Promise<void> {
    await db('job_renewals')
      .insert({
        job_id: row.jobId,
        submission_id: row.submissionId,
        checkout_session_id: row.checkoutSessionId,
        tier: '',
        amount_cents: row.amountCents,
        currency: row.currency.slice(0, 3),
        status: row.status,
        review_reason: row.reason,
        created_at: now.getTime(),
        paid_at: now.getTime(),
      })
      .onConflict('checkout_session_id')
      .ignore();
  }

  /** The paid renewals of these jobs, oldest first: what a receipt lists besides the first payment. */
  async paidOfJobs(db: Db, jobIds: number[]): Promise<RenewalReceipt[]> {
    if (!jobIds.length) return [];
    const rows: RenewalRow[] = await db('job_renewals')
      .whereIn('job_id', jobIds)
      .where({ status: 'paid' })
      .orderBy('paid_at')
      .orderBy('id');
    return rows.map(receiptOf);
  }

  /** One paid renewal (a receipt), or undefined. */
  async paidRenewal(db: Db, id: number): Promise<RenewalReceipt | undefined> {
    const row: RenewalRow | undefined = await db('job_renewals')
      .where({ id, status: 'paid' })
      .first();
    return row && receiptOf(row);
  }

  // ---- reminders -------------------------------------------------------------------------------

  /**
   * Record that the reminder of this job's ending `endsAt` is being sent; false when it was
   * recorded before (by this run or any other): the caller then sends nothing.
   */
  async recordReminder(db: Db, jobId: number, endsAt: number, now: Date): Promise<boolean> {
    const inserted: unknown[] = await db('renewal_reminders')
      .insert({ job_id: jobId, ends_at: endsAt, sent_at: now.getTime() })
      .onConflict(['job_id', 'ends_at'])
      .ignore()
      .returning('job_id');
    // An ignored row returns nothing, on SQLite (RETURNING) and PostgreSQL alike.
    return inserted.length === 1;
  }

  /** The reminders' lease (REMINDER_LEASE). */
  readonly reminderLease = REMINDER_LEASE;
}
