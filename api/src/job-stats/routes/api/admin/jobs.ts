import { ENDPOINTS } from '@jobboard/contract/endpoints';
import { JOB_STATS_DAYS } from '@jobboard/contract/jobs';
import type { FastifyPluginAsync } from 'fastify';
import { hasInbox, withApplications } from '../../../../applications';
import { route } from '../../../../platform/http/endpoint-route';
import { statsOf } from '../../../job-stats';

/**
 * GET /api/admin/jobs/:id/stats: a job's views and apply clicks, the last JOB_STATS_DAYS days, by
 * channel (issue 44), and its applications each day when it has an applicant inbox (issue 42).
 */
const adminJobStatsRoutes: FastifyPluginAsync = async (app) => {
  route(app, ENDPOINTS.adminJobStats, {}, async (request) => {
    const id = request.params.id;
    const now = app.now();
    // The job must exist (its 404 otherwise), as the admin sees it.
    const job = await app.jobViews.getJob(id, now);
    const days = (await app.jobStats.daily([id], JOB_STATS_DAYS, now)).get(id) ?? [];
    const stats = statsOf(days);
    const applications = (
      await app.applicationInbox.numbers(
        [id],
        days.map((d) => d.day),
      )
    ).get(id);
    return applications && hasInbox(job, applications)
      ? withApplications(stats, applications)
      : stats;
  });
};

export default adminJobStatsRoutes;
