import { isoDate } from '@jobboard/contract/common';
import { ENDPOINTS } from '@jobboard/contract/endpoints';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../../../platform/http/endpoint-route';
import { sendCsv } from '../../../csv';

/** /api/admin/exports: the CSV of an admin view of the jobs, or of the submissions. */
const exportsRoutes: FastifyPluginAsync = async (app) => {
  route(app, ENDPOINTS.exportJobs, {}, async (request, reply) => {
    // The check-ins' filter narrows the view as on the list (issue 45).
    const view = await app.checkIns.narrowed(request.query);
    const csv = await app.backoffice.jobsCsv(view, app.now());
    return sendCsv(reply, `jobs-${isoDate(app.now())}.csv`, csv);
  });

  route(app, ENDPOINTS.exportSubmissions, {}, async (request, reply) => {
    const csv = await app.backoffice.submissionsCsv(request.query);
    return sendCsv(reply, `submissions-${isoDate(app.now())}.csv`, csv);
  });
};

export default exportsRoutes;
