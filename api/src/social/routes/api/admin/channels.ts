import { ENDPOINTS } from '@jobboard/contract/endpoints';
import type { FastifyPluginAsync } from 'fastify';
import { auditActor } from '../../../../jobs';
import { route } from '../../../../platform/http/endpoint-route';

/**
 * /api/admin/channels and below: the channels new listings are posted to, each turned on or off
 * with its template, and the log of posts with 'Retry'.
 */
const channelsRoutes: FastifyPluginAsync = async (app) => {
  route(app, ENDPOINTS.adminChannels, {}, async () => app.social.view(app.now()));

  route(app, ENDPOINTS.updateChannel, {}, async (request) => {
    const { channel } = request.params;
    const saved = await app.social.update(
      channel,
      request.body,
      auditActor(request.admin).actor,
      app.now(),
    );
    request.log.info(
      { admin: request.admin?.username, channel, enabled: saved.enabled },
      'channel changed',
    );
    return saved;
  });

  route(app, ENDPOINTS.socialPosts, {}, async (request) => app.social.posts(request.query));

  route(app, ENDPOINTS.retrySocialPost, {}, async (request) =>
    app.social.retry(request.params.id, app.now()),
  );
};

export default channelsRoutes;
