import { PAYMENT_MESSAGES } from '@jobboard/contract';
import type { FastifyPluginAsync } from 'fastify';
import { HttpError, notFound } from '../../http/http-error';
import { createCheckoutSession } from '../../payments/checkout';
import { payPageView } from '../../payments/pay-page';
import { findByPaymentToken } from '../../payments/payment-tokens';
import type { SubmissionRow } from '../../payments/submission-row';
import stripeWebhookRoutes from './stripe-webhook';

/**
 * The employer's side of payment (DESIGN.md 5): the pay link shows what is owed and starts a
 * fresh Stripe Checkout Session on each visit; Stripe's webhook records the payment.
 */
const paymentsRoutes: FastifyPluginAsync = async (app) => {
  /** The submission behind a live pay link; dead links answer 404 / 410. */
  async function payableSubmission(token: string): Promise<SubmissionRow> {
    const submission = await findByPaymentToken(app.db, token);
    if (!submission) throw notFound('This payment link is not valid.');
    if (submission.status !== 'approved' && submission.status !== 'paid') {
      throw new HttpError(410, 'This payment link is no longer valid.');
    }
    return submission;
  }

  app.get<{ Params: { token: string } }>('/pay/:token', async (request) => {
    const submission = await payableSubmission(request.params.token);
    return payPageView(submission, app.stripe !== null);
  });

  app.post<{ Params: { token: string } }>(
    '/pay/:token/checkout',
    { config: { rateLimit: { max: 20, timeWindow: '10 minutes' } } },
    async (request) => {
      const submission = await payableSubmission(request.params.token);
      if (submission.status === 'paid')
        throw new HttpError(409, 'This listing is already paid for.');
      if (!app.stripe) {
        throw new HttpError(503, PAYMENT_MESSAGES.notSetUp);
      }
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
