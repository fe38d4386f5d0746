import { parseRecordId } from '@jobboard/contract/jobs';
import type { FastifyPluginAsync } from 'fastify';
import { Conflict, NotFound } from '../../../platform/domain-errors';
import { applicationFormPage, noApplicationPage, sendPage } from '../../application-page';

/**
 * GET /jobs/:id/application: the application form drawn by the server (application-page.ts), where
 * the job page's Apply link leads when no script runs. A job that takes no application on the
 * board says why; one that is not public is the site's 404.
 */
const applicationPageRoutes: FastifyPluginAsync = async (app) => {
  app.get<{ Params: { id: string } }>('/:id/application', async (request, reply) => {
    // Every answer, the 404 too: the page is drawn for a moment, never kept.
    reply.header('Cache-Control', 'no-store');
    const id = parseRecordId(request.params.id);
    if (id === null) return reply.callNotFound();
    const boardName = app.config.site.boardName;
    try {
      const { job, questions } = await app.applications.openJob(id);
      const proof = await app.humanProof.pageProof(app.now());
      return sendPage(reply, 200, applicationFormPage({ boardName, job, questions, proof }));
    } catch (error) {
      if (error instanceof NotFound) return reply.callNotFound();
      if (!(error instanceof Conflict)) throw error;
      const message = error.message;
      return sendPage(reply, 409, noApplicationPage({ boardName, jobId: String(id), message }));
    }
  });
};

export default applicationPageRoutes;
