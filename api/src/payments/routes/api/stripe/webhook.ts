import { ENDPOINTS } from '@jobboard/contract/endpoints';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { Counter } from 'prom-client';
import type Stripe from 'stripe';
import { route } from '../../../../platform/http/endpoint-route';
import { HttpError } from '../../../../platform/http/http-error';

/** Stripe events can exceed the app's 64 KB body limit; they are signed, so size is the only risk. */
const WEBHOOK_BODY_LIMIT = 1024 * 1024;

/**
 * POST /api/stripe/webhook. A plugin of its own (as every route file is) so that, here only, JSON
 * bodies stay raw bytes: the signature is computed over the exact bytes Stripe sent.
 */
/**
 * Why Stripe's webhook requests failed (issue 46): refused (`not_configured`, `unsigned`,
 * `bad_signature`) or failed while applying the event (`failed`: Stripe retries it).
 */
const FAILURE_REASONS = ['not_configured', 'unsigned', 'bad_signature', 'failed'] as const;
type FailureReason = (typeof FAILURE_REASONS)[number];

class WebhookRefused extends HttpError {
  constructor(
    readonly reason: FailureReason,
    status: number,
    message: string,
  ) {
    super(status, message);
  }
}

const stripeWebhookRoutes: FastifyPluginAsync = async (app) => {
  const failures = new Counter({
    name: 'jobboard_stripe_webhook_failures_total',
    help: 'Stripe webhook requests refused (not configured, unsigned, bad or old signature) or failed while applying the event, since the process started, by reason.',
    labelNames: ['reason'] as const,
    registers: [app.metrics.registry],
  });
  for (const reason of FAILURE_REASONS) failures.inc({ reason }, 0);

  app.addContentTypeParser(
    'application/json',
    { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT },
    (_request, body, done) => done(null, body),
  );

  route(app, ENDPOINTS.stripeWebhook, { bodyLimit: WEBHOOK_BODY_LIMIT }, async (request) => {
    try {
      return await receive(request);
    } catch (error) {
      failures.inc({ reason: error instanceof WebhookRefused ? error.reason : 'failed' });
      throw error;
    }
  });

  const receive = async (request: FastifyRequest) => {
    const secret = app.config.stripe?.webhookSecret;
    if (!app.stripe || !secret)
      throw new WebhookRefused('not_configured', 503, 'Stripe webhooks are not configured');
    const signature = request.headers['stripe-signature'];
    if (typeof signature !== 'string' || !Buffer.isBuffer(request.body)) {
      throw new WebhookRefused('unsigned', 400, 'A signed Stripe event is required');
    }
    let event: Stripe.Event;
    try {
      // An event's age (at most Stripe's five minutes) is counted on the app's clock.
      event = app.stripe.webhooks.constructEvent(
        request.body,
        signature,
        secret,
        undefined,
        undefined,
        app.now().getTime(),
      );
    } catch {
      throw new WebhookRefused('bad_signature', 400, 'The Stripe signature is invalid or too old');
    }
    const outcome = await app.payments.applyStripeEvent(event, app.now());
    const logged = { eventId: event.id, eventType: event.type, outcome };
    if (outcome.handled === 'flagged' || outcome.handled === 'renewal-flagged')
      request.log.warn(logged, 'stripe payment flagged for review');
    else request.log.info(logged, 'stripe webhook');
    if (outcome.handled === 'publish' || outcome.handled === 'flagged') {
      // After the commit: a paid listing's other sessions, and any an amount change left open.
      await app.payments.expireMarkedSessions(outcome.submissionId, request.log);
    }
    return { received: true as const };
  };
};

export default stripeWebhookRoutes;
