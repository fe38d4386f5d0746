import { ENDPOINTS } from '@jobboard/contract/endpoints';
import type { FastifyPluginAsync } from 'fastify';
import { auditActor } from '../../../../jobs';
import { route } from '../../../../platform/http/endpoint-route';

/** GET and PUT /api/admin/settings: the admins' settings. */
const settingsRoutes: FastifyPluginAsync = async (app) => {
  route(app, ENDPOINTS.adminSettings, {}, async () => app.settings.all());

  route(app, ENDPOINTS.updateSettings, {}, async (request) => {
    const settings = await app.settings.update(
      request.body,
      auditActor(request.admin).actor,
      app.now(),
    );
    request.log.info({ admin: request.admin?.username, settings }, 'settings changed');
    return settings;
  });
};

export default settingsRoutes;
