import type { FastifyBaseLogger } from 'fastify';
import type { PaymentsContext } from './payments-service';

/**
 * One expire call may take this long, with no retry of its own: it runs after an admin's amount
 * change or inside Stripe's webhook delivery, neither of which should wait on a slow Stripe.
 */
const EXPIRE_TIMEOUT_MS = 5_000;

export interface ExpiryResult {
  expired: number;
  /** Still marked 'expiring': Stripe could not be asked; tried again next time. */
  pending: number;
}

/**
 * Ask Stripe to expire the submission's Checkout Sessions marked 'expiring'
 * (payments-repository.ts `markOpenSessionsToExpire`), after the change that marked them has
 * committed. Never throws: expiring is a courtesy that stops Stripe taking money we would not
 * accept, not what keeps a wrong payment from publishing (the webhook's checks do that).
 *
 * A session Stripe expires, or reports as no longer open or unknown, becomes 'expired'. One that
 * Stripe could not be asked about (down, slow) stays 'expiring' and is tried again before the
 * submission's next Checkout Session is created, after its next amount change and after its next
 * webhook; whatever happens, Stripe itself ends every Checkout Session 24 hours after creating it.
 */
export async function expireMarkedSessions(
  submissionId: number,
  { stripe, db, payments }: Pick<PaymentsContext, 'stripe' | 'db' | 'payments'>,
  log: FastifyBaseLogger,
): Promise<ExpiryResult> {
  const result: ExpiryResult = { expired: 0, pending: 0 };
  if (!stripe) return result;
  const marked = await payments.markedToExpire(db, submissionId);
  for (const row of marked) {
    const sessionId = row.checkout_session_id!;
    try {
      await stripe.checkout.sessions.expire(
        sessionId,
        {},
        { timeout: EXPIRE_TIMEOUT_MS, maxNetworkRetries: 0 },
      );
    } catch (error) {
      if ((error as { type?: string }).type !== 'StripeInvalidRequestError') {
        result.pending += 1;
        log.warn(
          { submissionId, sessionId, err: error },
          'could not expire a Stripe Checkout Session; will try again',
        );
        continue;
      }
      // Already expired or completed at Stripe (a completed one's webhook says what it paid).
    }
    // Only from 'expiring': a webhook may have recorded what the session paid meanwhile.
    await payments.markExpired(db, row.id);
    result.expired += 1;
  }
  return result;
}
