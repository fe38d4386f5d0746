import { ENDPOINTS, PAY_LINK_MESSAGES, PAYMENT_MESSAGES } from '@jobboard/contract';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { route } from '../../http/endpoint-route';
import { HttpError } from '../../http/http-error';
import { createCheckoutSession, prepareCharge } from '../../payments/checkout';
import { payPageView } from '../../payments/pay-page';
import { payLinkSubmission, type PayLink } from '../../payments/payment-tokens';
import { expireMarkedSessions } from '../../payments/session-expiry';
import stripeWebhookRoutes from './stripe-webhook';

/**
 * The employer's side of payment (docs/architecture.md, flows): the pay link shows what is owed and starts a
 * fresh Stripe Checkout Session on each visit; Stripe's webhook records the payment.
 */
const paymentsRoutes: FastifyPluginAsync = async (app) => {
  const payLink = (request: FastifyRequest, token: string): Promise<PayLink> =>
    payLinkSubmission(token, app.serviceContext(request), app.config.site.jobsEmail);

  route(app, ENDPOINTS.payPage, {}, async (request) =>
    payPageView(await payLink(request, request.params.token), app.stripe !== null),
  );

  route(
    app,
    ENDPOINTS.payCheckout,
    { config: { rateLimit: { max: 20, timeWindow: '10 minutes' } } },
    async (request) => {
      const { submission: linked, link } = await payLink(request, request.params.token);
      if (linked.status === 'paid') throw new HttpError(409, PAY_LINK_MESSAGES.alreadyPaid);
      if (!app.stripe) {
        throw new HttpError(503, PAYMENT_MESSAGES.notSetUp);
      }
      const context = app.serviceContext(request);
      const submission = await prepareCharge(linked.id, context);
      // Sessions an earlier amount change could not expire (Stripe was down): try again now.
      await expireMarkedSessions(submission.id, context);
      try {
        const { url } = await createCheckoutSession(
          app.stripe,
          submission,
          { token: request.params.token, linkId: Number(link.id) },
          context,
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

  await app.register(stripeWebhookRoutes);
};

export default paymentsRoutes;
