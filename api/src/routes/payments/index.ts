import { PAY_LINK_MESSAGES, PAYMENT_MESSAGES } from '@jobboard/contract';
import type { FastifyPluginAsync } from 'fastify';
import { HttpError, notFound } from '../../http/http-error';
import { createCheckoutSession, prepareCharge } from '../../payments/checkout';
import { payPageView } from '../../payments/pay-page';
import { findByPaymentToken, paymentLinkExpired } from '../../payments/payment-tokens';
import { expireMarkedSessions } from '../../payments/session-expiry';
import type { SubmissionRow } from '../../payments/submission-row';
import stripeWebhookRoutes from './stripe-webhook';

/**
 * The employer's side of payment (docs/architecture.md, flows): the pay link shows what is owed and starts a
 * fresh Stripe Checkout Session on each visit; Stripe's webhook records the payment.
 */
const paymentsRoutes: FastifyPluginAsync = async (app) => {
  /**
   * The submission behind a pay link: 404 for an unknown or replaced link, 410 once the
   * submission cannot be paid or the link has expired. A paid listing's link stays its receipt.
   */
  async function linkedSubmission(token: string): Promise<SubmissionRow> {
    const submission = await findByPaymentToken(app.db, token);
    if (!submission) throw notFound(PAY_LINK_MESSAGES.invalid);
    if (submission.status === 'paid') return submission;
    if (submission.status !== 'approved') throw new HttpError(410, PAY_LINK_MESSAGES.noLongerValid);
    if (paymentLinkExpired(submission, app.now())) {
      throw new HttpError(410, PAY_LINK_MESSAGES.expired(app.config.site.jobsEmail));
    }
    return submission;
  }

  app.get<{ Params: { token: string } }>('/pay/:token', async (request) => {
    const submission = await linkedSubmission(request.params.token);
    return payPageView(submission, app.stripe !== null);
  });

  app.post<{ Params: { token: string } }>(
    '/pay/:token/checkout',
    { config: { rateLimit: { max: 20, timeWindow: '10 minutes' } } },
    async (request) => {
      const linked = await linkedSubmission(request.params.token);
      if (linked.status === 'paid') throw new HttpError(409, PAY_LINK_MESSAGES.alreadyPaid);
      if (!app.stripe) {
        throw new HttpError(503, PAYMENT_MESSAGES.notSetUp);
      }
      const submission = await prepareCharge(app.db, linked.id, app.now());
      // Sessions an earlier amount change could not expire (Stripe was down): try again now.
      await expireMarkedSessions(app.stripe, app.db, submission.id, request.log);
      try {
        const { url } = await createCheckoutSession(
          app.stripe,
          app.db,
          submission,
          request.params.token,
          app.config.publicUrl,
          app.now(),
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
