import { ENDPOINTS } from '@jobboard/contract';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import {
  approve,
  getSubmission,
  listSubmissions,
  markPaidByHand,
  paymentLinkFor,
  reject,
  resolvePaymentIssue,
  revokePaymentLinks,
  updateAmount,
} from '../../submissions/review-service';
import { route } from '../../http/endpoint-route';
import { HttpError } from '../../http/http-error';

/** The review queue (SPEC.md 4 and 7): each change only from the states the spec allows. */
const adminSubmissionsRoutes: FastifyPluginAsync = async (app) => {
  const context = (request: FastifyRequest) => app.serviceContext(request);
  const reviewer = (request: FastifyRequest) => request.admin!;

  route(app, ENDPOINTS.submissions, {}, async (request) => listSubmissions(context(request)));

  /** Whether payments go through Stripe, or admins mark them by hand. */
  route(app, ENDPOINTS.paymentsMode, {}, async () => ({ stripeConfigured: app.stripe !== null }));

  route(app, ENDPOINTS.submission, {}, async (request) =>
    getSubmission(context(request), app.db, request.params.id),
  );

  route(app, ENDPOINTS.approveSubmission, {}, async (request) => {
    const result = await approve(
      request.params.id,
      {
        useCredit: request.body.useCredit === true,
        updateCompany: [...new Set(request.body.updateCompany ?? [])],
      },
      reviewer(request),
      context(request),
    );
    request.log.info(
      {
        submissionId: request.params.id,
        admin: reviewer(request).username,
        publishedWithCredit: result.publishedWithCredit,
        updateCompany: request.body.updateCompany ?? [],
      },
      'submission approved',
    );
    return result;
  });

  route(app, ENDPOINTS.rejectSubmission, {}, async (request) => {
    const result = await reject(
      request.params.id,
      request.body.notes ?? null,
      reviewer(request),
      context(request),
    );
    request.log.info(
      { submissionId: request.params.id, admin: reviewer(request).username },
      'submission rejected',
    );
    return result;
  });

  route(app, ENDPOINTS.updateAmount, {}, async (request) =>
    updateAmount(request.params.id, request.body.amount, reviewer(request), context(request)),
  );

  /** A new pay link (`{ paymentUrl, expiresAt, earlierLinksValid }`); earlier links keep working. */
  route(app, ENDPOINTS.issuePaymentLink, {}, async (request) =>
    paymentLinkFor(request.params.id, reviewer(request), context(request)),
  );

  /** 'Revoke links': every pay link of the listing stops working, the e-mailed one too. */
  route(app, ENDPOINTS.revokePaymentLinks, {}, async (request) => {
    const result = await revokePaymentLinks(request.params.id, reviewer(request), context(request));
    request.log.info(
      {
        submissionId: request.params.id,
        admin: reviewer(request).username,
        revoked: result.revoked,
      },
      'payment links revoked',
    );
    return result;
  });

  /** A flagged payment (needs review / refund) has been dealt with. */
  route(app, ENDPOINTS.resolvePaymentIssue, {}, async (request) =>
    resolvePaymentIssue(
      request.params.id,
      request.params.paymentId,
      reviewer(request),
      context(request),
    ),
  );

  route(app, ENDPOINTS.markPaid, {}, async (request) => {
    if (app.stripe)
      throw new HttpError(
        409,
        'Payments go through Stripe; they are recorded when Stripe confirms them.',
      );
    return markPaidByHand(request.params.id, reviewer(request), context(request));
  });
};

export default adminSubmissionsRoutes;
