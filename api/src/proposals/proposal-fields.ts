import type { AdminJob, AdminJobUpdate } from '@jobboard/contract/admin';
import { parseQuestions, type ApplyMethod } from '@jobboard/contract/applications';
import { normaliseDeadline } from '@jobboard/contract/common';
import {
  PROPOSAL_FIELDS,
  type JobProposalForm,
  type ProposalField,
} from '@jobboard/contract/employer';
import {
  DEFAULT_PAY_PERIOD,
  amountText,
  normaliseRemotePlaces,
  parseAmount,
  workplaceOfJob,
  type WorkplaceType,
  type ChangeValue,
  type FieldChange,
  type PayPeriod,
} from '@jobboard/contract/jobs';
import { questionsColumn } from '../jobs';
import type { ProposedValues } from './proposals-repository';

/**
 * A proposal's fields (PROPOSAL_FIELDS) between the job, the employer's form and the admin's
 * update: each as the job stores it, so a proposal names only what the employer changed. A job's
 * screening questions are their stored JSON here (a change's value is text, a number, a flag or a
 * list of text; the screens show them in words: the contract's changeValueInWords).
 */

const text = (value: string | null | undefined) => value?.trim() ?? '';
const sentences = (list: readonly string[]) => list.map((e) => e.trim()).filter(Boolean);

/** A live job as the proposal's form edits it. */
export function formOfJob(job: AdminJob): JobProposalForm {
  return {
    title: job.title,
    organization: job.organization,
    location: job.location,
    workplaceType: workplaceOfJob(job),
    remotePlaces: job.remotePlaces ?? '',
    category: job.category,
    jobType: job.jobType,
    experienceLevel: job.experienceLevel,
    salaryMin: amountText(job.pay?.min),
    salaryMax: amountText(job.pay?.max),
    salaryPeriod: job.pay?.period ?? DEFAULT_PAY_PERIOD,
    salaryCurrency: job.pay?.currency ?? '',
    benefitsSummary: job.pay?.benefits ?? '',
    description: job.description,
    responsibilities: job.responsibilities,
    requirements: job.requirements,
    benefits: job.benefits,
    // A job of an earlier release has no method: the form sends none, and it keeps none.
    ...(job.applyMethod ? { applyMethod: job.applyMethod } : {}),
    applicationUrl: job.applicationUrl ?? '',
    applicationEmail: job.applicationEmail ?? '',
    howToApply: job.howToApply ?? '',
    screeningQuestions: job.screeningQuestions ?? [],
    deadline: job.deadline ?? '',
  };
}

/** A field of a job, as a proposal names it. */
export function valueOf(job: AdminJob, field: ProposalField): ChangeValue {
  switch (field) {
    case 'locations':
      return job.locations;
    case 'categories':
      return job.category;
    case 'workplaceType':
      return workplaceOfJob(job);
    case 'remotePlaces':
      return job.remotePlaces || null;
    case 'applicationUrl':
      return job.applicationUrl ?? null;
    case 'applyMethod':
    case 'applicationEmail':
    case 'howToApply':
      return job[field] ?? null;
    case 'screeningQuestions':
      return questionsColumn(job.screeningQuestions);
    case 'deadline':
      return job.deadline ?? null;
    case 'salaryMin':
      return job.pay?.min ?? null;
    case 'salaryMax':
      return job.pay?.max ?? null;
    case 'salaryPeriod':
      return job.pay?.period ?? DEFAULT_PAY_PERIOD;
    case 'salaryCurrency':
      return job.pay?.currency ?? null;
    case 'benefitsSummary':
      return job.pay?.benefits ?? null;
    default:
      return job[field];
  }
}

/** A form's value of a field, in the terms the job stores it. */
function formValue(job: AdminJob, form: JobProposalForm, field: ProposalField): ChangeValue {
  switch (field) {
    case 'title':
    case 'organization':
    case 'description':
      return text(form[field]);
    case 'locations':
      // The form has one location line: the job's own while it is unchanged.
      return text(form.location) === text(job.location) ? job.locations : [text(form.location)];
    case 'categories':
      return form.category;
    // Not sent (an employer's page built before issue 47): the job's own, so no change.
    case 'workplaceType':
      return form.workplaceType ?? workplaceOfJob(job);
    case 'remotePlaces':
      return form.remotePlaces === undefined
        ? valueOf(job, field)
        : normaliseRemotePlaces(form.remotePlaces) || null;
    case 'jobType':
    case 'experienceLevel':
      return form[field];
    case 'salaryMin':
    case 'salaryMax':
      return parseAmount(form[field]);
    case 'salaryPeriod':
      return form.salaryPeriod;
    case 'salaryCurrency':
      // Blank: the job's own (a job without pay has the board's).
      return form.salaryCurrency || (job.pay?.currency ?? null);
    case 'benefitsSummary':
      return text(form.benefitsSummary) || null;
    case 'responsibilities':
    case 'requirements':
    case 'benefits':
      return sentences(form[field]);
    case 'applicationUrl':
      return text(form.applicationUrl) || null;
    // Not sent (an employer's page built before issue 42): the job's own, so no change.
    case 'applyMethod':
      return form.applyMethod ?? job.applyMethod ?? null;
    case 'applicationEmail':
    case 'howToApply':
      return form[field] === undefined ? (job[field] ?? null) : text(form[field]) || null;
    case 'screeningQuestions':
      return questionsColumn(form.screeningQuestions ?? job.screeningQuestions);
    case 'deadline':
      return text(form.deadline) ? normaliseDeadline(text(form.deadline)) : null;
  }
}

/** Each field the form changes, from the job's value to the form's. */
export function changesOf(job: AdminJob, form: JobProposalForm): FieldChange[] {
  const same = (a: ChangeValue, b: ChangeValue) => JSON.stringify(a) === JSON.stringify(b);
  return PROPOSAL_FIELDS.flatMap((field) => {
    const from = valueOf(job, field);
    const to = formValue(job, form, field);
    return same(from, to) ? [] : [{ field, from, to }];
  });
}

/** The form with a proposal's values over the job's. */
export function withProposed(form: JobProposalForm, values: ProposedValues): JobProposalForm {
  const next = { ...form };
  const list = (v: ChangeValue | undefined) => (Array.isArray(v) ? v : []);
  const str = (v: ChangeValue | undefined) => (v == null ? '' : String(v));
  for (const field of PROPOSAL_FIELDS) {
    if (!Object.hasOwn(values, field)) continue;
    const value = values[field];
    if (field === 'locations') next.location = list(value).join(', ');
    else if (field === 'categories') next.category = list(value);
    else if (field === 'responsibilities' || field === 'requirements' || field === 'benefits') {
      next[field] = list(value);
    } else if (field === 'salaryPeriod') next.salaryPeriod = str(value) as PayPeriod;
    else if (field === 'workplaceType') next.workplaceType = str(value) as WorkplaceType;
    else if (field === 'applyMethod') {
      if (value) next.applyMethod = str(value) as ApplyMethod;
    } else if (field === 'screeningQuestions') next.screeningQuestions = parseQuestions(str(value));
    else next[field] = str(value);
  }
  return next;
}

/** A proposal's values as the admin's update of the job (AdminJobUpdate: only those fields). */
export function updateOf(values: ProposedValues): AdminJobUpdate {
  const update: AdminJobUpdate = {};
  const str = (v: ChangeValue | undefined) => (typeof v === 'string' ? v : '');
  const list = (v: ChangeValue | undefined) => (Array.isArray(v) ? v : []);
  const num = (v: ChangeValue | undefined) => (typeof v === 'number' ? v : null);
  for (const field of PROPOSAL_FIELDS) {
    if (!Object.hasOwn(values, field)) continue;
    const value = values[field];
    switch (field) {
      case 'locations':
        update.locations = list(value);
        break;
      case 'categories':
        update.category = list(value);
        break;
      case 'salaryMin':
      case 'salaryMax':
        update[field] = num(value);
        break;
      case 'salaryPeriod':
        update.salaryPeriod = str(value) as PayPeriod;
        break;
      case 'workplaceType':
        update.workplaceType = str(value) as WorkplaceType;
        break;
      case 'responsibilities':
      case 'requirements':
      case 'benefits':
        update[field] = list(value);
        break;
      case 'deadline':
        update.deadline = value == null ? null : str(value);
        break;
      case 'applyMethod':
        if (value) update.applyMethod = str(value) as ApplyMethod;
        break;
      case 'applicationEmail':
      case 'howToApply':
        update[field] = value == null ? null : str(value);
        break;
      case 'screeningQuestions':
        update.screeningQuestions = parseQuestions(str(value));
        break;
      default:
        update[field] = str(value);
    }
  }
  return update;
}
