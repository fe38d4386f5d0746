import {
  AmountUpdate,
  ApproveSubmission,
  RejectSubmission,
  parseRecordId,
} from '@jobboard/contract';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import {
  approve,
  getSubmission,
  listSubmissions,
  markPaidByHand,
  paymentLinkFor,
  reject,
  resolvePaymentIssue,
  updateAmount,
  type ReviewContext,
} from '../../admin/review-service';
import { HttpError, notFound } from '../../http/http-error';
import { validateInput } from '../../http/validate';

type IdParams = { Params: { id: string } };

/** An id in the URL; an id that cannot name a record (too large, not a number) is a 404. */
const recordId = (id: string, message: string) => {
  const parsed = parseRecordId(id);
  if (parsed === null) throw notFound(message);
  return parsed;
};
const submissionId = (id: string) => recordId(id, 'Submission not found');

/** The review queue (SPEC.md 4 and 7): each change only from the states the spec allows. */
const adminSubmissionsRoutes: FastifyPluginAsync = async (app) => {
  const context = (request: FastifyRequest): ReviewContext => ({
    db: app.db,
    jobs: app.jobs,
    now: app.now(),
    publicUrl: app.config.publicUrl,
    boardName: app.config.site.boardName,
    stripe: app.stripe,
    log: request.log,
  });
  const reviewer = (request: FastifyRequest) => request.admin!;

  app.get('/', async () => listSubmissions(app.db, app.config.site.boardName));

  /** Whether payments go through Stripe, or admins mark them by hand. */
  app.get('/payments', async () => ({ stripeConfigured: app.stripe !== null }));

  app.get<IdParams>('/:id', async (request) =>
    getSubmission(app.db, submissionId(request.params.id), app.config.site.boardName),
  );

  app.post<IdParams>('/:id/approve', async (request) => {
    const { useCredit } = validateInput(ApproveSubmission, request.body ?? {});
    const result = await approve(
      submissionId(request.params.id),
      { useCredit: useCredit === true },
      reviewer(request),
      context(request),
    );
    app.mailer.nudge();
    request.log.info(
      {
        submissionId: request.params.id,
        admin: reviewer(request).username,
        publishedWithCredit: result.publishedWithCredit,
      },
      'submission approved',
    );
    return result;
  });

  app.post<IdParams>('/:id/reject', async (request) => {
    const { notes } = validateInput(RejectSubmission, request.body ?? {});
    const result = await reject(
      submissionId(request.params.id),
      notes ?? null,
      reviewer(request),
      context(request),
    );
    app.mailer.nudge();
    request.log.info(
      { submissionId: request.params.id, admin: reviewer(request).username },
      'submission rejected',
    );
    return result;
  });

  app.put<IdParams>('/:id/amount', async (request) => {
    const { amount } = validateInput(AmountUpdate, request.body);
    return updateAmount(
      submissionId(request.params.id),
      amount,
      reviewer(request),
      context(request),
    );
  });

  /** A new pay link (`{ paymentUrl, expiresAt }`); every earlier link of the submission dies. */
  app.post<IdParams>('/:id/payment-link', async (request) =>
    paymentLinkFor(submissionId(request.params.id), reviewer(request), context(request)),
  );

  /** A flagged payment (needs review / refund) has been dealt with. */
  app.post<{ Params: { id: string; paymentId: string } }>(
    '/:id/payments/:paymentId/resolve',
    async (request) =>
      resolvePaymentIssue(
        submissionId(request.params.id),
        recordId(request.params.paymentId, 'No flagged payment with this id on this submission'),
        reviewer(request),
        context(request),
      ),
  );

  app.post<IdParams>('/:id/mark-paid', async (request) => {
    if (app.stripe)
      throw new HttpError(
        409,
        'Payments go through Stripe; they are recorded when Stripe confirms them.',
      );
    const result = await markPaidByHand(
      submissionId(request.params.id),
      reviewer(request),
      context(request),
    );
    app.mailer.nudge();
    return result;
  });
};

export default adminSubmissionsRoutes;
