import { ENDPOINTS } from '@jobboard/contract/endpoints';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../../../platform/http/endpoint-route';

/** GET/PUT /api/employer/application-settings: how the employer hears of applications, and their decline e-mail. */
const inboxSettingsRoutes: FastifyPluginAsync = async (app) => {
  route(app, ENDPOINTS.employerApplicationSettings, {}, async (request) =>
    app.applicationInbox.settings(request.employer!.email),
  );
  route(app, ENDPOINTS.employerUpdateApplicationSettings, {}, async (request) =>
    app.applicationInbox.saveSettings(request.employer!.email, request.body, app.now()),
  );
};

export default inboxSettingsRoutes;
