import { ENDPOINTS } from '@jobboard/contract/endpoints';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../../../platform/http/endpoint-route';

/** GET /api/employer/listings: the signed-in address's submissions and jobs, a page at a time. */
const listingsRoutes: FastifyPluginAsync = async (app) => {
  route(app, ENDPOINTS.employerListings, {}, async (request) =>
    app.employers.listings(request.employer!.email, request.query.page, app.now()),
  );
};

export default listingsRoutes;
