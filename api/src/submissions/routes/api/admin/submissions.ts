import { ENDPOINTS } from '@jobboard/contract/endpoints';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { route } from '../../../../platform/http/endpoint-route';
import { HttpError } from '../../../../platform/http/http-error';

/**
 * /api/admin/submissions: the review queue (docs/product.md#states-and-transitions and docs/product.md#calls), each change only from the states the
 * spec allows (submissions/review/).
 */
const adminSubmissionsRoutes: FastifyPluginAsync = async (app) => {
  const review = app.review;
  const reviewer = (request: FastifyRequest) => request.admin!;
  /**
   * A decision on a submission, logged once made with the submission and the admin who made it
   * (and what `details` reads from its result); its result is the answer.
   */
  const logDecision = async <Result>(
    request: FastifyRequest & { params: { id: number } },
    message: string,
    decision: Promise<Result>,
    details: (result: Result) => Record<string, unknown> = () => ({}),
  ): Promise<Result> => {
    const result = await decision;
    request.log.info(
      { submissionId: request.params.id, admin: reviewer(request).username, ...details(result) },
      message,
    );
    return result;
  };

  route(app, ENDPOINTS.submissions, {}, async () => review.list(app.now()));

  /** Whether payments go through Stripe, or admins mark them by hand. */
  route(app, ENDPOINTS.paymentsMode, {}, async () => ({
    stripeConfigured: app.payments.stripeConfigured,
  }));

  route(app, ENDPOINTS.submission, {}, async (request) => review.get(request.params.id, app.now()));

  route(app, ENDPOINTS.approveSubmission, {}, async (request) =>
    logDecision(
      request,
      'submission approved',
      review.approve(
        request.params.id,
        {
          useCredit: request.body.useCredit === true,
          updateCompany: [...new Set(request.body.updateCompany ?? [])],
          seenEditedAt: request.body.editedAt,
        },
        reviewer(request),
        app.now(),
      ),
      (result) => ({
        publishedWithCredit: result.publishedWithCredit,
        updateCompany: request.body.updateCompany ?? [],
      }),
    ),
  );

  route(app, ENDPOINTS.rejectSubmission, {}, async (request) =>
    logDecision(
      request,
      'submission rejected',
      review.reject(request.params.id, request.body.notes ?? null, reviewer(request), app.now()),
    ),
  );

  route(app, ENDPOINTS.updateAmount, {}, async (request) =>
    review.updateAmount(
      request.params.id,
      request.body.amount,
      reviewer(request),
      app.now(),
      request.log,
    ),
  );

  /** A new pay link (`{ paymentUrl, expiresAt, earlierLinksValid }`); earlier links keep working. */
  route(app, ENDPOINTS.issuePaymentLink, {}, async (request) =>
    review.paymentLinkFor(request.params.id, reviewer(request), app.now()),
  );

  /** 'Revoke links': every pay link of the listing stops working, the e-mailed one too. */
  route(app, ENDPOINTS.revokePaymentLinks, {}, async (request) =>
    logDecision(
      request,
      'payment links revoked',
      review.revokePaymentLinks(request.params.id, reviewer(request), app.now(), request.log),
      (result) => ({ revoked: result.revoked }),
    ),
  );

  /** A flagged payment (needs review / refund) has been dealt with. */
  route(app, ENDPOINTS.resolvePaymentIssue, {}, async (request) =>
    review.resolvePaymentIssue(
      request.params.id,
      request.params.paymentId,
      reviewer(request),
      app.now(),
    ),
  );

  route(app, ENDPOINTS.markPaid, {}, async (request) => {
    if (app.payments.stripeConfigured)
      throw new HttpError(
        409,
        'Payments go through Stripe; they are recorded when Stripe confirms them.',
      );
    return review.markPaidByHand(request.params.id, reviewer(request), app.now());
  });
};

export default adminSubmissionsRoutes;
