import {
  ENDPOINTS,
  EXPERIENCE_NOT_SPECIFIED,
  cleanLocations,
  listingTier,
  type AdminJobForm,
} from '@jobboard/contract';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../http/endpoint-route';
import { notFound } from '../../http/http-error';
import { addDays, isoDate } from '../../jobs/dates';
import type { JobInput } from '../../jobs/jobs-repository';
import { actorOf } from './audit-actor';
import { changedFields } from '../../jobs/changed-fields';

/** Jobs for admins (SPEC.md 7): every job, create, read, update, delete, extend, republish. */
const adminJobsRoutes: FastifyPluginAsync = async (app) => {
  const load = async (id: number) => {
    const job = await app.jobs.findAny(id, app.now());
    if (!job) throw notFound('Job not found');
    return job;
  };

  route(app, ENDPOINTS.adminJobs, {}, async () => app.jobs.listAll(app.now()));

  route(app, ENDPOINTS.adminJob, {}, async (request) => load(request.params.id));

  route(app, ENDPOINTS.createJob, {}, async (request) => {
    const now = app.now();
    const id = await app.jobs.transaction(async (trx) => {
      const created = await app.jobs.create(
        { ...jobInput(request.body), source: 'admin' },
        now,
        trx,
      );
      await app.jobs.recordAudit(
        [{ jobId: created, action: 'created' }],
        actorOf(request),
        now,
        trx,
      );
      return created;
    });
    request.log.info({ jobId: id, admin: request.admin?.username }, 'job created');
    return load(id);
  });

  route(app, ENDPOINTS.updateJob, {}, async (request) => {
    const { id } = request.params;
    const form = request.body;
    const existing = await app.jobs.row(id);
    if (!existing) throw notFound('Job not found');
    const before = await load(id);
    const now = app.now();
    // What the form does not edit stays: where the job came from and when it expires.
    await app.jobs.transaction(async (trx) => {
      await app.jobs.update(
        id,
        {
          ...jobInput(form),
          source: existing.source as JobInput['source'],
          externalId: existing.external_id,
          expiresAt: existing.expires_at == null ? null : new Date(Number(existing.expires_at)),
          companyDescription: existing.company_description,
          websiteUrl: form.companyWebsite?.trim() || existing.company_website_url,
          experienceLevel: form.experienceLevel ?? existing.experience_level,
        },
        now,
        trx,
      );
      const changed = changedFields(before, form);
      await app.jobs.recordAudit(
        [
          {
            jobId: id,
            action: 'edited',
            detail: changed.length ? `Changed ${changed.join(', ')}` : 'Saved unchanged',
          },
        ],
        actorOf(request),
        now,
        trx,
      );
    });
    request.log.info({ jobId: id, admin: request.admin?.username }, 'job updated');
    return load(id);
  });

  route(app, ENDPOINTS.deleteJob, {}, async (request) => {
    const { id } = request.params;
    const now = app.now();
    const deleted = await app.jobs.transaction(async (trx) => {
      if (!(await app.jobs.delete(id, trx))) return false;
      await app.jobs.recordAudit([{ jobId: id, action: 'deleted' }], actorOf(request), now, trx);
      return true;
    });
    if (!deleted) throw notFound('Job not found');
    request.log.info({ jobId: id, admin: request.admin?.username }, 'job deleted');
    return { message: 'Job deleted successfully' };
  });

  /** Keep a listing up longer: from its current end (or today, if it has ended) plus `days`. */
  route(app, ENDPOINTS.extendJob, {}, async (request) => {
    const { id } = request.params;
    const { days } = request.body;
    const job = await load(id);
    const now = app.now();
    const from =
      job.expiresAt && Date.parse(job.expiresAt) > now.getTime() ? new Date(job.expiresAt) : now;
    const expiresAt = addDays(from, days);
    await app.jobs.transaction(async (trx) => {
      await app.jobs.setLifecycle(id, { active: true, expiresAt }, now, trx);
      const detail = `Extended by ${days} days, to ${isoDate(expiresAt)}`;
      await app.jobs.recordAudit(
        [{ jobId: id, action: 'extended', detail }],
        actorOf(request),
        now,
        trx,
      );
    });
    return load(id);
  });

  /** Put an ended or switched-off listing back: dated today, live for a Featured Listing's term. */
  route(app, ENDPOINTS.republishJob, {}, async (request) => {
    const { id } = request.params;
    const job = await load(id);
    const now = app.now();
    const expiresAt = job.expiresAt ? addDays(now, listingTier('basic').durationDays ?? 30) : null;
    await app.jobs.transaction(async (trx) => {
      await app.jobs.setLifecycle(
        id,
        { active: true, expiresAt, postedDate: isoDate(now) },
        now,
        trx,
      );
      await app.jobs.recordAudit(
        [{ jobId: id, action: 'republished' }],
        actorOf(request),
        now,
        trx,
      );
    });
    return load(id);
  });
};

function jobInput(form: AdminJobForm): Omit<JobInput, 'source'> {
  return {
    title: form.title,
    organization: form.organization,
    description: form.description,
    jobType: form.jobType,
    remote: form.jobType === 'Remote' || form.locations.some((l) => /\bremote\b/i.test(l)),
    experienceLevel: form.experienceLevel ?? EXPERIENCE_NOT_SPECIFIED,
    salaryMin: form.salaryMin ?? null,
    salaryMax: form.salaryMax ?? null,
    deadline: form.deadline || null,
    postedDate: form.postedDate,
    applicationUrl: form.applicationUrl,
    via: form.via,
    featured: form.featured,
    active: form.active,
    locations: cleanLocations(form.locations),
    categories: form.category,
    // Blank keeps what the company has (companies are shared by the jobs that name them).
    websiteUrl: form.companyWebsite?.trim() || undefined,
    logoUrl: form.logoUrl?.trim() || undefined,
  };
}

export default adminJobsRoutes;
