import { ENDPOINTS } from '@jobboard/contract';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { route } from '../../http/endpoint-route';
import {
  createJob,
  deleteJob,
  extendJob,
  getJob,
  republishJob,
  returnToSource,
  updateJob,
} from '../../jobs/admin-jobs-service';

/**
 * The admin's job form may carry three lists of JOB_LIST_LIMITS.items entries of
 * JOB_LIST_LIMITS.item characters beside a 20,000-character description: some 320,000
 * characters, more in UTF-8. Its routes take bodies up to 1 MB (the app's default is 64 KB), so
 * the largest form the contract allows is never refused as too large.
 */
export const JOB_FORM_BODY_LIMIT = 1024 * 1024;

/**
 * Jobs for admins (SPEC.md 7): every job, create, read, update, delete, extend, republish, and
 * a synced job's return to its source.
 */
const adminJobsRoutes: FastifyPluginAsync = async (app) => {
  const context = (request: FastifyRequest) => app.serviceContext(request);

  route(app, ENDPOINTS.adminJobs, {}, async () => app.jobs.listAll(app.now()));

  route(app, ENDPOINTS.adminJob, {}, async (request) =>
    getJob(context(request), request.params.id),
  );

  route(app, ENDPOINTS.createJob, { bodyLimit: JOB_FORM_BODY_LIMIT }, async (request) =>
    createJob(context(request), request.body, request.admin),
  );

  route(app, ENDPOINTS.updateJob, { bodyLimit: JOB_FORM_BODY_LIMIT }, async (request) =>
    updateJob(context(request), request.params.id, request.body, request.admin),
  );

  route(app, ENDPOINTS.deleteJob, {}, async (request) =>
    deleteJob(context(request), request.params.id, request.admin),
  );

  /** Keep a listing up longer: from its current end (or today, if it has ended) plus `days`. */
  route(app, ENDPOINTS.extendJob, {}, async (request) =>
    extendJob(context(request), request.params.id, request.body.days, request.admin),
  );

  /** Put an ended or switched-off listing back: dated today, live for a Featured Listing's term. */
  route(app, ENDPOINTS.republishJob, {}, async (request) =>
    republishJob(context(request), request.params.id, request.admin),
  );

  /** A synced job an admin edited goes back to its source: the next sync takes its values. */
  route(app, ENDPOINTS.returnJobToSource, {}, async (request) =>
    returnToSource(context(request), request.params.id, request.admin),
  );
};

export default adminJobsRoutes;
