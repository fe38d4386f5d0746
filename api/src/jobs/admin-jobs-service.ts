import {
  ADMIN_MESSAGES,
  EXPERIENCE_NOT_SPECIFIED,
  SYNC_CONFLICT_MESSAGES,
  changeSummary,
  cleanLocations,
  listingTier,
  type AdminJob,
  type AdminJobForm,
  type AdminJobUpdate,
} from '@jobboard/contract';
import type { Knex } from 'knex';
import { Conflict, Invalid, NotFound } from '../domain-errors';
import type { ServiceContext } from '../service-context';
import { addDays, isoDate } from './dates';
import type { CompanyWriter } from './companies';
import { auditActor, type JobAuditEntry } from './job-audit';
import { changedFieldsOf, type JobPatch } from './job-patch';

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
  const locations = cleanLocations(form.locations);
  const { jobId } = await audited(context, editor, async (trx) => ({
    jobId: await context.jobs.create(
      {
        title: form.title,
        organization: form.organization,
        description: form.description,
        jobType: form.jobType,
        remote: isRemote(form.jobType, locations),
        experienceLevel: form.experienceLevel ?? EXPERIENCE_NOT_SPECIFIED,
        salaryText: form.salaryText ?? null,
        salaryMin: form.salaryMin ?? null,
        salaryMax: form.salaryMax ?? null,
        deadline: form.deadline || null,
        postedDate: form.postedDate,
        responsibilities: form.responsibilities ?? [],
        requirements: form.requirements ?? [],
        benefits: form.benefits ?? [],
        applicationUrl: form.applicationUrl,
        via: form.via,
        featured: form.featured,
        active: form.active,
        locations,
        categories: form.category,
        // Blank keeps what the company has (companies are shared by the jobs that name them).
        websiteUrl: form.companyWebsite?.trim() || undefined,
        logoUrl: form.logoUrl?.trim() || undefined,
        companyBy: companyWriter(editor),
        source: 'admin',
      },
      context.now,
      trx,
    ),
    action: 'created' as const,
  }));
  logChange(context, jobId, editor, 'job created');
  return getJob(context, jobId);
}

/**
 * Write the fields the admin sent, and only those: a field the update leaves out stays as the job
 * has it, and so do where the job came from and when it expires, which the form does not edit
 * (blank company links keep the company's own). The company details the form gives are passed
 * along to the shared company as the admin's (companies.ts; carriedCompanyDetails for a job
 * moved to a company new to the board). The audit line names each field that changed, from what
 * to what; on a synced job those fields become the admin's (a sync leaves them).
 */
export async function updateJob(
  context: AdminJobsContext,
  id: number,
  update: AdminJobUpdate,
  editor: JobEditor | undefined,
): Promise<AdminJob> {
  const before = await getJob(context, id);
  const patch: JobPatch = { ...jobPatch(before, update), companyBy: companyWriter(editor) };
  await audited(context, editor, async (trx) => {
    const changes = await context.jobs.update(
      id,
      { ...patch, ...(await carriedCompanyDetails(context, trx, before, patch)) },
      context.now,
      trx,
    );
    if (!changes) throw new NotFound('Job not found');
    await context.jobs.claimFields(new Map([[id, changedFieldsOf(changes)]]), trx);
    return {
      jobId: id,
      action: 'edited' as const,
      detail: changes.length ? changeSummary(changedFieldsOf(changes)) : 'Saved unchanged',
      changes,
    };
  });
  logChange(context, id, editor, 'job updated');
  return getJob(context, id);
}

/** The job and its lists go; its audit line stays, and a synced job is remembered as deleted. */
export async function deleteJob(
  context: AdminJobsContext,
  id: number,
  editor: JobEditor | undefined,
): Promise<{ message: string }> {
  const deleted = await audited(context, editor, async (trx) =>
    (await context.jobs.delete(id, trx, auditActor(editor), context.now))
      ? { jobId: id, action: 'deleted' as const }
      : null,
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
 * A synced job goes back to its source: what an admin changed here stops outranking the source,
 * and the next sync writes the source's values (409 for a job that came from no source).
 */
export async function returnToSource(
  context: AdminJobsContext,
  id: number,
  editor: JobEditor | undefined,
): Promise<AdminJob> {
  await getJob(context, id);
  await audited(context, editor, async (trx) => {
    const fields = await context.jobs.returnToSource(id, trx);
    if (fields === null) throw new Conflict(SYNC_CONFLICT_MESSAGES.notSynced);
    return {
      jobId: id,
      action: 'returned' as const,
      detail: fields.length
        ? `${SYNC_CONFLICT_MESSAGES.returned} (${changeSummary(fields).replace(/^Changed /, '')})`
        : SYNC_CONFLICT_MESSAGES.returned,
    };
  });
  logChange(context, id, editor, 'job returned to its source');
  return getJob(context, id);
}

/**
 * Switch a job on with the end (and posted date) `plan` gives from the job as it is, recording
 * the plan's audit line with it (extend, republish). On a synced job, what changed is the
 * admin's: a sync does not switch it off again.
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
    const changes = await context.jobs.setLifecycle(
      id,
      { active: true, ...lifecycle },
      context.now,
      trx,
    );
    if (!changes) throw new NotFound('Job not found');
    await context.jobs.claimFields(new Map([[id, changedFieldsOf(changes)]]), trx);
    return { jobId: id, ...entry, changes };
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
 * What an edit that moves the job to a company new to the board (a corrected name) carries over
 * of the job's company: its description, and its links where the form leaves them blank, so the
 * job keeps them. A company already on the board is shared with its other jobs: it takes only
 * what the form gives.
 */
async function carriedCompanyDetails(
  context: AdminJobsContext,
  trx: Knex.Transaction,
  job: AdminJob,
  patch: JobPatch,
): Promise<Pick<JobPatch, 'companyDescription' | 'websiteUrl' | 'logoUrl'>> {
  const name = patch.organization?.trim();
  if (!name || name === job.organization) return {};
  if ((await context.jobs.companies.named([name], trx)).size) return {};
  return {
    companyDescription: job.company.description || undefined,
    websiteUrl: patch.websiteUrl ?? (job.company.websiteUrl || undefined),
    logoUrl: patch.logoUrl ?? job.company.logo ?? undefined,
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
function isRemote(jobType: string, locations: string[]): boolean {
  return jobType === 'Remote' || locations.some((l) => /\bremote\b/i.test(l));
}

/**
 * The patch an admin's update makes: each field it gives, in the repository's terms; nothing for
 * a field it leaves out. Whether the job is remote follows its type and locations only when one
 * of them changes (a synced job may be remote by its source's own flag). A salary band given in
 * part is checked against the job's other figure.
 */
function jobPatch(job: AdminJob, update: AdminJobUpdate): JobPatch {
  const patch: JobPatch = {};
  const given = <K extends keyof AdminJobUpdate>(key: K) => update[key] !== undefined;
  if (given('title')) patch.title = update.title;
  if (given('organization')) patch.organization = update.organization;
  if (given('description')) patch.description = update.description;
  if (given('applicationUrl')) patch.applicationUrl = update.applicationUrl;
  if (given('category')) patch.categories = update.category;
  if (given('via')) patch.via = update.via;
  if (given('postedDate')) patch.postedDate = update.postedDate;
  if (Object.hasOwn(update, 'deadline')) patch.deadline = update.deadline || null;
  if (Object.hasOwn(update, 'salaryMin')) patch.salaryMin = update.salaryMin ?? null;
  if (Object.hasOwn(update, 'salaryMax')) patch.salaryMax = update.salaryMax ?? null;
  if (given('salaryText')) patch.salaryText = update.salaryText;
  if (given('experienceLevel')) patch.experienceLevel = update.experienceLevel;
  if (given('responsibilities')) patch.responsibilities = update.responsibilities;
  if (given('requirements')) patch.requirements = update.requirements;
  if (given('benefits')) patch.benefits = update.benefits;
  if (given('active')) patch.active = update.active;
  if (given('featured')) patch.featured = update.featured;
  // Blank keeps what the company has (companies are shared by the jobs that name them).
  if (update.companyWebsite?.trim()) patch.websiteUrl = update.companyWebsite.trim();
  if (update.logoUrl?.trim()) patch.logoUrl = update.logoUrl.trim();

  const locations = given('locations') ? cleanLocations(update.locations!) : job.locations;
  if (given('locations')) patch.locations = locations;
  const jobType = update.jobType ?? job.jobType;
  if (given('jobType')) patch.jobType = jobType;
  const sameList = (a: string[], b: string[]) =>
    JSON.stringify(a.map((l) => l.toLowerCase())) === JSON.stringify(b.map((l) => l.toLowerCase()));
  if (jobType !== job.jobType || !sameList(locations, job.locations)) {
    patch.remote = isRemote(jobType, locations);
  }

  const min = Object.hasOwn(patch, 'salaryMin') ? patch.salaryMin : job.salaryMin;
  const max = Object.hasOwn(patch, 'salaryMax') ? patch.salaryMax : job.salaryMax;
  if (min != null && max != null && min > max) {
    throw new Invalid({ salaryMax: ADMIN_MESSAGES.salaryOrder });
  }
  return patch;
}
