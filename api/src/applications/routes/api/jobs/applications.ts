import multipart from '@fastify/multipart';
import { APPLICATION_MESSAGES } from '@jobboard/contract/applications';
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '@jobboard/contract/common';
import { ENDPOINTS } from '@jobboard/contract/endpoints';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { Conflict, Invalid, NotFound, TooMany } from '../../../../platform/domain-errors';
import { CROSS_SITE, sameSiteOrigin } from '../../../../platform/http/csrf';
import { route } from '../../../../platform/http/endpoint-route';
import { HttpError } from '../../../../platform/http/http-error';
import { APPLICATION_FORM_LIMITS, readApplicationForm } from '../../../application-form';
import {
  applicationFormPage,
  applicationSentPage,
  noApplicationPage,
  sendPage,
} from '../../../application-page';

/**
 * POST /api/jobs/:id/applications (issue 42): the board's dialog sends it with the CSRF header
 * and reads JSON; the form drawn without JavaScript (GET /jobs/:id/application) posts the very
 * same multipart here as a browser does, and is answered with a page: the form again with its
 * messages, or the confirmation. One route, so one count of the limit (RATE_LIMITS.applyToJob).
 * Nothing an applicant sends acts with anyone's session, and a form posted from another site is
 * refused by its Origin, as every cross-site write is.
 */
const applicationRoutes: FastifyPluginAsync = async (app) => {
  const sameSite = sameSiteOrigin(app);
  // A résumé past its limit is read as one too large (its field's message), not thrown.
  await app.register(multipart, { limits: APPLICATION_FORM_LIMITS, throwFileSizeLimit: false });
  // Under /api/jobs, whose reads are public and cached: an application's answer is one person's.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
  });

  route(
    app,
    ENDPOINTS.applyToJob,
    {
      config: { rateLimit: app.config.rateLimits.applyToJob },
      onRequest: async (request) => {
        if (!sameSite(request)) throw new HttpError(403, CROSS_SITE);
      },
    },
    async (request, reply) => {
      const id = Number(request.params.id);
      const fromDialog = request.headers[CSRF_HEADER] === CSRF_HEADER_VALUE;
      let input: Awaited<ReturnType<typeof readApplicationForm>> | undefined;
      try {
        input = await readApplicationForm(request);
        // The spam check (issue 45) before anything else: the dialog sends a solved challenge,
        // the form drawn without JavaScript the proof the server drew it with.
        await app.humanProof.require(request, input.proof, { pageProofs: !fromDialog });
        if (input.resumeTooLarge) {
          throw new Invalid({ resume: APPLICATION_MESSAGES.resumeTooLarge });
        }
        const { id: applicationId, job } = await app.applications.submit(id, input, app.now());
        const email = (input.fields.email ?? '').trim();
        const message = APPLICATION_MESSAGES.sent(job.title, job.organization, email);
        if (fromDialog) return { id: String(applicationId), message };
        return sendPage(reply, 201, applicationSentPage({ boardName: board(app), job, email }));
      } catch (error) {
        if (fromDialog) throw error;
        return formAgain(request, reply, id, input, error);
      }
    },
  );
};

const board = (app: { config: { site: { boardName: string } } }) => app.config.site.boardName;

/**
 * The form without JavaScript, drawn again with what was typed and why it was refused: each
 * field's message, or one for the whole form (a second application, a limit, a broken body). A
 * job that takes no application here says so instead.
 */
async function formAgain(
  request: FastifyRequest,
  reply: FastifyReply,
  id: number,
  input: Awaited<ReturnType<typeof readApplicationForm>> | undefined,
  error: unknown,
) {
  const app = request.server;
  const status =
    error instanceof Invalid
      ? 400
      : error instanceof Conflict
        ? 409
        : error instanceof TooMany
          ? 429
          : error instanceof HttpError
            ? error.statusCode
            : undefined;
  if (error instanceof NotFound) return reply.callNotFound();
  if (status === undefined) throw error;
  let open;
  try {
    open = await app.applications.openJob(id);
  } catch (closed) {
    if (closed instanceof NotFound) return reply.callNotFound();
    if (!(closed instanceof Conflict)) throw closed;
    const message = closed.message;
    return sendPage(
      reply,
      409,
      noApplicationPage({ boardName: board(app), jobId: String(id), message }),
    );
  }
  if (error instanceof TooMany) reply.header('Retry-After', String(error.retryAfterSeconds));
  return sendPage(
    reply,
    status,
    applicationFormPage({
      boardName: board(app),
      job: open.job,
      questions: open.questions,
      values: input?.fields,
      proof: await app.humanProof.pageProof(app.now()),
      ...(error instanceof Invalid
        ? { errors: error.fields }
        : { notice: (error as Error).message }),
    }),
  );
}

export default applicationRoutes;
