import { createHash } from 'node:crypto';
import {
  EXPERIENCE_NOT_SPECIFIED,
  findBrokenCharacter,
  findNulCharacter,
  normaliseDeadline,
  parsePostedDate,
} from '@jobboard/contract/common';
import {
  PAY_LIMITS,
  checkPay,
  distinctLabels,
  isCurrencyCode,
  parseAmount,
  readPay,
  readPeriod,
  type Pay,
  type WorkplaceType,
  JOB_LIMITS,
  normaliseRemotePlaces,
  workplaceFromFlag,
} from '@jobboard/contract/jobs';
import { APPLY_LIMITS } from '@jobboard/contract/applications';
import { isContactEmail } from '@jobboard/contract/common';
import type { JobInput } from '../jobs';
import type { SourceRecord } from './sources/source';

/**
 * The one mapping of a source's records to our jobs. Every source hands over records whose
 * fields are named as in the public Job shape (docs/product.md#entities): a JSON feed as it is, Airtable through
 * AIRTABLE_FIELDS. `mapRecord` checks each field against the column it goes to and either gives
 * the job to write or the reason the record is skipped.
 */

/** Airtable field name -> the Job field it fills ('company.x' fills `company: { x }`). */
export const AIRTABLE_FIELDS = {
  Title: 'title',
  Organization: 'organization',
  Description: 'description',
  Location: 'location',
  'Job Type': 'jobType',
  Category: 'category',
  'Posted Date': 'postedDate',
  Salary: 'salary',
  'Salary Min': 'salaryMin',
  'Salary Max': 'salaryMax',
  'Salary Period': 'salaryPeriod',
  'Salary Currency': 'salaryCurrency',
  'Benefits Summary': 'benefitsSummary',
  Deadline: 'deadline',
  'Application URL': 'applicationUrl',
  'How to Apply': 'howToApply',
  Via: 'via',
  Featured: 'featured',
  Active: 'active',
  Remote: 'remote',
  Workplace: 'workplaceType',
  'Remote Places': 'remotePlaces',
  'Experience Level': 'experienceLevel',
  Responsibilities: 'responsibilities',
  Requirements: 'requirements',
  Benefits: 'benefits',
  'Company Description': 'company.description',
  'Company Website': 'company.websiteUrl',
  'Company Logo': 'company.logo',
} as const;

/** A synced job, ready to write; `hash` fingerprints its record (jobs.sync_hash). */
export type SyncedInput = Omit<JobInput, 'source'> & { externalId: string; syncHash: string };

export type Mapped =
  { ok: true; input: SyncedInput } | { ok: false; externalId: string | null; reason: string };

/** Thrown inside the mapping with the reason a record is skipped. */
class Skip extends Error {}

/**
 * A record as the job to write, or why it is skipped. `fieldName` names a Job field the way the
 * source does (Airtable's 'Job Type' for jobType), so a reason points at what to fix there.
 * Relative posted dates become dates at `now`; pay without a currency is in `currency` (the
 * board's).
 */
export function mapRecord(
  record: SourceRecord,
  now: Date,
  fieldName: (key: string) => string = (key) => key,
  currency = 'USD',
): Mapped {
  const externalId =
    typeof record.externalId === 'string' || typeof record.externalId === 'number'
      ? String(record.externalId).trim()
      : '';
  try {
    if (!externalId) throw new Skip('It has no id');
    if (externalId.length > JOB_LIMITS.externalId) {
      throw new Skip(`Its id is longer than ${JOB_LIMITS.externalId} characters`);
    }
    return { ok: true, input: mapFields(record.fields, now, externalId, fieldName, currency) };
  } catch (error) {
    if (!(error instanceof Skip)) throw error;
    return { ok: false, externalId: externalId || null, reason: error.message };
  }
}

function mapFields(
  fields: Record<string, unknown>,
  now: Date,
  externalId: string,
  fieldName: (key: string) => string,
  currency: string,
): SyncedInput {
  const name = (key: string) => `'${fieldName(key)}'`;
  const nul = findNulCharacter(fields);
  if (nul !== null) {
    throw new Skip(`${name(nul)} holds a NUL character, which the database cannot store`);
  }
  const broken = findBrokenCharacter(fields);
  if (broken !== null) throw new Skip(`${name(broken)} holds a broken character`);

  const company = objectOr(fields.company);
  const text = (key: string, value: unknown, max: number, required = false): string => {
    if (value === undefined || value === null || value === '') {
      if (required) throw new Skip(`${name(key)} is missing`);
      return '';
    }
    if (typeof value !== 'string' && typeof value !== 'number') {
      throw new Skip(`${name(key)} is not text`);
    }
    const trimmed = String(value).trim();
    if (required && !trimmed) throw new Skip(`${name(key)} is missing`);
    if (trimmed.length > max) throw new Skip(`${name(key)} is longer than ${max} characters`);
    return trimmed;
  };
  const url = (key: string, value: unknown, max: number): string => {
    const given = text(key, firstAttachmentUrl(value), max);
    if (given && !isWebUrl(given)) throw new Skip(`${name(key)} is not an http(s) address`);
    return given;
  };

  const title = text('title', fields.title, JOB_LIMITS.title, true);
  const organization = text(
    'organization',
    fields.organization ?? company.name,
    JOB_LIMITS.organization,
    true,
  );
  const description = text('description', fields.description, JOB_LIMITS.description, true);
  const jobType = text('jobType', fields.jobType, JOB_LIMITS.jobType, true);
  const locations = labels('location', fields.locations ?? fields.location, false, name);
  if (!locations.length) throw new Skip(`${name('location')} is missing`);
  const categories = labels('category', fields.category, true, name);
  const postedText = text('postedDate', fields.postedDate, 100);
  const postedDate = postedText ? parsePostedDate(postedText, now) : parsePostedDate('Today', now);
  if (!postedDate) {
    throw new Skip(
      `${name('postedDate')} '${postedText}' is not a date (YYYY-MM-DD) or text such as 'Today' or '3 days ago'`,
    );
  }
  const pay = payOf(fields, text, name, currency);
  // Bounded as given, as the forms bound it; what is stored (a date as YYYY-MM-DD, or the text
  // without its 'Deadline:') fits the same column.
  const deadlineText = text('deadline', fields.deadline, JOB_LIMITS.deadline);
  const deadline = deadlineText ? normaliseDeadline(deadlineText) : '';
  const workplace = workplaceOf(fields, jobType, locations, text, name);

  // Written in a fixed order: the fingerprint below is of this object. The posted date is in it
  // as the source wrote it, so '3 days ago' read again tomorrow is no change.
  const job = {
    title,
    organization,
    companyDescription: text(
      'company.description',
      company.description,
      JOB_LIMITS.companyDescription,
    ),
    websiteUrl: url('company.websiteUrl', company.websiteUrl, JOB_LIMITS.companyUrl),
    logoUrl: url('company.logo', company.logo, JOB_LIMITS.companyUrl) || null,
    description,
    jobType,
    remote: workplace.workplaceType === 'remote',
    experienceLevel:
      text('experienceLevel', fields.experienceLevel, JOB_LIMITS.experienceLevel) ||
      EXPERIENCE_NOT_SPECIFIED,
    pay,
    deadline: deadline || null,
    responsibilities: list('responsibilities', fields.responsibilities, name),
    requirements: list('requirements', fields.requirements, name),
    benefits: list('benefits', fields.benefits, name),
    ...applyOf(
      url('applicationUrl', fields.applicationUrl, JOB_LIMITS.applicationUrl),
      text(
        'howToApply',
        fields.howToApply ?? objectOr(fields.apply).howToApply,
        APPLY_LIMITS.howToApply,
      ),
    ),
    via: text('via', fields.via, JOB_LIMITS.via),
    featured: flag('featured', fields.featured, false, name)!,
    active: flag('active', fields.active, true, name)!,
    locations,
    categories,
    externalId,
  };
  // The workplace columns are in the fingerprint only when the record has them: a record of a
  // source without them fingerprints as it did before them (no job is rewritten for nothing).
  const syncHash = createHash('sha256')
    .update(JSON.stringify({ ...job, postedText, ...workplace.given }))
    .digest('hex');
  return { ...job, ...workplace.fields, postedDate, expiresAt: null, syncHash };
}

/** A source's words for a workplace (any letter case, spaces or dashes), as the board's types. */
const WORKPLACE_WORDS: Record<string, WorkplaceType> = {
  onsite: 'on_site',
  inperson: 'on_site',
  inoffice: 'on_site',
  hybrid: 'hybrid',
  remote: 'remote',
  fullyremote: 'remote',
  telecommute: 'remote',
};

/**
 * Where a synced job is done (issue 47): the record's workplace ('On-site', 'on_site', 'Hybrid',
 * 'Remote'...) and places when it has a column for them; without one, remote by its Remote flag,
 * else by a job type or a location named Remote, as before. Places of an on-site job are left out.
 */
function workplaceOf(
  fields: Record<string, unknown>,
  jobType: string,
  locations: string[],
  text: (key: string, value: unknown, max: number) => string,
  name: (key: string) => string,
) {
  const typeText = text('workplaceType', fields.workplaceType, 40);
  const given = WORKPLACE_WORDS[typeText.toLowerCase().replace(/[\s_-]+/g, '')];
  if (typeText && !given) {
    throw new Skip(`${name('workplaceType')} '${typeText}' is not on-site, hybrid or remote`);
  }
  const remote = flag('remote', fields.remote, null, name);
  const workplaceType: WorkplaceType =
    given ??
    (remote === null ? workplaceFromFlag({ jobType, locations }) : remote ? 'remote' : 'on_site');
  const places = text('remotePlaces', fields.remotePlaces, JOB_LIMITS.remotePlaces);
  const remotePlaces = workplaceType === 'on_site' ? null : normaliseRemotePlaces(places) || null;
  return {
    workplaceType,
    fields: { workplaceType, remotePlaces },
    given: typeText || places ? { workplaceType, remotePlaces } : {},
  };
}

/**
 * How a synced job takes applications (docs/product.md#applying), from its link and its "How to
 * Apply" text: a link is a link; words that are only a web address are its link, words that are
 * only an e-mail address (or a mailto: link) are relayed to (the address is never shown), and
 * other words are shown as they are, with no apply button. A sync never gives the board's form:
 * no employer signs in to read its inbox.
 */
export function applyOf(
  link: string,
  howToApply: string,
): Pick<SyncedInput, 'applyMethod' | 'applicationUrl' | 'applicationEmail' | 'howToApply'> {
  const words = howToApply.trim();
  const address = words
    .replace(/^mailto:/i, '')
    .replace(/\?.*$/, '')
    .trim();
  const wordsAreLink = isWebUrl(words) && words.length <= JOB_LIMITS.applicationUrl;
  // An address alone, or a mailto: link (its ?subject= and the like left out).
  const wordsAreAddress = !wordsAreLink && isContactEmail(address);
  const applicationUrl = link || (wordsAreLink ? words : '');
  if (applicationUrl) {
    return {
      applyMethod: 'link',
      applicationUrl,
      // An address beside a link is kept unshown (the link is how the source says to apply).
      applicationEmail: wordsAreAddress ? address : null,
      howToApply: wordsAreLink || wordsAreAddress ? null : words || null,
    };
  }
  if (wordsAreAddress) {
    return {
      applyMethod: 'email',
      applicationUrl: null,
      applicationEmail: address,
      howToApply: null,
    };
  }
  return {
    applyMethod: null,
    applicationUrl: null,
    applicationEmail: null,
    howToApply: words || null,
  };
}

function objectOr(value: unknown): Record<string, unknown> {
  return value && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

/** An Airtable attachment field is a list of { url }: its first file's address. */
function firstAttachmentUrl(value: unknown): unknown {
  if (Array.isArray(value)) return objectOr(value[0]).url;
  return value;
}

function isWebUrl(text: string): boolean {
  if (!URL.canParse(text)) return false;
  const { protocol } = new URL(text);
  return protocol === 'http:' || protocol === 'https:';
}

/**
 * Locations or categories: a string (one entry) or a list of strings. A record without a
 * category is filed under 'Uncategorized' (docs/product.md#entities's catch-all choice).
 */
function labels(
  key: string,
  value: unknown,
  defaultUncategorized: boolean,
  name: (key: string) => string,
): string[] {
  const given = value === undefined || value === null ? [] : Array.isArray(value) ? value : [value];
  if (given.some((entry) => typeof entry !== 'string')) {
    throw new Skip(`${name(key)} is not text or a list of text`);
  }
  const entries = distinctLabels(given as string[]);
  if (entries.length > JOB_LIMITS.labels) {
    throw new Skip(`${name(key)} has more than ${JOB_LIMITS.labels} entries`);
  }
  if (entries.some((entry) => entry.length > JOB_LIMITS.label)) {
    throw new Skip(`${name(key)} has an entry longer than ${JOB_LIMITS.label} characters`);
  }
  return entries.length || !defaultUncategorized ? entries : ['Uncategorized'];
}

/**
 * A record's pay (docs/product.md#pay): its figures, what they are per, its currency and
 * benefits, and its words ('Salary': '$25 - $30 per hour'), as the contract reads them (readPay).
 * A feed of the board's own Job shape gives them in `pay`. A figure that is no amount, a period
 * or currency the board does not know, or pay past the ceiling skips the record with its reason.
 */
function payOf(
  fields: Record<string, unknown>,
  text: (key: string, value: unknown, max: number) => string,
  name: (key: string) => string,
  currency: string,
): Pay {
  const nested = objectOr(fields.pay);
  const amount = (key: 'salaryMin' | 'salaryMax', value: unknown) => {
    const parsed = parseAmount(value === '' ? null : value);
    if (Number.isNaN(parsed)) throw new Skip(`${name(key)} is not an amount`);
    return parsed;
  };
  const min = amount('salaryMin', fields.salaryMin ?? nested.min);
  const max = amount('salaryMax', fields.salaryMax ?? nested.max);
  const periodText = text('salaryPeriod', fields.salaryPeriod ?? nested.period, 40);
  const period = periodText ? readPeriod(periodText) : null;
  if (periodText && !period) {
    throw new Skip(
      `${name('salaryPeriod')} '${periodText}' is not a period: hour, day, week, month, year, stipend or fixed fee`,
    );
  }
  const code = text('salaryCurrency', fields.salaryCurrency ?? nested.currency, 40).toUpperCase();
  if (code && !isCurrencyCode(code)) {
    throw new Skip(`${name('salaryCurrency')} '${code}' is not a currency code such as USD`);
  }
  const pay = readPay(
    {
      min,
      max,
      period,
      currency: code || null,
      text: text('salary', fields.salary, PAY_LIMITS.text) || null,
      benefits: text(
        'benefitsSummary',
        fields.benefitsSummary ?? nested.benefits,
        PAY_LIMITS.benefits,
      ),
    },
    currency,
  );
  const problem = checkPay({
    salaryMin: pay.min,
    salaryMax: pay.max,
    salaryPeriod: pay.period,
    salaryCurrency: pay.currency,
  });
  if (problem !== true) throw new Skip(`${name(problem.path[0])}: ${problem.message}`);
  return pay;
}

/** A checkbox: true / false, or the text 'true', 'false', 'yes', 'no'. Absent: `fallback`. */
function flag(
  key: string,
  value: unknown,
  fallback: boolean | null,
  name: (key: string) => string,
): boolean | null {
  if (value === undefined || value === null || value === '') return fallback;
  if (typeof value === 'boolean') return value;
  const word = typeof value === 'string' ? value.trim().toLowerCase() : '';
  if (word === 'true' || word === 'yes') return true;
  if (word === 'false' || word === 'no') return false;
  throw new Skip(`${name(key)} is not true or false`);
}

/** Responsibilities and the like: a list of sentences, or text with one per line. */
function list(key: string, value: unknown, name: (key: string) => string): string[] {
  if (value === undefined || value === null || value === '') return [];
  const given =
    typeof value === 'string'
      ? value.split(/\r?\n/).map((line) => line.replace(/^\s*(?:[-*•]|\d+[.)])\s+/, ''))
      : value;
  if (!Array.isArray(given) || given.some((entry) => typeof entry !== 'string')) {
    throw new Skip(`${name(key)} is not text or a list of text`);
  }
  const entries = (given as string[]).map((entry) => entry.trim()).filter(Boolean);
  if (entries.length > JOB_LIMITS.listItems) {
    throw new Skip(`${name(key)} has more than ${JOB_LIMITS.listItems} entries`);
  }
  if (entries.some((entry) => entry.length > JOB_LIMITS.listItem)) {
    throw new Skip(`${name(key)} has an entry longer than ${JOB_LIMITS.listItem} characters`);
  }
  return entries;
}

/** How Airtable names a Job field, for the reasons of skipped records. */
export function airtableFieldName(key: string): string {
  // A path into a list ('category.2') names the list's field.
  const field = key.replace(/(\.\d+)+$/, '');
  const found = Object.entries(AIRTABLE_FIELDS).find(([, jobKey]) => jobKey === field);
  return found ? found[0] : key;
}
