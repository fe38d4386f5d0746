/** The payments domain's rows and records, as its services and the other domains read them. */

/**
 * The life of a `payments` row:
 * - open: a Checkout Session we created that can still be paid;
 * - expiring: we decided it must not be paid any more (the amount changed, or another session
 *   paid the listing) and Stripe has not yet confirmed its expiry (session-expiry.ts retries);
 * - expired: Stripe expired it (or it was no longer open);
 * - paid: the payment that published the listing (Stripe, by hand, or a Multiples credit);
 * - needs_review: Stripe took money that did not publish the listing (see `review_reason`);
 * - needs_refund: money taken for a listing that was already paid.
 * The last two stay flagged for the admins until one marks them handled (`resolved_at`).
 */
export type PaymentStatus =
  'open' | 'expiring' | 'expired' | 'paid' | 'needs_review' | 'needs_refund';

export const FLAGGED_STATUSES = ['needs_review', 'needs_refund'] as const;
export type FlaggedStatus = (typeof FLAGGED_STATUSES)[number];

export interface PaymentRow {
  id: number;
  submission_id: number;
  provider: 'stripe' | 'manual' | 'credit';
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
  amountCents: number;
}
