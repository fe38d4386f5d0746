import { ENDPOINTS } from '@jobboard/contract/endpoints';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../../../platform/http/endpoint-route';

/** /api/admin/emails: the outbox page by page, and a failed message sent again. */
const emailsRoutes: FastifyPluginAsync = async (app) => {
  route(app, ENDPOINTS.adminEmails, {}, async (request) => app.backoffice.emails(request.query));

  route(app, ENDPOINTS.resendEmail, {}, async (request) => {
    const email = await app.backoffice.resendEmail(request.params.id, app.now());
    request.log.info({ emailId: email.id, admin: request.admin?.username }, 'e-mail queued again');
    return email;
  });
};

export default emailsRoutes;
