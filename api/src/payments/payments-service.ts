import { parsePaymentIssueId, type AdminPaymentIssue } from '@jobboard/contract/admin';
import type {
  BuyerDetails,
  InvoiceRequested,
  OfflinePayment,
  OfflinePaymentRecorded,
  PayPageView,
  UnpaidInvoice,
} from '@jobboard/contract/payments';
import type { FastifyBaseLogger } from 'fastify';
import type { Knex } from 'knex';
import type Stripe from 'stripe';
import type { Db } from '../platform/db/knex';
import type { JobsService } from '../jobs';
import type { OrganizationsService } from '../organizations';
import type { Outbox } from '../mail';
import type { PromoCodes } from '../promo-codes';
import type { SubmissionRow, SubmissionsService } from '../submissions';
import { createCheckoutSession, prepareCharge } from './checkout';
import { payPageView } from './pay-page';
import type { PaymentLinkRow, PaymentLinkState, PaymentRow } from './payment-rows';
import { issuePaymentToken, payLinkSubmission, paymentUrl, type PayLink } from './payment-tokens';
import type { PaymentsRepository } from './payments-repository';
import { markPaidAndPublish, type Payment, type PublishOutcome } from './publishing';
import { expireMarkedSessions, type ExpiryResult } from './session-expiry';
import { applyStripeEvent, type RenewalSettler, type WebhookOutcome } from './webhook';
import type { Settings } from '../settings';
import type { BillingRepository } from './billing/billing-repository';
import { saveBuyer } from './billing/buyer';
import { requestInvoice } from './billing/invoices';
import { recordOfflinePayment, type OfflineRecorder } from './billing/offline';
import {
  receiptParties,
  renewalReceiptParties,
  type ReceiptParties,
} from './billing/receipt-parties';
import { unpaidInvoiceOf } from './billing/unpaid-invoice';
import { receiptPdf } from './billing/receipt-pdf';
import type { EmployerReceipt } from '@jobboard/contract/employer';

/** What the payments domain's settings say about the site. */
export interface PaymentsSite {
  publicUrl: string;
  boardName: string;
  /** Where the admins are told about payments that need them. */
  adminEmail: string;
  /** The address a pay link's messages tell the employer to write to. */
  jobsEmail: string;
}

/** The collaborators of the payments domain and what it uses of each. */
export interface PaymentsCollaborators {
  db: Knex;
  payments: PaymentsRepository;
  /** null when Stripe is not configured (payments are then marked by hand). */
  stripe: Stripe | null;
  submissions: Pick<
    SubmissionsService,
    'load' | 'update' | 'recordEvent' | 'lastEventId' | 'grantCredits'
  >;
  promoCodes: Pick<PromoCodes, 'redeem' | 'find'>;
  jobs: Pick<JobsService, 'publish' | 'companies'>;
  /** Ties an organisation to its first published listing's company (issue 47). */
  organizations: Pick<OrganizationsService, 'tieToCompany'>;
  outbox: Pick<Outbox, 'enqueue'>;
  /** The admins' settings: billing's (invoice publishing, the publication, kind prices). */
  settings: Pick<Settings, 'all'>;
  /** Whom each listing is billed to (issue 47). */
  billing: BillingRepository;
}

/** A flagged payment an admin marked handled: its Checkout Session, and whether only now. */
export interface ResolvedIssue {
  sessionId: string | null;
  resolvedNow: boolean;
}

/** Where the flagged renewal payments come from (renewals/plugin.ts: RenewalsService). */
export interface RenewalIssues {
  /** The flagged renewal payments no admin has handled, by submission (of one when given). */
  unhandled(db: Db, submissionId?: number): Promise<Map<number, AdminPaymentIssue[]>>;
  /** Mark one of this submission's handled; undefined when it has no such flagged renewal. */
  resolve(
    trx: Knex.Transaction,
    submissionId: number,
    renewalId: number,
    by: string,
    now: Date,
  ): Promise<ResolvedIssue | undefined>;
}

/**
 * What one operation of the payments domain works with: its collaborators, the site's settings
 * and the operation's clock (read once). Each function names the part it uses.
 */
export type PaymentsContext = PaymentsCollaborators & PaymentsSite & { now: Date };

/**
 * The payments domain (docs/architecture.md, flows): the employer's pay links, Stripe Checkout and
 * its webhook, and publishing a listing once paid; for the review, issuing and revoking links and
 * the flagged payments; for the dashboard, what was paid.
 */
export class PaymentsService {
  constructor(
    private readonly collaborators: PaymentsCollaborators,
    private readonly site: PaymentsSite,
  ) {}

  /** Whether payments go through Stripe, or admins mark them by hand. */
  get stripeConfigured(): boolean {
    return this.collaborators.stripe !== null;
  }

  private context(now: Date): PaymentsContext {
    return { ...this.collaborators, ...this.site, now };
  }

  /** Who settles a paid session that is a renewal (renewals/plugin.ts); none: no renewals. */
  private renewalSettler: RenewalSettler | null = null;

  /**
   * Hand the paid sessions that are renewals to `settler` (renewals/settle.ts), inside the
   * webhook's transaction, after the event has been recorded once.
   */
  settleRenewalsWith(settler: RenewalSettler): void {
    this.renewalSettler = settler;
  }

  // ---- the employer's pay link ------------------------------------------------------------------

  /** The pay link a token names, with its submission (NotFound, Gone: payment-tokens.ts). */
  payLink(token: string, now: Date): Promise<PayLink> {
    return payLinkSubmission(token, this.context(now), this.site.jobsEmail);
  }

  /** A receipt as a PDF (billing/receipt-pdf.ts). */
  receiptPdf(receipt: EmployerReceipt & { paidBy: string }): Promise<Buffer> {
    return receiptPdf(receipt);
  }

  /** The pay page: the listing and what it owes, with whom it is billed to and its invoice. */
  async payPage(link: PayLink): Promise<PayPageView> {
    const { db, billing, payments, settings } = this.collaborators;
    const id = link.submission.id;
    const [buyer, invoice, { tierPrices }] = await Promise.all([
      billing.of(db, id),
      payments.invoiceOf(db, id),
      settings.all(db),
    ]);
    return payPageView(link, this.stripeConfigured, { buyer, invoice, tierPrices });
  }

  /**
   * The pay page once the buyer has said whom to bill (billing/buyer.ts): the price for their
   * kind applied, the details kept for the invoice and receipts.
   */
  async saveBuyer(token: string, input: BuyerDetails, now: Date): Promise<PayPageView> {
    const context = this.context(now);
    const link = await this.payLink(token, now);
    await context.db.transaction((trx) => saveBuyer(trx, link.submission, input, context));
    return this.payPage(await this.payLink(token, now));
  }

  /** Bill the listing by a Stripe invoice (billing/invoices.ts). */
  requestInvoice(
    stripe: Stripe,
    link: PayLink,
    input: BuyerDetails,
    now: Date,
  ): Promise<InvoiceRequested> {
    return requestInvoice(stripe, link, input, this.context(now));
  }

  /** An admin's record of a check or a transfer received (billing/offline.ts). */
  recordOfflinePayment(
    submissionId: number,
    input: OfflinePayment,
    admin: OfflineRecorder,
    now: Date,
    log: FastifyBaseLogger,
  ): Promise<OfflinePaymentRecorded> {
    return recordOfflinePayment(submissionId, input, admin, this.context(now), log);
  }

  /** The seller and the buyer a payment's receipt names (billing/receipt-parties.ts). */
  receiptParties(paymentId: number): Promise<ReceiptParties> {
    return receiptParties(paymentId, this.collaborators);
  }

  /** The seller and the buyer a renewal's receipt names: the listing's (billing/receipt-parties.ts). */
  renewalReceiptParties(
    submissionId: number,
    checkoutSessionId: string | null,
  ): Promise<ReceiptParties> {
    return renewalReceiptParties(submissionId, checkoutSessionId, this.collaborators);
  }

  /**
   * Which of these submissions are live on an invoice not yet paid, with when it is due
   * (billing/unpaid-invoice.ts): the admins' cards say so instead of 'Paid & Published'.
   */
  async unpaidInvoices(
    db: Db,
    submissions: readonly { id: number | string; status: string }[],
  ): Promise<Map<number, UnpaidInvoice>> {
    const live = submissions.filter((row) => row.status === 'paid').map((row) => Number(row.id));
    const bySubmission = new Map<number, PaymentRow[]>();
    for (const row of live.length ? await this.collaborators.payments.invoicedOf(db, live) : []) {
      const id = Number(row.submission_id);
      bySubmission.set(id, [...(bySubmission.get(id) ?? []), row]);
    }
    const found = new Map<number, UnpaidInvoice>();
    for (const [id, rows] of bySubmission) {
      const unpaid = unpaidInvoiceOf('paid', rows);
      if (unpaid) found.set(id, unpaid);
    }
    return found;
  }

  /** The submission, ready to be charged (checkout.ts). */
  prepareCharge(submissionId: number, now: Date): Promise<SubmissionRow> {
    return prepareCharge(submissionId, this.context(now));
  }

  /** A Stripe Checkout Session for what the submission owes now (checkout.ts). */
  createCheckoutSession(
    stripe: Stripe,
    submission: SubmissionRow,
    link: { token: string; linkId: number },
    now: Date,
  ): Promise<{ url: string; sessionId: string }> {
    return createCheckoutSession(stripe, submission, link, this.context(now));
  }

  /** Ask Stripe to expire the submission's sessions marked to expire (session-expiry.ts). */
  expireMarkedSessions(submissionId: number, log: FastifyBaseLogger): Promise<ExpiryResult> {
    return expireMarkedSessions(submissionId, this.collaborators, log);
  }

  /** Apply one verified Stripe event, once (webhook.ts). */
  applyStripeEvent(event: Stripe.Event, now: Date): Promise<WebhookOutcome> {
    return applyStripeEvent(event, { ...this.context(now), renewals: this.renewalSettler });
  }

  // ---- the review's ----------------------------------------------------------------------------

  /** A new pay link for the submission (payment-tokens.ts), in the caller's transaction. */
  issueLink(
    db: Db,
    submissionId: number,
    now: Date,
    createdBy?: string,
  ): Promise<{ token: string; expiresAt: Date; linkId: number }> {
    return issuePaymentToken(this.collaborators, db, submissionId, now, createdBy);
  }

  /** The pay page's address of a token. */
  paymentUrl(token: string): string {
    return paymentUrl(this.site.publicUrl, token);
  }

  /** Record the payment of an approved submission and publish its job (publishing.ts). */
  markPaidAndPublish(
    trx: Knex.Transaction,
    submissionId: number,
    payment: Payment,
    now: Date,
  ): Promise<PublishOutcome> {
    return markPaidAndPublish(trx, submissionId, payment, this.context(now));
  }

  /** The pay-link state of each of these submissions, by id. */
  linkStates(db: Db, submissionIds: number[], now: Date): Promise<Map<number, PaymentLinkState>> {
    return this.collaborators.payments.linkStates(db, submissionIds, now);
  }

  /** Flagged renewal payments (renewals/plugin.ts), shown and handled with the first payments'. */
  private renewalIssues: RenewalIssues | null = null;

  /** Show and handle the flagged renewal payments of `source` with the first payments' ones. */
  reportRenewalIssuesFrom(source: RenewalIssues): void {
    this.renewalIssues = source;
  }

  /**
   * The flagged payments not yet handled, first payments' then renewals', by submission (of one
   * submission when given).
   */
  async unhandledIssues(db: Db, submissionId?: number): Promise<Map<number, AdminPaymentIssue[]>> {
    const issues = await this.collaborators.payments.unhandledIssues(db, submissionId);
    if (!this.renewalIssues) return issues;
    for (const [id, more] of await this.renewalIssues.unhandled(db, submissionId)) {
      issues.set(id, [...(issues.get(id) ?? []), ...more]);
    }
    return issues;
  }

  /**
   * Mark a flagged payment of this submission handled by `by` (`issueId`: a first payment's '12'
   * or a renewal's 'R12'). What it was (its Checkout Session, and whether it was handled only
   * now), or undefined when the submission has no such flagged payment.
   */
  async resolveIssue(
    trx: Knex.Transaction,
    submissionId: number,
    issueId: string,
    by: string,
    now: Date,
  ): Promise<ResolvedIssue | undefined> {
    const issue = parsePaymentIssueId(issueId);
    if (!issue) return undefined;
    if (issue.kind === 'renewal') {
      return this.renewalIssues?.resolve(trx, submissionId, issue.id, by, now);
    }
    const { payments } = this.collaborators;
    const row = await payments.findFlagged(trx, submissionId, issue.id);
    if (!row) return undefined;
    if (row.resolved_at != null) return { sessionId: row.checkout_session_id, resolvedNow: false };
    await payments.resolve(trx, issue.id, by, now);
    return { sessionId: row.checkout_session_id, resolvedNow: true };
  }

  /** How many of the submission's links work now. */
  liveLinks(db: Db, submissionId: number, now: Date): Promise<number> {
    return this.collaborators.payments.liveLinks(db, submissionId, now);
  }

  /** Revoke every link of the submission that still works; how many there were. */
  revokeLinks(trx: Knex.Transaction, submissionId: number, by: string, now: Date): Promise<number> {
    return this.collaborators.payments.revokeLinks(trx, submissionId, by, now);
  }

  /** Mark the submission's open Checkout Sessions to expire; how many. */
  markOpenSessionsToExpire(trx: Knex.Transaction, submissionId: number): Promise<number> {
    return this.collaborators.payments.markOpenSessionsToExpire(trx, submissionId);
  }

  // ---- the dashboard's and the exports' --------------------------------------------------------

  paidSince(db: Db, since: Date): Promise<{ amount_cents: number; paid_at: number }[]> {
    return this.collaborators.payments.paidSince(db, since);
  }

  ofSubmissions(db: Db, submissionIds: number[]): Promise<PaymentRow[]> {
    return this.collaborators.payments.ofSubmissions(db, submissionIds);
  }
}

export type { PayLink, PaymentLinkRow };
