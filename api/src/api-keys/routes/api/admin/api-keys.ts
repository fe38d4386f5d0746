import { ENDPOINTS } from '@jobboard/contract/endpoints';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../../../platform/http/endpoint-route';

/** /api/admin/api-keys: the integrators' keys, made, listed and revoked by an admin (issue 46). */
const adminApiKeysRoutes: FastifyPluginAsync = async (app) => {
  route(app, ENDPOINTS.adminApiKeys, {}, async () => app.apiKeys.list());
  route(app, ENDPOINTS.createApiKey, {}, async (request) => {
    const created = await app.apiKeys.create(request.body, request.admin!.username, app.now());
    // The key's start only: the key itself is never logged.
    request.log.info(
      {
        apiKey: created.apiKey.start,
        scopes: created.apiKey.scopes,
        admin: request.admin!.username,
      },
      'API key created',
    );
    return created;
  });
  route(app, ENDPOINTS.revokeApiKey, {}, async (request) => {
    const revoked = await app.apiKeys.revoke(request.params.id, app.now());
    request.log.info({ apiKey: revoked.start, admin: request.admin!.username }, 'API key revoked');
    return revoked;
  });
};

export default adminApiKeysRoutes;
