import { COMPANY_FIELDS, type CompanyField } from '@jobboard/contract/admin';
import { canonicalJobType, deadlineEndsAt, normaliseDeadline } from '@jobboard/contract/common';
import {
  PAY_JOB_FIELDS,
  distinctLabels,
  sameLabels,
  settlePay,
  type ChangeValue,
  type FieldChange,
  type JobField,
  type Pay,
  type PayPeriod,
  type WorkplaceType,
} from '@jobboard/contract/jobs';
import type { CompanyDetails, CompanyWriter, StoredCompany } from './repositories/companies';
import { planApply, type ApplyPatch } from './apply-fields';
import { planWorkplace } from './workplace-columns';
import type { JobRow } from './job-mapper';
import { heldForPay, isLegacyPayRow, jobPayColumns, payOfRow, type PayRule } from './pay-columns';

/**
 * A change to a job as a patch: the fields given are written, every other stays as stored. A
 * write path gives only the fields it owns (an admin's form, a sync's record, a lifecycle
 * action's end and state), so it cannot blank one it does not: 'not given' and 'given as empty'
 * are different things here.
 */
export interface JobPatch extends ApplyPatch {
  title?: string;
  organization?: string;
  /**
   * What the write says about the company's details, passed along to the (shared) company: blank
   * or absent keeps what it has, and a given one changes it only as `companyBy` may
   * (companies.ts: an admin always, a sync only what is blank or a source's).
   */
  companyDescription?: string;
  websiteUrl?: string;
  logoUrl?: string | null;
  /** Who gives the company details (by default, as the job's source implies: companies.ts). */
  companyBy?: CompanyWriter;
  description?: string;
  jobType?: string;
  /** Whether it is remote, from a writer that knows only that (the remote flag follows the type). */
  remote?: boolean;
  /** Where the job is done and the places it may be done from (issue 47; workplace-columns.ts). */
  workplaceType?: WorkplaceType;
  remotePlaces?: string | null;
  experienceLevel?: string;
  /**
   * The pay, field by field (docs/product.md#pay): what is given replaces the job's, the rest of
   * its pay stays. Figures are amounts (read by the contract's parseAmount); the words count only
   * when there are no figures (words that read as figures become them: settlePay).
   */
  salaryMin?: number | null;
  salaryMax?: number | null;
  salaryPeriod?: PayPeriod;
  /** An ISO 4217 code (a write path resolves 'the board's' before it patches). */
  salaryCurrency?: string;
  benefitsSummary?: string | null;
  salaryText?: string | null;
  deadline?: string | null;
  postedDate?: string;
  responsibilities?: string[];
  requirements?: string[];
  benefits?: string[];
  applicationUrl?: string | null;
  via?: string;
  featured?: boolean;
  active?: boolean;
  expiresAt?: Date | null;
  /** A synced job's fingerprint of its source record (written, never reported as a change). */
  syncHash?: string | null;
  locations?: string[];
  categories?: string[];
}

/** What a job is now, as a patch is compared with it. */
export interface StoredJob {
  row: JobRow;
  locations: string[];
  categories: string[];
}

/**
 * The company a job names after the patch, and the details the patch gives it (blank ones left
 * out): the repository hands them to companies.ts with the patch's writer, which decides what
 * they change.
 */
export interface CompanyPlan {
  name: string;
  details: CompanyDetails;
}

/** The job field each company detail is in a job's changes (the admin form's and a sync's). */
export const COMPANY_DETAIL_FIELDS = {
  description: 'companyDescription',
  websiteUrl: 'websiteUrl',
  logo: 'logoUrl',
} as const satisfies Record<CompanyField, JobField>;

/** How one job changes: its columns, its lists and company when they change, and every change. */
export interface PatchPlan {
  columns: Record<string, unknown>;
  locations?: string[];
  categories?: string[];
  company: CompanyPlan;
  changes: FieldChange[];
}

/** A pay as the fields of a patch (PAY_JOB_FIELDS): the whole of it, to write it whole. */
export function payPatch(pay: Pay): Pick<JobPatch, (typeof PAY_JOB_FIELDS)[number]> {
  return {
    salaryMin: pay.min,
    salaryMax: pay.max,
    salaryPeriod: pay.period,
    ...(pay.currency ? { salaryCurrency: pay.currency } : {}),
    benefitsSummary: pay.benefits,
    salaryText: pay.text,
  };
}

/** Responsibilities and the like as stored: trimmed, without blank entries. */
export function cleanSentences(list: readonly string[]): string[] {
  return list.map((entry) => entry.trim()).filter(Boolean);
}

/** A job's list of sentences as stored (a JSON list of text). */
export function parseSentences(json: string | null | undefined): string[] {
  try {
    const value: unknown = JSON.parse(json ?? '[]');
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

const has = <K extends keyof JobPatch>(patch: JobPatch, key: K): boolean =>
  Object.hasOwn(patch, key) && patch[key] !== undefined;

const same = (a: ChangeValue, b: ChangeValue) => JSON.stringify(a) === JSON.stringify(b);

const iso = (ms: number | string | null) =>
  ms == null ? null : new Date(Number(ms)).toISOString();

/**
 * What a patch changes on a stored job: the columns to write (only those whose value differs),
 * the locations or categories when they differ, the company it names, and each field's change.
 * `companies` holds the companies the patches name (before they are written). A company detail's
 * change is what the patch asks for; whether the company takes it is companies.ts's to decide
 * (`companyChangesKept`).
 */
export function planPatch(
  stored: StoredJob,
  patch: JobPatch,
  companies: ReadonlyMap<string, Pick<StoredCompany, 'details'>>,
  payRule: PayRule,
): PatchPlan {
  const { row } = stored;
  const columns: Record<string, unknown> = {};
  const changes: FieldChange[] = [];
  const set = (field: JobField, column: string, from: ChangeValue, to: ChangeValue, value = to) => {
    if (same(from, to)) return;
    columns[column] = value;
    changes.push({ field, from, to });
  };

  if (has(patch, 'title')) set('title', 'title', row.title, patch.title!.trim());
  if (has(patch, 'description')) {
    set('description', 'description', row.description, patch.description!.trim());
  }
  if (has(patch, 'jobType'))
    set('jobType', 'job_type', row.job_type, canonicalJobType(patch.jobType!));
  Object.assign(columns, planWorkplace(row, patch, set));
  if (has(patch, 'experienceLevel')) {
    set('experienceLevel', 'experience_level', row.experience_level, patch.experienceLevel!);
  }
  if (Object.hasOwn(patch, 'deadline')) {
    const deadline = patch.deadline?.trim() ? normaliseDeadline(patch.deadline) : null;
    set('deadline', 'deadline', row.deadline, deadline);
    // When the deadline closes the job is written with it (listing-end.ts reads it).
    if (Object.hasOwn(columns, 'deadline')) columns.deadline_ends_at = deadlineEndsAt(deadline);
  }
  if (has(patch, 'postedDate'))
    set('postedDate', 'posted_date', row.posted_date, patch.postedDate!);
  for (const list of ['responsibilities', 'requirements', 'benefits'] as const) {
    if (!has(patch, list)) continue;
    const to = cleanSentences(patch[list]!);
    set(list, list, parseSentences(row[list]), to, JSON.stringify(to));
  }
  if (Object.hasOwn(patch, 'applicationUrl')) {
    set(
      'applicationUrl',
      'application_url',
      row.application_url,
      patch.applicationUrl?.trim() || null,
    );
  }
  planApply(row, patch, set);
  // A flag on the link (link-checks/) was about the link as it was: a new link, or another way to
  // apply, is not flagged until the checker finds it dead.
  if (
    row.apply_link_flagged_at != null &&
    (Object.hasOwn(columns, 'application_url') || Object.hasOwn(columns, 'apply_method'))
  ) {
    columns.apply_link_flagged_at = null;
  }
  if (has(patch, 'via')) set('via', 'via', row.via, patch.via!);
  if (has(patch, 'featured')) set('featured', 'featured', Boolean(row.featured), patch.featured!);
  if (has(patch, 'active')) set('active', 'active', Boolean(row.active), patch.active!);
  if (Object.hasOwn(patch, 'expiresAt')) {
    const to = patch.expiresAt ? patch.expiresAt.getTime() : null;
    set('expiresAt', 'expires_at', iso(row.expires_at), iso(to), to);
  }
  planPay(row, patch, payRule, columns, changes);
  if (Object.hasOwn(patch, 'syncHash') && (patch.syncHash ?? null) !== (row.sync_hash ?? null)) {
    columns.sync_hash = patch.syncHash ?? null;
  }

  const plan: PatchPlan = { columns, changes, company: { name: row.company_name, details: {} } };
  for (const list of ['locations', 'categories'] as const) {
    if (!has(patch, list)) continue;
    const to = distinctLabels(patch[list]!);
    if (sameLabels(stored[list], to)) continue;
    plan[list] = to;
    changes.push({ field: list, from: stored[list], to });
  }
  planCompany(stored, patch, companies, plan);
  return plan;
}

/**
 * The pay: the fields given replace the job's, the others stay (pay-columns.ts reads what it has).
 * Each pay field that differs is a change; the pay's columns are written whole when any does, and
 * when the row was written by an earlier release (its pay read from the old columns, kept in the
 * new ones from now on). The pay rule's hold follows the pay.
 */
function planPay(
  row: JobRow,
  patch: JobPatch,
  payRule: PayRule,
  columns: Record<string, unknown>,
  changes: FieldChange[],
) {
  const before = payOfRow(row);
  const given = (key: (typeof PAY_JOB_FIELDS)[number]) => Object.hasOwn(patch, key);
  if (!PAY_JOB_FIELDS.some(given)) {
    if (heldForPay(before, payRule) !== Boolean(row.pay_held)) {
      columns.pay_held = heldForPay(before, payRule);
    }
    return;
  }
  const after = settlePay({
    min: given('salaryMin') ? (patch.salaryMin ?? null) : before.min,
    max: given('salaryMax') ? (patch.salaryMax ?? null) : before.max,
    period: patch.salaryPeriod ?? before.period,
    currency: patch.salaryCurrency || before.currency,
    text: given('salaryText') ? patch.salaryText?.trim() || null : before.text,
    benefits: given('benefitsSummary') ? patch.benefitsSummary?.trim() || null : before.benefits,
  });
  const fields: [JobField, keyof Pay][] = [
    ['salaryMin', 'min'],
    ['salaryMax', 'max'],
    ['salaryPeriod', 'period'],
    ['salaryCurrency', 'currency'],
    ['benefitsSummary', 'benefits'],
    ['salaryText', 'text'],
  ];
  let changed = false;
  for (const [field, key] of fields) {
    if (same(before[key], after[key])) continue;
    changed = true;
    changes.push({ field, from: before[key], to: after[key] });
  }
  if (changed || isLegacyPayRow(row)) Object.assign(columns, jobPayColumns(after, payRule));
  else if (heldForPay(after, payRule) !== Boolean(row.pay_held)) {
    columns.pay_held = heldForPay(after, payRule);
  }
}

/**
 * The company the job names after the patch, and the details the patch gives it: blank details
 * keep what the company has (a company is shared by the jobs that name it). Each detail given
 * that differs from what the company has (one new to the board: what the job showed) is a change
 * the patch asks for.
 */
function planCompany(
  stored: StoredJob,
  patch: JobPatch,
  companies: ReadonlyMap<string, Pick<StoredCompany, 'details'>>,
  plan: PatchPlan,
) {
  const { row } = stored;
  const name = has(patch, 'organization') ? patch.organization!.trim() : row.company_name;
  plan.company = { name, details: {} };
  if (name !== row.company_name) {
    plan.changes.push({ field: 'organization', from: row.company_name, to: name });
  }
  // A company new to the board starts from what the job showed (what it carries over is no
  // change of the job); one already there, from its own details.
  const before =
    name === row.company_name
      ? detailsOfRow(row)
      : (companies.get(name)?.details ?? detailsOfRow(row));
  for (const detail of ['description', 'websiteUrl', 'logo'] as const) {
    const field = COMPANY_DETAIL_FIELDS[detail];
    const given = patch[field]?.trim();
    if (!given) continue;
    plan.company.details[detail] = given;
    const from = before[detail];
    if (given !== from) plan.changes.push({ field, from: from || null, to: given });
  }
}

/** A job's company details as its row has them ('' for none). */
function detailsOfRow(row: JobRow): Record<CompanyField, string> {
  return {
    description: row.company_description?.trim() ?? '',
    websiteUrl: row.company_website_url?.trim() ?? '',
    logo: row.company_logo_url?.trim() ?? '',
  };
}

const DETAIL_OF_FIELD = new Map<string, CompanyField>(
  COMPANY_FIELDS.map((detail) => [COMPANY_DETAIL_FIELDS[detail], detail]),
);

/**
 * A plan's changes as they came out once the company was written: a company detail the company
 * did not take (companies.ts: a sync does not replace what an admin set) is no change of the job.
 * `company` is the job's company as it is now.
 */
export function companyChangesKept(
  changes: FieldChange[],
  company: Pick<StoredCompany, 'details'> | undefined,
): FieldChange[] {
  return changes.filter((change) => {
    const detail = DETAIL_OF_FIELD.get(change.field);
    return !detail || company?.details[detail] === change.to;
  });
}

/** The fields a list of changes names. */
export const changedFieldsOf = (changes: readonly FieldChange[]): JobField[] =>
  changes.map((c) => c.field as JobField);
