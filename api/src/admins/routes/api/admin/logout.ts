import { ENDPOINTS } from '@jobboard/contract/endpoints';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../../../platform/http/endpoint-route';
import { SESSION_COOKIE, SESSION_COOKIE_PATH } from '../../../../platform/plugins/session';

/** POST /api/admin/logout (docs/product.md#calls): the session ends, and its cookie is cleared. */
const logoutRoutes: FastifyPluginAsync = async (app) => {
  route(app, ENDPOINTS.logout, {}, async (request, reply) => {
    const username = request.session.get('admin')?.username;
    await request.session.destroy();
    reply.clearCookie(SESSION_COOKIE, { path: SESSION_COOKIE_PATH });
    if (username) request.log.info({ username }, 'admin logged out');
    return { message: 'You have been logged out successfully' };
  });
};

export default logoutRoutes;
