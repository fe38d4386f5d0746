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
  /** Each decision on a submission is logged with the submission and the admin who made it. */
  const logDecision = (
    request: FastifyRequest & { params: { id: number } },
    message: string,
    details: Record<string, unknown> = {},
  ) =>
    request.log.info(
      { submissionId: request.params.id, admin: reviewer(request).username, ...details },
      message,
    );

  route(app, ENDPOINTS.submissions, {}, async () => review.list(app.now()));

  /** Whether payments go through Stripe, or admins mark them by hand. */
  route(app, ENDPOINTS.paymentsMode, {}, async () => ({
    stripeConfigured: app.payments.stripeConfigured,
  }));

  route(app, ENDPOINTS.submission, {}, async (request) => review.get(request.params.id, app.now()));

  route(app, ENDPOINTS.approveSubmission, {}, async (request) => {
    const result = await review.approve(
      request.params.id,
      {
        useCredit: request.body.useCredit === true,
        updateCompany: [...new Set(request.body.updateCompany ?? [])],
      },
      reviewer(request),
      app.now(),
    );
    logDecision(request, 'submission approved', {
      publishedWithCredit: result.publishedWithCredit,
      updateCompany: request.body.updateCompany ?? [],
    });
    return result;
  });

  route(app, ENDPOINTS.rejectSubmission, {}, async (request) => {
    const result = await review.reject(
      request.params.id,
      request.body.notes ?? null,
      reviewer(request),
      app.now(),
    );
    logDecision(request, 'submission rejected');
    return result;
  });

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
  route(app, ENDPOINTS.revokePaymentLinks, {}, async (request) => {
    const result = await review.revokePaymentLinks(
      request.params.id,
      reviewer(request),
      app.now(),
      request.log,
    );
    logDecision(request, 'payment links revoked', { revoked: result.revoked });
    return result;
  });

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
