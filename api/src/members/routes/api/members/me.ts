import { ENDPOINTS } from '@jobboard/contract/endpoints';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../../../platform/http/endpoint-route';

/** GET /api/members/me: who is signed in. */
const memberMeRoutes: FastifyPluginAsync = async (app) => {
  route(app, ENDPOINTS.memberMe, {}, async (request) => ({
    email: request.member!.email,
    name: request.member!.name,
  }));
};

export default memberMeRoutes;
