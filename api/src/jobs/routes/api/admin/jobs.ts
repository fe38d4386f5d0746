import { ENDPOINTS } from '@jobboard/contract/endpoints';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { route } from '../../../../platform/http/endpoint-route';
import { JOB_FORM_BODY_LIMIT } from '../../../admin-form';

/**
 * /api/admin/jobs (docs/product.md#calls): every job, create, read, update, delete, extend, republish, a
 * synced job's return to its source, and one action on many jobs (bulk). Each change goes through
 * the jobs service, by the same rules wherever it comes from.
 */
const adminJobsRoutes: FastifyPluginAsync = async (app) => {
  const logged = (request: FastifyRequest, jobId: number | string, message: string) =>
    request.log.info({ jobId: Number(jobId), admin: request.admin?.username }, message);

  route(app, ENDPOINTS.adminJobs, {}, async () => app.jobViews.listAll(app.now()));

  // With how many applications it has (the applications slice counts them), its latest
  // still-hiring check-in (the check-ins') and its application link's last check (the link
  // checker's).
  route(app, ENDPOINTS.adminJob, {}, async (request) => {
    const job = await app.jobViews.getJob(request.params.id, app.now());
    const [counted] = await app.checkIns.withStates(await app.applicationUpkeep.withCounts([job]));
    const [checked] = await app.linkChecks.withLastCheck([counted!]);
    return checked!;
  });

  route(app, ENDPOINTS.createJob, { bodyLimit: JOB_FORM_BODY_LIMIT }, async (request) => {
    const job = await app.jobs.createFromForm(request.body, request.admin, app.now());
    logged(request, job.id, 'job created');
    return job;
  });

  route(app, ENDPOINTS.updateJob, { bodyLimit: JOB_FORM_BODY_LIMIT }, async (request) => {
    const job = await app.jobs.updateFromForm(
      request.params.id,
      request.body,
      request.admin,
      app.now(),
    );
    logged(request, job.id, 'job updated');
    return job;
  });

  route(app, ENDPOINTS.deleteJob, {}, async (request) => {
    const result = await app.jobs.remove(request.params.id, request.admin, app.now());
    logged(request, request.params.id, 'job deleted');
    return result;
  });

  /**
   * Keep a listing up longer: from its current end (or today, if it has ended) plus EXTEND_DAYS.
   * The body's deprecated `days` is checked by the contract (only EXTEND_DAYS passes) and unused.
   */
  route(app, ENDPOINTS.extendJob, {}, async (request) =>
    app.jobs.extend(request.params.id, request.admin, app.now()),
  );

  /** Put an ended or switched-off listing back: dated today, live for a Featured Listing's term. */
  route(app, ENDPOINTS.republishJob, {}, async (request) =>
    app.jobs.republish(request.params.id, request.admin, app.now()),
  );

  /** A synced job an admin edited goes back to its source: the next sync takes its values. */
  route(app, ENDPOINTS.returnJobToSource, {}, async (request) => {
    const job = await app.jobs.returnToSource(request.params.id, request.admin, app.now());
    logged(request, job.id, 'job returned to its source');
    return job;
  });

  /** One action (deactivate, activate, extend, delete) on up to MAX_BULK_JOBS jobs, all or none. */
  route(app, ENDPOINTS.bulkJobs, {}, async (request) => {
    const { action, ids } = request.body;
    const result = await app.jobs.bulk(action, ids, request.admin, app.now());
    request.log.info(
      { action, jobs: ids.length, changed: result.changed, admin: request.admin?.username },
      'bulk job action',
    );
    return result;
  });
};

export default adminJobsRoutes;
