import { listingTier } from '@jobboard/contract';
import type { Knex } from 'knex';
import type Stripe from 'stripe';
import type { SubmissionRow } from './submission-row';

const HOUR_MS = 60 * 60 * 1000;
/**
 * Repeated clicks on Pay within this window get the same Checkout Session back (Stripe answers a
 * repeated idempotency key with the first result). A session lives 24 hours, so one reused at the
 * end of a 12-hour window still has 12 hours left.
 */
const REUSE_WINDOW_MS = 12 * HOUR_MS;

/**
 * A Stripe Checkout Session for what the submission owes now, in USD, tied to the submission by
 * `client_reference_id` and metadata (the webhook reads them back).
 */
export async function createCheckoutSession(
  stripe: Stripe,
  db: Knex,
  submission: SubmissionRow,
  token: string,
  publicUrl: string,
  now: Date,
): Promise<{ url: string; sessionId: string }> {
  const tier = listingTier(submission.listing_type);
  const reference = String(submission.id);
  const window = Math.floor(now.getTime() / REUSE_WINDOW_MS);
  const session = await stripe.checkout.sessions.create(
    {
      mode: 'payment',
      line_items: [
        {
          quantity: 1,
          price_data: {
            currency: 'usd',
            unit_amount: submission.amount_cents,
            product_data: {
              name: `${tier.name}: ${submission.title}`,
              description: `${submission.organization}, ${tier.duration}`,
            },
          },
        },
      ],
      client_reference_id: reference,
      metadata: { submissionId: reference },
      payment_intent_data: { metadata: { submissionId: reference } },
      customer_email: submission.contact_email,
      success_url: `${publicUrl}/pay/${token}/success?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${publicUrl}/pay/${token}/cancel`,
    },
    { idempotencyKey: `checkout-${reference}-${submission.amount_cents}-${window}` },
  );
  if (!session.url) throw new Error(`Stripe returned checkout session ${session.id} without a URL`);
  await db('payments')
    .insert({
      submission_id: submission.id,
      provider: 'stripe',
      checkout_session_id: session.id,
      amount_cents: submission.amount_cents,
      currency: 'usd',
      status: 'open',
      created_at: now.getTime(),
    })
    .onConflict('checkout_session_id')
    .ignore();
  return { url: session.url, sessionId: session.id };
}
