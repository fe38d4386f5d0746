import { ENDPOINTS } from '@jobboard/contract';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { listEmails, resendEmail } from '../../backoffice/emails';
import { jobsCsv, submissionsCsv } from '../../backoffice/exports';
import { jobHistory, submissionHistory } from '../../backoffice/history';
import { dashboardNumbers } from '../../backoffice/numbers';
import { route } from '../../http/endpoint-route';
import { listSubmissionPage } from '../../submissions/review-service';

/**
 * The admin's tools for a board of thousands of jobs (issue 16): paged views of jobs and
 * submissions, bulk actions, CSV exports, timelines, the e-mail page and the dashboard's numbers.
 * Registered under /api/admin, behind the area's session and CSRF checks.
 */
const adminAtScaleRoutes: FastifyPluginAsync = async (app) => {
  const context = (request: FastifyRequest) => app.serviceContext(request);

  route(app, ENDPOINTS.adminJobPage, {}, async (request) =>
    app.jobs.adminPage(request.query, app.now()),
  );

  route(app, ENDPOINTS.adminSubmissionPage, {}, async (request) =>
    listSubmissionPage(context(request), request.query),
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
    const csv = await jobsCsv(context(request), request.query);
    return sendCsv(reply, 'jobs', csv, app.now());
  });

  route(app, ENDPOINTS.exportSubmissions, {}, async (request, reply) => {
    const csv = await submissionsCsv(context(request), request.query);
    return sendCsv(reply, 'submissions', csv, app.now());
  });

  route(app, ENDPOINTS.jobHistory, {}, async (request) =>
    jobHistory(context(request), request.params.id),
  );

  route(app, ENDPOINTS.submissionHistory, {}, async (request) =>
    submissionHistory(context(request), request.params.id),
  );

  route(app, ENDPOINTS.adminEmails, {}, async (request) =>
    listEmails(context(request), request.query),
  );

  route(app, ENDPOINTS.resendEmail, {}, async (request) => {
    const email = await resendEmail(context(request), request.params.id);
    request.log.info({ emailId: email.id, admin: request.admin?.username }, 'e-mail queued again');
    return email;
  });

  route(app, ENDPOINTS.adminStats, {}, async (request) => dashboardNumbers(context(request)));
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
