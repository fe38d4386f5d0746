import {
  EXPERIENCE_NOT_SPECIFIED,
  cleanLocations,
  listingTier,
  type AdminJob,
  type AdminJobForm,
} from '@jobboard/contract';
import type { Knex } from 'knex';
import { NotFound } from '../domain-errors';
import type { ServiceContext } from '../service-context';
import { changedFields } from './changed-fields';
import { addDays, isoDate } from './dates';
import type { CompanyWriter } from './companies';
import { auditActor, type JobAuditEntry } from './job-audit';
import type { JobRow } from './job-mapper';
import type { JobInput } from './jobs-repository';

/** What the admins' job changes need: the jobs repository, the request's clock and its log. */
export type AdminJobsContext = Pick<ServiceContext, 'jobs' | 'now' | 'log'>;

/** The signed-in admin making the change (none: the audit line names 'system'). */
export interface JobEditor {
  id: number;
  username: string;
}

/** One job whatever its state, for the admin screens (NotFound when there is none). */
export async function getJob(context: Pick<ServiceContext, 'jobs' | 'now'>, id: number) {
  const job = await context.jobs.findAny(id, context.now);
  if (!job) throw new NotFound('Job not found');
  return job;
}

/** A job written by an admin (source 'admin'), with its 'created' audit line. */
export async function createJob(
  context: AdminJobsContext,
  form: AdminJobForm,
  editor: JobEditor | undefined,
): Promise<AdminJob> {
  const { jobId } = await audited(context, editor, async (trx) => ({
    jobId: await context.jobs.create(
      { ...jobInput(form), source: 'admin', companyBy: companyWriter(editor) },
      context.now,
      trx,
    ),
    action: 'created' as const,
  }));
  logChange(context, jobId, editor, 'job created');
  return getJob(context, jobId);
}

/**
 * The form's fields replace the job's; what the form does not edit stays: where the job came
 * from and when it expires (and the experience level when the form leaves it blank). The company
 * takes the links the form gives (carriedCompanyDetails). The audit line names the fields that
 * changed.
 */
export async function updateJob(
  context: AdminJobsContext,
  id: number,
  form: AdminJobForm,
  editor: JobEditor | undefined,
): Promise<AdminJob> {
  const existing = await context.jobs.row(id);
  if (!existing) throw new NotFound('Job not found');
  const before = await getJob(context, id);
  await audited(context, editor, async (trx) => {
    await context.jobs.update(
      id,
      {
        ...jobInput(form),
        source: existing.source as JobInput['source'],
        externalId: existing.external_id,
        expiresAt: existing.expires_at == null ? null : new Date(Number(existing.expires_at)),
        ...(await carriedCompanyDetails(context, trx, existing, form)),
        experienceLevel: form.experienceLevel ?? existing.experience_level,
        companyBy: companyWriter(editor),
      },
      context.now,
      trx,
    );
    const changed = changedFields(before, form);
    return {
      jobId: id,
      action: 'edited' as const,
      detail: changed.length ? `Changed ${changed.join(', ')}` : 'Saved unchanged',
    };
  });
  logChange(context, id, editor, 'job updated');
  return getJob(context, id);
}

/** The job and its lists go; its audit line stays. */
export async function deleteJob(
  context: AdminJobsContext,
  id: number,
  editor: JobEditor | undefined,
): Promise<{ message: string }> {
  const deleted = await audited(context, editor, async (trx) =>
    (await context.jobs.delete(id, trx)) ? { jobId: id, action: 'deleted' as const } : null,
  );
  if (!deleted) throw new NotFound('Job not found');
  logChange(context, id, editor, 'job deleted');
  return { message: 'Job deleted successfully' };
}

/** Keep a listing up longer: from its current end (or today, if it has ended) plus `days`. */
export async function extendJob(
  context: AdminJobsContext,
  id: number,
  days: number,
  editor: JobEditor | undefined,
): Promise<AdminJob> {
  const { now } = context;
  return putLive(context, id, editor, (job) => {
    const from =
      job.expiresAt && Date.parse(job.expiresAt) > now.getTime() ? new Date(job.expiresAt) : now;
    const expiresAt = addDays(from, days);
    const detail = `Extended by ${days} days, to ${isoDate(expiresAt)}`;
    return { lifecycle: { expiresAt }, action: 'extended', detail };
  });
}

/** Put an ended or switched-off listing back: dated today, live for a Featured Listing's term. */
export async function republishJob(
  context: AdminJobsContext,
  id: number,
  editor: JobEditor | undefined,
): Promise<AdminJob> {
  const { now } = context;
  return putLive(context, id, editor, (job) => ({
    lifecycle: {
      expiresAt: job.expiresAt ? addDays(now, listingTier('basic').durationDays ?? 30) : null,
      postedDate: isoDate(now),
    },
    action: 'republished',
  }));
}

/**
 * Switch a job on with the end (and posted date) `plan` gives from the job as it is, recording
 * the plan's audit line with it (extend, republish).
 */
async function putLive(
  context: AdminJobsContext,
  id: number,
  editor: JobEditor | undefined,
  plan: (job: AdminJob) => Omit<JobAuditEntry, 'jobId'> & {
    lifecycle: { expiresAt: Date | null; postedDate?: string };
  },
): Promise<AdminJob> {
  const { lifecycle, ...entry } = plan(await getJob(context, id));
  await audited(context, editor, async (trx) => {
    await context.jobs.setLifecycle(id, { active: true, ...lifecycle }, context.now, trx);
    return { jobId: id, ...entry };
  });
  return getJob(context, id);
}

/**
 * Run an admin's change and record the audit line it returns, in one transaction (no line when
 * it returns null: nothing changed).
 */
async function audited<Entry extends JobAuditEntry | null>(
  context: Pick<ServiceContext, 'jobs' | 'now'>,
  editor: JobEditor | undefined,
  change: (trx: Knex.Transaction) => Promise<Entry>,
): Promise<Entry> {
  return context.jobs.transaction(async (trx) => {
    const entry = await change(trx);
    if (entry) await context.jobs.recordAudit([entry], auditActor(editor), context.now, trx);
    return entry;
  });
}

/**
 * The company details an edit writes: what the form gives (website, logo), and, when the edit
 * moves the job to a company new to the board (a corrected name), what the form does not hold
 * of the old company (its description; its links when left blank), so the job keeps them. A
 * company already on the board is shared with its other jobs: it takes only what the form gives.
 */
async function carriedCompanyDetails(
  context: AdminJobsContext,
  trx: Knex.Transaction,
  existing: JobRow,
  form: AdminJobForm,
): Promise<Pick<JobInput, 'companyDescription' | 'websiteUrl' | 'logoUrl'>> {
  const given = {
    websiteUrl: form.companyWebsite?.trim() || undefined,
    logoUrl: form.logoUrl?.trim() || undefined,
  };
  const name = form.organization.trim();
  if (name === existing.company_name || (await context.jobs.companies.named([name], trx)).size) {
    return given;
  }
  return {
    companyDescription: existing.company_description,
    websiteUrl: given.websiteUrl ?? existing.company_website_url,
    logoUrl: given.logoUrl ?? existing.company_logo_url,
  };
}

/**
 * The admin's own change of the company's details through the job form: it applies to the shared
 * company (and its history names the admin), whatever made the job.
 */
function companyWriter(editor: JobEditor | undefined): CompanyWriter {
  const { adminId, actor } = auditActor(editor);
  return { kind: 'admin', actor, adminId };
}

function logChange(
  context: Pick<ServiceContext, 'log'>,
  jobId: number,
  editor: JobEditor | undefined,
  message: string,
) {
  context.log.info({ jobId, admin: editor?.username }, message);
}

/** A job is remote when its type says so or one of its locations names it. */
function isRemote(form: AdminJobForm): boolean {
  return form.jobType === 'Remote' || form.locations.some((l) => /\bremote\b/i.test(l));
}

/** The job the admin form describes (the source, and what an edit keeps, are the caller's). */
function jobInput(form: AdminJobForm): Omit<JobInput, 'source'> {
  return {
    title: form.title,
    organization: form.organization,
    description: form.description,
    jobType: form.jobType,
    remote: isRemote(form),
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
