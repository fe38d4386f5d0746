import { ENDPOINTS } from '@jobboard/contract/endpoints';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../../platform/http/endpoint-route';

/** /api/pages/{slug}: a legal page, for the board's page when the browser moves to it. */
const legalPageRoutes: FastifyPluginAsync = async (app) => {
  route(app, ENDPOINTS.legalPage, {}, async (request, reply) => {
    // Short: an edited file shows within a minute even to a browser that read it before.
    void reply.header('Cache-Control', 'public, max-age=60');
    return app.legalPages.page(request.params.slug);
  });
};

export default legalPageRoutes;
