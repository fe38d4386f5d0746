import { ENDPOINTS } from '@jobboard/contract/endpoints';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../../../../platform/http/endpoint-route';

/**
 * /api/admin/lists/jobs: one page of an admin view of the jobs (search, filters, sort), each job
 * with how many applications it has (the applications slice counts the page's in one query).
 */
const adminJobListRoutes: FastifyPluginAsync = async (app) => {
  route(app, ENDPOINTS.adminJobPage, {}, async (request) => {
    const page = await app.jobViews.adminPage(request.query, app.now());
    return { ...page, jobs: await app.applicationUpkeep.withCounts(page.jobs) };
  });
};

export default adminJobListRoutes;
