import { ENDPOINTS } from '@jobboard/contract/endpoints';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../../../platform/http/endpoint-route';

/**
 * POST /api/employer/sign-in-link: the same answer (202) for any address; a link goes only to an
 * address that has listings. Limited per client here (in the database, every process) and per
 * address by the service, after the spam check (issue 45): a script's request counts against no
 * address.
 */
const signInLinkRoutes: FastifyPluginAsync = async (app) => {
  route(
    app,
    ENDPOINTS.employerSignInLink,
    { config: { rateLimit: app.config.rateLimits.employerSignInLink } },
    async (request) => ({
      message: await app.employers.requestLink(request.body.email, app.now()),
    }),
  );
};

export default signInLinkRoutes;
