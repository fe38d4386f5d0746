import { ENDPOINTS } from '@jobboard/contract/endpoints';
import { PAY_LINK_MESSAGES, PAYMENT_MESSAGES } from '@jobboard/contract/payments';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../../platform/http/endpoint-route';
import { HttpError } from '../../../platform/http/http-error';

/**
 * /api/pay/:token: the employer's side of payment (docs/architecture.md, flows). The pay link shows
 * what is owed and starts a fresh Stripe Checkout Session on each visit; Stripe's webhook
 * (stripe/webhook.ts) records the payment.
 */
const paymentsRoutes: FastifyPluginAsync = async (app) => {
  const payments = app.payments;

  route(app, ENDPOINTS.payPage, {}, async (request) =>
    payments.payPage(await payments.payLink(request.params.token, app.now())),
  );

  route(app, ENDPOINTS.payBilling, {}, async (request) =>
    payments.saveBuyer(request.params.token, request.body, app.now()),
  );

  route(
    app,
    ENDPOINTS.payInvoice,
    { config: { rateLimit: app.config.rateLimits.payInvoice } },
    async (request) => {
      const now = app.now();
      const link = await payments.payLink(request.params.token, now);
      if (link.submission.status === 'paid')
        throw new HttpError(409, PAY_LINK_MESSAGES.alreadyPaid);
      if (!app.stripe) throw new HttpError(503, PAYMENT_MESSAGES.notSetUp);
      let requested;
      try {
        requested = await payments.requestInvoice(app.stripe, link, request.body, now);
      } catch (error) {
        if (!isStripeFailure(error)) throw error;
        request.log.error(
          { err: error, submissionId: link.submission.id },
          'could not send a Stripe invoice',
        );
        throw new HttpError(503, PAYMENT_MESSAGES.unreachable);
      }
      await payments.expireMarkedSessions(link.submission.id, request.log);
      return requested;
    },
  );

  route(
    app,
    ENDPOINTS.payCheckout,
    { config: { rateLimit: app.config.rateLimits.payCheckout } },
    async (request) => {
      const now = app.now();
      const { submission: linked, link } = await payments.payLink(request.params.token, now);
      if (linked.status === 'paid') throw new HttpError(409, PAY_LINK_MESSAGES.alreadyPaid);
      if (!app.stripe) {
        throw new HttpError(503, PAYMENT_MESSAGES.notSetUp);
      }
      const submission = await payments.prepareCharge(linked.id, now);
      // Sessions an earlier amount change could not expire (Stripe was down): try again now.
      await payments.expireMarkedSessions(submission.id, request.log);
      try {
        const { url } = await payments.createCheckoutSession(
          app.stripe,
          submission,
          { token: request.params.token, linkId: Number(link.id) },
          now,
        );
        return { url };
      } catch (error) {
        // Stripe down, unreachable or failing: the details go to the log only, and the employer
        // is told to try again (503: our payment service is unavailable for now).
        request.log.error(
          { err: error, submissionId: submission.id },
          'could not create a Stripe checkout session',
        );
        throw new HttpError(503, PAYMENT_MESSAGES.unreachable);
      }
    },
  );
};

/** An error of Stripe's client (down, refused, timed out), not one of ours (Conflict, Gone...). */
const isStripeFailure = (error: unknown) =>
  typeof (error as { type?: unknown })?.type === 'string' &&
  String((error as { type: string }).type).startsWith('Stripe');

export default paymentsRoutes;
