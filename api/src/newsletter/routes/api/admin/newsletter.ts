import { ENDPOINTS } from '@jobboard/contract/endpoints';
import type { FastifyPluginAsync } from 'fastify';
import { auditActor } from '../../../../jobs';
import { route } from '../../../../platform/http/endpoint-route';

/**
 * /api/admin/newsletter: the newsletter page, a block's preview, sending it to Ghost as a draft
 * and the weekly schedule (issue 44).
 */
const newsletterRoutes: FastifyPluginAsync = async (app) => {
  route(app, ENDPOINTS.newsletterPage, {}, async () => app.newsletter.page(app.now()));

  route(app, ENDPOINTS.newsletterPreview, {}, async (request) =>
    app.newsletter.preview(request.body, app.now()),
  );

  route(app, ENDPOINTS.sendNewsletter, {}, async (request) => {
    const issue = await app.newsletter.send(
      request.body,
      auditActor(request.admin).actor,
      app.now(),
    );
    request.log.info(
      { admin: request.admin?.username, issue: issue.id, ghostPost: issue.ghostPostId },
      'newsletter draft made in Ghost',
    );
    return issue;
  });

  route(app, ENDPOINTS.updateNewsletterSchedule, {}, async (request) => {
    const schedule = await app.newsletter.setSchedule(
      request.body,
      auditActor(request.admin).actor,
      app.now(),
    );
    request.log.info({ admin: request.admin?.username, schedule }, 'newsletter schedule changed');
    return schedule;
  });
};

export default newsletterRoutes;
