/** The payments domain's rows and records, as its services and the other domains read them. */

/**
 * The life of a `payments` row:
 * - open: a Checkout Session we created that can still be paid;
 * - expiring: we decided it must not be paid any more (the amount changed, or another session
 *   paid the listing) and Stripe has not yet confirmed its expiry (session-expiry.ts retries);
 * - expired: Stripe expired it (or it was no longer open);
 * - paid: the payment that published the listing (Stripe, by hand, or a Multiples credit);
 * - needs_review: Stripe took money that did not publish the listing (see `review_reason`);
 * - needs_refund: money taken for a listing that was already paid;
 * - invoiced: a Stripe invoice sent (issue 47) and not yet paid; Stripe's `invoice.paid` makes
 *   it 'paid';
 * - void: an invoice settled another way instead (an admin recorded a check or a transfer).
 * The last two stay flagged for the admins until one marks them handled (`resolved_at`).
 */
export type PaymentStatus =
  'open' | 'expiring' | 'expired' | 'paid' | 'needs_review' | 'needs_refund' | 'invoiced' | 'void';

export const FLAGGED_STATUSES = ['needs_review', 'needs_refund'] as const;
export type FlaggedStatus = (typeof FLAGGED_STATUSES)[number];

export interface PaymentRow {
  id: number;
  submission_id: number;
  provider: 'stripe' | 'manual' | 'credit' | 'offline';
  checkout_session_id: string | null;
  amount_cents: number;
  currency: string;
  status: PaymentStatus;
  review_reason: string | null;
  created_at: number;
  paid_at: number | null;
  resolved_at: number | null;
  resolved_by: string | null;
  /** The pay link the session was started from (migration 20261126020200); null before it. */
  payment_link_id: number | null;
  /** A payment billed by Stripe invoice (migration 20261201030000): the invoice, due, its page. */
  stripe_invoice_id?: string | null;
  invoice_due_at?: number | null;
  invoice_url?: string | null;
  /** A payment an admin recorded (provider 'offline'): check or transfer, its reference, day. */
  offline_method?: string | null;
  offline_reference?: string | null;
  received_on?: string | null;
}

/** How an admin received a payment outside Stripe (provider 'offline'). */
export interface OfflineReceipt {
  method: string;
  reference: string;
  receivedOn: string;
}

/**
 * One pay link of a submission (`payment_links`): valid from `created_at` until `expires_at`,
 * unless an admin revoked it first. Only the SHA-256 hash of its token is kept.
 */
export interface PaymentLinkRow {
  id: number;
  submission_id: number;
  token_hash: string;
  created_at: number;
  expires_at: number;
  created_by: string;
  revoked_at: number | null;
  revoked_by: string | null;
}

/** The pay links of one submission at a moment: how many work, and when the newest ends. */
export interface PaymentLinkState {
  /** Links neither expired nor revoked. */
  live: number;
  /** When the newest link not revoked ends (it may have ended already); null when none. */
  newestExpiresAt: number | null;
}

export interface FlaggedPayment {
  submissionId: number;
  checkoutSessionId: string;
  amountCents: number;
  currency: string;
  status: FlaggedStatus;
  reason: string;
}

/** A payment recorded as it published the listing (Stripe, by hand, or a Multiples credit). */
export interface PaidPayment {
  submissionId: number;
  provider: PaymentRow['provider'];
  checkoutSessionId?: string | null;
  /** The Stripe invoice it paid: its 'invoiced' row becomes the paid one. */
  invoiceId?: string | null;
  offline?: OfflineReceipt | null;
  amountCents: number;
}
