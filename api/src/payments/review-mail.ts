import type { Knex } from 'knex';
import { paymentNeedsReviewEmail } from '../mail';
import type { FlaggedStatus } from './payment-rows';
import type { PaymentsContext } from './payments-service';

/**
 * Tell the admins (ADMIN_EMAIL) of a payment Stripe took that publishes nothing, in the caller's
 * transaction: a Checkout Session's (webhook.ts) or an invoice's (billing/invoices.ts), named by
 * its Stripe id.
 */
export async function mailPaymentToReview(
  trx: Knex.Transaction,
  context: Pick<PaymentsContext, 'outbox' | 'adminEmail' | 'publicUrl' | 'boardName' | 'now'>,
  flagged: {
    submissionId: number;
    title: string;
    stripeId: string;
    status: FlaggedStatus;
    reason: string;
  },
): Promise<void> {
  await context.outbox.enqueue(
    trx,
    {
      ...paymentNeedsReviewEmail({
        to: context.adminEmail,
        submissionId: flagged.submissionId,
        title: flagged.title,
        checkoutSessionId: flagged.stripeId,
        publicUrl: context.publicUrl,
        boardName: context.boardName,
        status: flagged.status,
        reason: flagged.reason,
      }),
      submissionId: Number(flagged.submissionId),
    },
    context.now,
  );
}
