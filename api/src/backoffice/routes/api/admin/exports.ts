import { isoDate } from '@jobboard/contract/common';
import { ENDPOINTS } from '@jobboard/contract/endpoints';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { route } from '../../../../platform/http/endpoint-route';

/** /api/admin/exports: the CSV of an admin view of the jobs, or of the submissions. */
const exportsRoutes: FastifyPluginAsync = async (app) => {
  route(app, ENDPOINTS.exportJobs, {}, async (request, reply) => {
    const csv = await app.backoffice.jobsCsv(request.query, app.now());
    return sendCsv(reply, 'jobs', csv, app.now());
  });

  route(app, ENDPOINTS.exportSubmissions, {}, async (request, reply) => {
    const csv = await app.backoffice.submissionsCsv(request.query);
    return sendCsv(reply, 'submissions', csv, app.now());
  });
};

/** A CSV download: `<what>-<date>.csv`, never cached (it holds contacts' addresses). */
function sendCsv(reply: FastifyReply, what: string, csv: string, now: Date): FastifyReply {
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${what}-${isoDate(now)}.csv"`)
    .header('cache-control', 'no-store')
    .send(csv);
}

export default exportsRoutes;
