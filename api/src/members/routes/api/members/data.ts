import { ENDPOINTS } from '@jobboard/contract/endpoints';
import { MEMBER_MESSAGES } from '@jobboard/contract/members';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../../../platform/http/endpoint-route';
import { MEMBER_COOKIE, MEMBER_COOKIE_PATH } from '../../../member-guard';

/**
 * /api/members/data (docs/product.md#privacy): a signed-in member downloads what the board keeps
 * about them (GET: reads only), or deletes it all (DELETE: they are signed out everywhere).
 */
const memberDataRoutes: FastifyPluginAsync = async (app) => {
  route(app, ENDPOINTS.memberDataExport, {}, async (request) =>
    app.members.exportData(request.member!, app.now()),
  );

  route(app, ENDPOINTS.memberDataDelete, {}, async (request, reply) => {
    await app.members.deleteData(request.member!);
    reply.clearCookie(MEMBER_COOKIE, { path: MEMBER_COOKIE_PATH });
    request.log.info('member deleted their data');
    return { message: MEMBER_MESSAGES.dataDeleted };
  });
};

export default memberDataRoutes;
