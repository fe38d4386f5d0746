import { ENDPOINTS } from '@jobboard/contract/endpoints';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../../platform/http/endpoint-route';

/** GET /api/site: the site's details (its name, contact addresses, links) for the front ends. */
const siteRoutes: FastifyPluginAsync = async (app) => {
  route(app, ENDPOINTS.site, {}, async () => app.config.site);
};

export default siteRoutes;
