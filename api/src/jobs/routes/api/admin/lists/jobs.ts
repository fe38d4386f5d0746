import { ENDPOINTS } from '@jobboard/contract/endpoints';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../../../../platform/http/endpoint-route';

/**
 * /api/admin/lists/jobs: one page of an admin view of the jobs (search, filters, sort), each job
 * with how many applications it has (the applications slice counts the page's in one query) and
 * its latest still-hiring check-in; the check-ins' filter and count are theirs (issue 45); and its
 * application link's last check (the link checker's).
 */
const adminJobListRoutes: FastifyPluginAsync = async (app) => {
  route(app, ENDPOINTS.adminJobPage, {}, async (request) => {
    const page = await app.jobViews.adminPage(
      await app.checkIns.narrowed(request.query),
      app.now(),
    );
    const counted = await app.checkIns.withStates(
      await app.applicationUpkeep.withCounts(page.jobs),
    );
    const jobs = await app.linkChecks.withLastCheck(counted);
    const unansweredCheckIns = (await app.checkIns.unansweredJobIds()).length;
    return { ...page, jobs, unansweredCheckIns };
  });
};

export default adminJobListRoutes;
