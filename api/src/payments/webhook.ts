import type { Knex } from 'knex';
import type Stripe from 'stripe';
import { markPaidAndPublish, type PublishContext, type PublishOutcome } from './publishing';

/** The events that mean "this Checkout Session is paid". */
const PAID_EVENTS = new Set([
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
]);

export type WebhookOutcome =
  | { handled: 'duplicate' }
  | { handled: 'ignored'; reason: string }
  | { handled: 'publish'; submissionId: number; result: PublishOutcome };

/**
 * Apply one verified Stripe event, once: its id is recorded in the same transaction as its
 * effects, so a repeated delivery finds it and changes nothing, and a failure part-way leaves
 * neither the effects nor the record (Stripe's retry then applies it whole). Events in any order
 * are safe: publishing only ever moves an approved submission to paid.
 */
export async function applyStripeEvent(
  db: Knex,
  event: Stripe.Event,
  context: Omit<PublishContext, 'now'>,
  now: Date,
): Promise<WebhookOutcome> {
  return db.transaction(async (trx) => {
    const inserted = await trx('processed_webhook_events')
      .insert({ event_id: event.id, type: event.type, processed_at: now.getTime() })
      .onConflict('event_id')
      .ignore()
      .returning('event_id');
    if (inserted.length === 0) return { handled: 'duplicate' };

    if (!PAID_EVENTS.has(event.type))
      return { handled: 'ignored', reason: `event type ${event.type}` };
    const session = event.data.object as Stripe.Checkout.Session;
    if (event.type === 'checkout.session.completed' && session.payment_status !== 'paid') {
      // Delayed payment methods: the money is not in yet; async_payment_succeeded follows.
      return { handled: 'ignored', reason: `payment_status ${session.payment_status}` };
    }
    const submissionId = Number(session.client_reference_id ?? session.metadata?.submissionId);
    if (!Number.isSafeInteger(submissionId) || submissionId <= 0) {
      return { handled: 'ignored', reason: 'no submission reference' };
    }
    const result = await markPaidAndPublish(
      trx,
      submissionId,
      {
        provider: 'stripe',
        actor: 'stripe',
        checkoutSessionId: session.id,
        amountCents: session.amount_total ?? 0,
        note: `Stripe ${event.type} (${event.id})`,
      },
      { ...context, now },
    );
    return { handled: 'publish', submissionId, result };
  });
}
