import { ENDPOINTS } from '@jobboard/contract';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { route } from '../../http/endpoint-route';

/**
 * The admin's tools for a board of thousands of jobs (issue 16): paged views of jobs and
 * submissions, bulk actions, CSV exports, timelines, the e-mail page and the dashboard's numbers.
 * Registered under /api/admin, behind the area's session and CSRF checks.
 */
const adminAtScaleRoutes: FastifyPluginAsync = async (app) => {
  const backoffice = app.backoffice;

  route(app, ENDPOINTS.adminJobPage, {}, async (request) =>
    app.jobs.adminPage(request.query, app.now()),
  );

  route(app, ENDPOINTS.adminSubmissionPage, {}, async (request) =>
    app.review.page(request.query, app.now()),
  );

  route(app, ENDPOINTS.bulkJobs, {}, async (request) => {
    const { action, ids } = request.body;
    const result = await app.jobs.bulk(action, ids, request.admin, app.now());
    request.log.info(
      { action, jobs: ids.length, changed: result.changed, admin: request.admin?.username },
      'bulk job action',
    );
    return result;
  });

  route(app, ENDPOINTS.exportJobs, {}, async (request, reply) => {
    const csv = await backoffice.jobsCsv(request.query, app.now());
    return sendCsv(reply, 'jobs', csv, app.now());
  });

  route(app, ENDPOINTS.exportSubmissions, {}, async (request, reply) => {
    const csv = await backoffice.submissionsCsv(request.query);
    return sendCsv(reply, 'submissions', csv, app.now());
  });

  route(app, ENDPOINTS.jobHistory, {}, async (request) =>
    backoffice.jobHistory(request.params.id, app.now()),
  );

  route(app, ENDPOINTS.submissionHistory, {}, async (request) =>
    backoffice.submissionHistory(request.params.id, app.now()),
  );

  route(app, ENDPOINTS.adminEmails, {}, async (request) => backoffice.emails(request.query));

  route(app, ENDPOINTS.resendEmail, {}, async (request) => {
    const email = await backoffice.resendEmail(request.params.id, app.now());
    request.log.info({ emailId: email.id, admin: request.admin?.username }, 'e-mail queued again');
    return email;
  });

  route(app, ENDPOINTS.adminStats, {}, async () => backoffice.numbers(app.now()));
};

/** A CSV download: `<what>-<date>.csv`, never cached (it holds contacts' addresses). */
function sendCsv(reply: FastifyReply, what: string, csv: string, now: Date): FastifyReply {
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header(
      'content-disposition',
      `attachment; filename="${what}-${now.toISOString().slice(0, 10)}.csv"`,
    )
    .header('cache-control', 'no-store')
    .send(csv);
}

export default adminAtScaleRoutes;
