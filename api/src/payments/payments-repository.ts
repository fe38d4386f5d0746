import type { AdminPaymentIssue } from '@jobboard/contract/admin';
import type { Knex } from 'knex';
import type { Db } from '../platform/db/knex';
import { CHARGE } from './stripe-checkout';
import {
  FLAGGED_STATUSES,
  type FlaggedPayment,
  type FlaggedStatus,
  type PaidPayment,
  type PaymentLinkRow,
  type PaymentLinkState,
  type PaymentRow,
} from './payment-rows';

/**
 * Widths of the columns a flag or a link writes (migrations 20261122001100, 20261124120300 and
 * 20261126020100).
 */
const LIMITS = {
  reason: 300,
  currency: 3,
  sessionId: 255,
  actor: 120,
  url: 1024,
  offlineReference: 120,
} as const;

/**
 * The `payments`, `payment_links` and `processed_webhook_events` tables: the only code that reads
 * or writes them. Each method runs on the `db` it is given (the pool, or the caller's transaction).
 */
export class PaymentsRepository {
  // ---- pay links ------------------------------------------------------------------------------

  /** Store a new pay link (its token's hash); its id. */
  async insertLink(
    db: Db,
    link: {
      submissionId: number;
      tokenHash: string;
      createdAt: Date;
      expiresAt: Date;
      createdBy: string;
    },
  ): Promise<number> {
    const [row] = await db('payment_links')
      .insert({
        submission_id: link.submissionId,
        token_hash: link.tokenHash,
        created_at: link.createdAt.getTime(),
        expires_at: link.expiresAt.getTime(),
        created_by: link.createdBy.slice(0, LIMITS.actor),
      })
      .returning('id');
    return Number(typeof row === 'object' ? row.id : row);
  }

  /** The pay link whose token has this hash, revoked or not. */
  async linkByTokenHash(db: Db, tokenHash: string): Promise<PaymentLinkRow | undefined> {
    return db<PaymentLinkRow>('payment_links').where({ token_hash: tokenHash }).first();
  }

  async linkById(db: Db, id: number): Promise<PaymentLinkRow | undefined> {
    return db<PaymentLinkRow>('payment_links').where({ id }).first();
  }

  /** How many of the submission's pay links work at `now` (neither expired nor revoked). */
  async liveLinks(db: Db, submissionId: number, now: Date): Promise<number> {
    const [row] = await db('payment_links')
      .where({ submission_id: submissionId })
      .whereNull('revoked_at')
      .where('expires_at', '>', now.getTime())
      .count({ n: '*' });
    return Number(row?.n ?? 0);
  }

  /**
   * Revoke every pay link of the submission not revoked yet, in the caller's transaction;
   * returns how many of them still worked.
   */
  async revokeLinks(
    trx: Knex.Transaction,
    submissionId: number,
    by: string,
    now: Date,
  ): Promise<number> {
    const live = await this.liveLinks(trx, submissionId, now);
    await trx('payment_links')
      .where({ submission_id: submissionId })
      .whereNull('revoked_at')
      .update({ revoked_at: now.getTime(), revoked_by: by.slice(0, LIMITS.actor) });
    return live;
  }

  /** The pay-link state of each of these submissions (those without links are left out). */
  async linkStates(
    db: Db,
    submissionIds: number[],
    now: Date,
  ): Promise<Map<number, PaymentLinkState>> {
    const states = new Map<number, PaymentLinkState>();
    for (let i = 0; i < submissionIds.length; i += 500) {
      const rows: { submission_id: unknown; live: unknown; newest: unknown }[] = await db(
        'payment_links',
      )
        .whereIn('submission_id', submissionIds.slice(i, i + 500))
        .whereNull('revoked_at')
        .groupBy('submission_id')
        .select('submission_id', {
          live: db.raw('sum(CASE WHEN expires_at > ? THEN 1 ELSE 0 END)', [now.getTime()]),
          newest: db.raw('max(expires_at)'),
        });
      for (const row of rows) {
        states.set(Number(row.submission_id), {
          live: Number(row.live ?? 0),
          newestExpiresAt: row.newest == null ? null : Number(row.newest),
        });
      }
    }
    return states;
  }

  // ---- payments -------------------------------------------------------------------------------

  async findBySession(db: Db, checkoutSessionId: string): Promise<PaymentRow | undefined> {
    return db<PaymentRow>('payments').where({ checkout_session_id: checkoutSessionId }).first();
  }

  /** A flagged payment of this submission (handled or not). */
  async findFlagged(
    db: Db,
    submissionId: number,
    paymentId: number,
  ): Promise<PaymentRow | undefined> {
    return db<PaymentRow>('payments')
      .where({ id: paymentId, submission_id: submissionId })
      .whereIn('status', FLAGGED_STATUSES)
      .first();
  }

  /** An admin has dealt with a flagged payment. */
  async resolve(db: Db, paymentId: number, by: string, now: Date): Promise<void> {
    await db('payments')
      .where({ id: paymentId })
      .update({ resolved_at: now.getTime(), resolved_by: by });
  }

  /**
   * A Checkout Session we created through a pay link, payable until it is paid or expired (once
   * per session id).
   */
  async recordOpenSession(
    db: Db,
    session: {
      submissionId: number;
      checkoutSessionId: string;
      amountCents: number;
      paymentLinkId: number;
    },
    now: Date,
  ): Promise<void> {
    await db('payments')
      .insert({
        submission_id: session.submissionId,
        payment_link_id: session.paymentLinkId,
        provider: 'stripe',
        checkout_session_id: session.checkoutSessionId,
        amount_cents: session.amountCents,
        currency: CHARGE.currency,
        status: 'open',
        created_at: now.getTime(),
      })
      .onConflict('checkout_session_id')
      .ignore();
  }

  /** The payment that published the listing: its session's row when there is one, else a new row. */
  async recordPaid(trx: Knex.Transaction, payment: PaidPayment, now: Date): Promise<void> {
    if (payment.invoiceId) {
      const updated = await trx('payments')
        .where({ stripe_invoice_id: payment.invoiceId })
        .update({ status: 'paid', paid_at: now.getTime(), amount_cents: payment.amountCents });
      if (updated) return;
    }
    if (payment.checkoutSessionId) {
      const updated = await trx('payments')
        .where({ checkout_session_id: payment.checkoutSessionId })
        .update({ status: 'paid', paid_at: now.getTime(), amount_cents: payment.amountCents });
      if (updated) return;
    }
    await trx('payments').insert({
      submission_id: payment.submissionId,
      provider: payment.provider,
      checkout_session_id: payment.checkoutSessionId ?? null,
      amount_cents: payment.amountCents,
      currency: CHARGE.currency,
      status: 'paid',
      created_at: now.getTime(),
      paid_at: now.getTime(),
      ...(payment.offline
        ? {
            offline_method: payment.offline.method,
            offline_reference: payment.offline.reference.slice(0, LIMITS.offlineReference),
            received_on: payment.offline.receivedOn,
          }
        : {}),
    });
  }

  // ---- invoices (issue 47) --------------------------------------------------------------------

  /** A Stripe invoice sent for the listing: its row, 'invoiced' until Stripe says it is paid. */
  async recordInvoice(
    trx: Knex.Transaction,
    invoice: {
      submissionId: number;
      invoiceId: string;
      amountCents: number;
      dueAt: Date;
      url: string | null;
    },
    now: Date,
  ): Promise<void> {
    await trx('payments').insert({
      submission_id: invoice.submissionId,
      provider: 'stripe',
      stripe_invoice_id: invoice.invoiceId,
      amount_cents: invoice.amountCents,
      currency: CHARGE.currency,
      status: 'invoiced',
      created_at: now.getTime(),
      invoice_due_at: invoice.dueAt.getTime(),
      invoice_url: invoice.url && invoice.url.length <= LIMITS.url ? invoice.url : null,
    });
  }

  async findByInvoice(db: Db, invoiceId: string): Promise<PaymentRow | undefined> {
    return db<PaymentRow>('payments').where({ stripe_invoice_id: invoiceId }).first();
  }

  /** The listing's newest invoice, unpaid or paid (not one settled another way). */
  async invoiceOf(db: Db, submissionId: number): Promise<PaymentRow | undefined> {
    return db<PaymentRow>('payments')
      .where({ submission_id: submissionId })
      .whereNotNull('stripe_invoice_id')
      .whereIn('status', ['invoiced', 'paid'])
      .orderBy('id', 'desc')
      .first();
  }

  /** An unpaid invoice's row from 'invoiced' to `status` ('paid' by Stripe, 'void' if settled). */
  async closeInvoice(
    trx: Knex.Transaction,
    paymentId: number,
    status: 'paid' | 'void' | 'needs_review',
    now: Date,
    reason?: string,
  ): Promise<void> {
    await trx('payments')
      .where({ id: paymentId, status: 'invoiced' })
      .update({
        status,
        ...(status === 'paid' ? { paid_at: now.getTime() } : {}),
        ...(reason ? { review_reason: reason.slice(0, LIMITS.reason) } : {}),
      });
  }

  /** The unpaid invoices' rows of these submissions, oldest first (billing/unpaid-invoice.ts). */
  async invoicedOf(db: Db, submissionIds: number[]): Promise<PaymentRow[]> {
    const rows: PaymentRow[] = [];
    for (let i = 0; i < submissionIds.length; i += 500) {
      rows.push(
        ...(await db<PaymentRow>('payments')
          .whereIn('submission_id', submissionIds.slice(i, i + 500))
          .where('status', 'invoiced')
          .orderBy('id')),
      );
    }
    return rows;
  }

  /** The payment that paid the listing (its receipt), newest first. */
  async paidOf(db: Db, submissionId: number): Promise<PaymentRow | undefined> {
    return db<PaymentRow>('payments')
      .where({ submission_id: submissionId, status: 'paid' })
      .orderBy('id', 'desc')
      .first();
  }

  async byId(db: Db, paymentId: number): Promise<PaymentRow | undefined> {
    return db<PaymentRow>('payments').where({ id: paymentId }).first();
  }

  /**
   * Keep a payment Stripe took that must not publish the listing, flagged for the admins: the row
   * of its session when we have one, else a new row. Values come from Stripe's event, so each is
   * cut to what its column holds.
   */
  async flag(
    trx: Knex.Transaction,
    payment: FlaggedPayment,
    existing: PaymentRow | undefined,
    now: Date,
  ): Promise<void> {
    const values = {
      status: payment.status,
      review_reason: payment.reason.slice(0, LIMITS.reason),
      amount_cents: payment.amountCents,
      currency: payment.currency.slice(0, LIMITS.currency),
      paid_at: now.getTime(),
    };
    if (existing) {
      await trx('payments').where({ id: existing.id }).update(values);
      return;
    }
    await trx('payments').insert({
      ...values,
      submission_id: payment.submissionId,
      provider: 'stripe',
      checkout_session_id: payment.checkoutSessionId.slice(0, LIMITS.sessionId),
      created_at: now.getTime(),
    });
  }

  /**
   * Mark the submission's open Checkout Sessions (but `keep`) as to be expired, in the caller's
   * transaction; session-expiry.ts then asks Stripe once the transaction has committed.
   */
  async markOpenSessionsToExpire(
    trx: Knex.Transaction,
    submissionId: number,
    keep: string | null = null,
  ): Promise<number> {
    const query = trx('payments').where({ submission_id: submissionId, status: 'open' });
    if (keep) query.whereNot({ checkout_session_id: keep });
    return query.update({ status: 'expiring' });
  }

  /**
   * The flagged payments no admin has handled yet, by submission id, oldest first: of one
   * submission, or of all (few: the status index finds them without reading the others).
   */
  async unhandledIssues(db: Db, submissionId?: number): Promise<Map<number, AdminPaymentIssue[]>> {
    const query = db<PaymentRow>('payments')
      .whereIn('status', FLAGGED_STATUSES)
      .whereNull('resolved_at')
      .orderBy('id');
    if (submissionId !== undefined) query.where({ submission_id: submissionId });
    const bySubmission = new Map<number, AdminPaymentIssue[]>();
    for (const row of (await query) as PaymentRow[]) {
      const issues = bySubmission.get(Number(row.submission_id)) ?? [];
      issues.push({
        id: String(row.id),
        kind: 'payment',
        status: row.status as FlaggedStatus,
        amountCents: Number(row.amount_cents),
        currency: row.currency,
        // An invoice's flag names the invoice (issue 47): the admins find it in Stripe by it.
        checkoutSessionId: row.checkout_session_id ?? row.stripe_invoice_id ?? null,
        reason: row.review_reason ?? '',
        paidAt: row.paid_at == null ? null : new Date(Number(row.paid_at)).toISOString(),
      });
      bySubmission.set(Number(row.submission_id), issues);
    }
    return bySubmission;
  }

  /** The submission's sessions marked 'expiring' (session-expiry.ts asks Stripe to expire them). */
  async markedToExpire(
    db: Db,
    submissionId: number,
  ): Promise<Pick<PaymentRow, 'id' | 'checkout_session_id'>[]> {
    return db('payments')
      .where({ submission_id: submissionId, status: 'expiring' })
      .whereNotNull('checkout_session_id')
      .select('id', 'checkout_session_id');
  }

  /** Stripe expired it. Only from 'expiring': a webhook may have recorded what it paid meanwhile. */
  async markExpired(db: Db, paymentId: number): Promise<void> {
    await db('payments').where({ id: paymentId, status: 'expiring' }).update({ status: 'expired' });
  }

  /**
   * Record that a Stripe event is being applied, in the transaction of its effects; false when it
   * was recorded before (a repeated delivery: apply nothing).
   */
  async recordWebhookEvent(
    trx: Knex.Transaction,
    event: { id: string; type: string },
    now: Date,
  ): Promise<boolean> {
    const inserted = await trx('processed_webhook_events')
      .insert({ event_id: event.id, type: event.type, processed_at: now.getTime() })
      .onConflict('event_id')
      .ignore()
      .returning('event_id');
    return inserted.length > 0;
  }

  /** Paid payments (not credits) from `since` on: the dashboard's revenue, grouped by the caller. */
  async paidSince(db: Db, since: Date): Promise<{ amount_cents: number; paid_at: number }[]> {
    const rows: { amount_cents: unknown; paid_at: unknown }[] = await db('payments')
      .where('status', 'paid')
      .whereNot('provider', 'credit')
      .where('paid_at', '>=', since.getTime())
      .select('amount_cents', 'paid_at');
    return rows.map((r) => ({ amount_cents: Number(r.amount_cents), paid_at: Number(r.paid_at) }));
  }

  /** Every payment row of these submissions, oldest first (the submissions CSV). */
  async ofSubmissions(db: Db, submissionIds: number[]): Promise<PaymentRow[]> {
    const rows: PaymentRow[] = [];
    for (let i = 0; i < submissionIds.length; i += 500) {
      rows.push(
        ...(await db<PaymentRow>('payments')
          .whereIn('submission_id', submissionIds.slice(i, i + 500))
          .orderBy('id')),
      );
    }
    return rows;
  }
}
