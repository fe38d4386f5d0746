import { ENDPOINTS } from '@jobboard/contract/endpoints';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../../../../platform/http/endpoint-route';

/**
 * /api/admin/lists/jobs: one page of an admin view of the jobs (search, filters, sort), each job
 * with how many applications it has (the applications slice counts the page's in one query) and
 * its application link's last check (the link checker's).
 */
const adminJobListRoutes: FastifyPluginAsync = async (app) => {
  route(app, ENDPOINTS.adminJobPage, {}, async (request) => {
    const page = await app.jobViews.adminPage(request.query, app.now());
    const jobs = await app.applicationUpkeep.withCounts(page.jobs);
    return { ...page, jobs: await app.linkChecks.withLastCheck(jobs) };
  });
};

export default adminJobListRoutes;
