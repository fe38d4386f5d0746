import { ENDPOINTS } from '@jobboard/contract/endpoints';
import { JOB_STATS_DAYS } from '@jobboard/contract/jobs';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../../../platform/http/endpoint-route';

/** GET /api/admin/jobs/:id/stats: a job's views and apply clicks, the last JOB_STATS_DAYS days. */
const adminJobStatsRoutes: FastifyPluginAsync = async (app) => {
  route(app, ENDPOINTS.adminJobStats, {}, async (request) => {
    const id = request.params.id;
    const now = app.now();
    // The job must exist (its 404 otherwise), as the admin sees it.
    await app.jobViews.getJob(id, now);
    const days = (await app.jobStats.daily([id], JOB_STATS_DAYS, now)).get(id) ?? [];
    return {
      days,
      totalViews: days.reduce((sum, d) => sum + d.views, 0),
      totalApplyClicks: days.reduce((sum, d) => sum + d.applyClicks, 0),
    };
  });
};

export default adminJobStatsRoutes;
