import { AmountUpdate, RejectSubmission, parseRecordId } from '@jobboard/contract';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import {
  approve,
  getSubmission,
  listSubmissions,
  markPaidByHand,
  paymentLinkFor,
  reject,
  updateAmount,
  type ReviewContext,
} from '../../admin/review-service';
import { HttpError, notFound } from '../../http/http-error';
import { validateInput } from '../../http/validate';

type IdParams = { Params: { id: string } };

/** The id in the URL; an id that cannot name a record (too large, not a number) is a 404. */
const submissionId = (id: string) => {
  const parsed = parseRecordId(id);
  if (parsed === null) throw notFound('Submission not found');
  return parsed;
};

/** The review queue (SPEC.md 4 and 7): each change only from the states the spec allows. */
const adminSubmissionsRoutes: FastifyPluginAsync = async (app) => {
  const context = (): ReviewContext => ({
    db: app.db,
    jobs: app.jobs,
    now: app.now(),
    publicUrl: app.config.publicUrl,
    boardName: app.config.site.boardName,
  });
  const reviewer = (request: FastifyRequest) => request.admin!;

  app.get('/', async () => listSubmissions(app.db));

  /** Whether payments go through Stripe, or admins mark them by hand. */
  app.get('/payments', async () => ({ stripeConfigured: app.stripe !== null }));

  app.get<IdParams>('/:id', async (request) =>
    getSubmission(app.db, submissionId(request.params.id)),
  );

  app.post<IdParams>('/:id/approve', async (request) => {
    const result = await approve(submissionId(request.params.id), reviewer(request), context());
    app.mailer.nudge();
    request.log.info(
      { submissionId: request.params.id, admin: reviewer(request).username },
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
      context(),
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
    return updateAmount(submissionId(request.params.id), amount, reviewer(request), context());
  });

  app.post<IdParams>('/:id/payment-link', async (request) => ({
    paymentUrl: await paymentLinkFor(submissionId(request.params.id), context()),
  }));

  app.post<IdParams>('/:id/mark-paid', async (request) => {
    if (app.stripe)
      throw new HttpError(
        409,
        'Payments go through Stripe; they are recorded when Stripe confirms them.',
      );
    const result = await markPaidByHand(
      submissionId(request.params.id),
      reviewer(request),
      context(),
    );
    app.mailer.nudge();
    return result;
  });
};

export default adminSubmissionsRoutes;
