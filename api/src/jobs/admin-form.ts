import { type AdminJob, type AdminJobForm, type AdminJobUpdate } from '@jobboard/contract/admin';
import type { Knex } from 'knex';
import { EXPERIENCE_NOT_SPECIFIED } from '@jobboard/contract/common';
import {
  checkPay,
  checkWorkplace,
  distinctLabels,
  parseAmount,
  payFromFields,
  sameLabels,
  workplaceFromFlag,
  workplaceOfJob,
} from '@jobboard/contract/jobs';
import { storedApplyFields, type ApplyFields } from '@jobboard/contract/applications';
import { httpUrl } from '@jobboard/contract/site';
import { Invalid } from '../platform/domain-errors';
import { checkApplyFields } from './apply-fields';
import type { Companies, CompanyWriter } from './repositories/companies';
import { auditActor } from './job-audit';
import type { JobInput, JobPatch } from './job-input';

/**
 * The admin's job form may carry three lists of JOB_LIMITS.listItems entries of
 * JOB_LIMITS.listItem characters beside a 20,000-character description: some 320,000
 * characters, more in UTF-8. The routes that take it (the admin's, and the employer's proposals)
 * accept bodies up to 1 MB (the app's default is 64 KB), so the largest form the contract allows
 * is never refused as too large.
 */
export const JOB_FORM_BODY_LIMIT = 1024 * 1024;

/** The signed-in admin making a change (none: the audit line names 'system'). */
export interface JobEditor {
  id: number;
  username: string;
}

/** A job written with the admin's form (source 'admin'). */
export function formInput(form: AdminJobForm, editor: JobEditor | undefined): JobInput {
  const locations = distinctLabels(form.locations);
  // A job the admin creates has no employer to read an inbox (no submission).
  const apply = storedApplyFields(form);
  checkApplyFields(apply, false);
  // An older admin build sends no workplace: the job's type and locations say, as before.
  const workplaceType =
    form.workplaceType ?? workplaceFromFlag({ jobType: form.jobType, locations });
  return {
    ...apply,
    title: form.title,
    organization: form.organization,
    description: form.description,
    jobType: form.jobType,
    workplaceType,
    remotePlaces: form.remotePlaces ?? null,
    remote: workplaceType === 'remote',
    experienceLevel: form.experienceLevel ?? EXPERIENCE_NOT_SPECIFIED,
    // A currency left blank is the board's (the writer knows it: job-columns.ts).
    pay: payFromFields(form, ''),
    deadline: form.deadline || null,
    postedDate: form.postedDate,
    responsibilities: form.responsibilities ?? [],
    requirements: form.requirements ?? [],
    benefits: form.benefits ?? [],
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
  };
}

/**
 * The admin's own change of the company's details through the job form: it applies to the shared
 * company (and its history names the admin), whatever made the job.
 */
export function companyWriter(editor: JobEditor | undefined): CompanyWriter {
  const { adminId, actor } = auditActor(editor);
  return { kind: 'admin', actor, adminId };
}

/**
 * The fields an admin's update gives under the patch's own names, taken as they come. formPatch
 * reads the others: the categories, a deadline cleared, figures parsed, and blanks that keep what
 * the job or its company has.
 */
const TAKEN_AS_GIVEN = [
  'title',
  'organization',
  'description',
  'applicationUrl',
  'via',
  'postedDate',
  'salaryPeriod',
  'benefitsSummary',
  'salaryText',
  'experienceLevel',
  'responsibilities',
  'requirements',
  'benefits',
  'active',
  'featured',
] as const satisfies readonly (keyof AdminJobUpdate & keyof JobPatch)[];

/** The fields among `keys` that `update` gives (those it leaves undefined are left out). */
function givenFields<T extends object, K extends keyof T>(
  update: T,
  keys: readonly K[],
): Partial<Pick<T, K>> {
  const given = keys.filter((key) => update[key] !== undefined);
  return Object.fromEntries(given.map((key) => [key, update[key]])) as Partial<Pick<T, K>>;
}

/**
 * The patch an admin's update makes: each field it gives, in the repository's terms; nothing for
 * a field it leaves out. Whether the job is remote follows its type and locations only when one
 * of them changes (a synced job may be remote by its source's own flag). Pay given in part (a
 * figure, the period) is checked with the job's other pay fields (checkPay).
 */
export function formPatch(job: AdminJob, update: AdminJobUpdate): JobPatch {
  const patch: JobPatch = givenFields(update, TAKEN_AS_GIVEN);
  if (update.category !== undefined) patch.categories = update.category;
  if (Object.hasOwn(update, 'deadline')) patch.deadline = update.deadline || null;
  if (Object.hasOwn(update, 'salaryMin')) patch.salaryMin = parseAmount(update.salaryMin);
  if (Object.hasOwn(update, 'salaryMax')) patch.salaryMax = parseAmount(update.salaryMax);
  // Blank keeps the job's currency (the form shows it; a job without pay has the board's).
  if (update.salaryCurrency) patch.salaryCurrency = update.salaryCurrency;
  // Blank keeps what the company has (companies are shared by the jobs that name them).
  if (update.companyWebsite?.trim()) patch.websiteUrl = update.companyWebsite.trim();
  if (update.logoUrl?.trim()) patch.logoUrl = update.logoUrl.trim();

  const locations =
    update.locations !== undefined ? distinctLabels(update.locations) : job.locations;
  if (update.locations !== undefined) patch.locations = locations;
  const jobType = update.jobType ?? job.jobType;
  if (update.jobType !== undefined) patch.jobType = jobType;
  planWorkplaceUpdate(job, update, patch, jobType, locations);

  planApplyUpdate(job, update, patch);

  const pay = checkPay({
    salaryMin: Object.hasOwn(patch, 'salaryMin') ? patch.salaryMin : job.pay?.min,
    salaryMax: Object.hasOwn(patch, 'salaryMax') ? patch.salaryMax : job.pay?.max,
    salaryPeriod: patch.salaryPeriod ?? job.pay?.period,
    salaryCurrency: patch.salaryCurrency ?? job.pay?.currency,
  });
  if (pay !== true) throw new Invalid({ [pay.path[0]]: pay.message });
  return patch;
}

/**
 * The workplace an update gives (issue 47). An update without one (an older admin build) keeps
 * the job's, except that a change of its type or locations makes it remote or not as they say,
 * as before (a synced job may be remote by its source's own flag). Places with an on-site job are
 * refused, whichever of the two the update gives.
 */
function planWorkplaceUpdate(
  job: AdminJob,
  update: AdminJobUpdate,
  patch: JobPatch,
  jobType: string,
  locations: string[],
) {
  if (update.workplaceType !== undefined) patch.workplaceType = update.workplaceType;
  if (update.remotePlaces !== undefined) patch.remotePlaces = update.remotePlaces;
  if (
    update.workplaceType === undefined &&
    (jobType !== job.jobType || !sameLabels(locations, job.locations))
  ) {
    patch.remote = workplaceFromFlag({ jobType, locations }) === 'remote';
  }
  const check = checkWorkplace({
    workplaceType: update.workplaceType ?? workplaceOfJob(job),
    // Places the update does not give: an on-site job's are cleared (workplace-columns.ts).
    remotePlaces: update.remotePlaces ?? '',
  });
  if (check !== true) throw new Invalid({ remotePlaces: check.message });
}

/** The apply fields a job has now (an admin's view of it). */
function applyFieldsOf(job: AdminJob): ApplyFields {
  return {
    applyMethod: job.applyMethod ?? null,
    applicationUrl: job.applicationUrl ?? null,
    applicationEmail: job.applicationEmail ?? null,
    howToApply: job.howToApply ?? null,
    screeningQuestions: job.screeningQuestions ?? [],
  };
}

/**
 * The apply fields an update gives (docs/product.md#applying), into the patch; when it gives any,
 * they are checked with the job's others as they will be (a method whose own field the job lacks,
 * the board's form on a job that no employer submitted).
 */
function planApplyUpdate(job: AdminJob, update: AdminJobUpdate, patch: JobPatch) {
  const given = (
    ['applyMethod', 'applicationEmail', 'howToApply', 'screeningQuestions'] as const
  ).filter((key) => update[key] !== undefined);
  if (!given.length && update.applicationUrl === undefined) return;
  const trimmed = (value: string | null | undefined) => value?.trim() || null;
  if (update.applyMethod !== undefined) patch.applyMethod = update.applyMethod;
  if (update.applicationEmail !== undefined)
    patch.applicationEmail = trimmed(update.applicationEmail);
  if (update.howToApply !== undefined) patch.howToApply = trimmed(update.howToApply);
  if (update.screeningQuestions !== undefined) patch.screeningQuestions = update.screeningQuestions;
  const before = applyFieldsOf(job);
  // A link left in a hidden field while another way is chosen (unchecked): the job keeps its own.
  const method = patch.applyMethod ?? before.applyMethod;
  if (method !== 'link' && method !== null && !httpUrl(trimmed(update.applicationUrl))) {
    delete patch.applicationUrl;
  }
  checkApplyFields(
    {
      applyMethod: patch.applyMethod ?? before.applyMethod,
      applicationUrl:
        patch.applicationUrl === undefined ? before.applicationUrl : trimmed(patch.applicationUrl),
      applicationEmail: Object.hasOwn(patch, 'applicationEmail')
        ? (patch.applicationEmail ?? null)
        : before.applicationEmail,
      howToApply: Object.hasOwn(patch, 'howToApply')
        ? (patch.howToApply ?? null)
        : before.howToApply,
      screeningQuestions: patch.screeningQuestions ?? before.screeningQuestions,
    },
    job.submissionId !== null,
  );
}

/**
 * What an edit that moves the job to a company new to the board (a corrected name) carries over
 * of the job's company: its description, and its links where the form leaves them blank, so the
 * job keeps them. A company already on the board is shared with its other jobs: it takes only
 * what the form gives.
 */
export async function carriedCompanyDetails(
  companies: Pick<Companies, 'named'>,
  trx: Knex.Transaction,
  job: AdminJob,
  patch: JobPatch,
): Promise<Pick<JobPatch, 'companyDescription' | 'websiteUrl' | 'logoUrl'>> {
  const name = patch.organization?.trim();
  if (!name || name === job.organization) return {};
  if ((await companies.named([name], trx)).size) return {};
  return {
    companyDescription: job.company.description || undefined,
    websiteUrl: patch.websiteUrl ?? (job.company.websiteUrl || undefined),
    logoUrl: patch.logoUrl ?? job.logoSource ?? undefined,
  };
}
