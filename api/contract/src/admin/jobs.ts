/** The admin's job form and a job as the admin sees it (api/src/jobs/, its admin routes). */
import {
  array,
  assign,
  boolean,
  enums,
  defaulted,
  nullable,
  object,
  optional,
  partial,
  refine,
  integer,
  min,
  string,
  type Infer,
} from 'superstruct';
import { described } from '../json-schema';
import {
  APPLY_METHODS,
  ScreeningQuestion,
  applyFieldRules,
  type ApplyMethod,
} from '../applications';
import { CheckInState } from '../check-ins';
import { EXPERIENCE_SCHEMA, isExperienceChoice } from '../choices';
import { ISO_DATE_PATTERN, parseDeadline, stripDeadlinePrefix } from '../dates';
import { Job } from '../job';
import { JOB_LIMITS } from '../job-limits';
import { ApplyLinkCheck } from '../link-checks';
import { uploadedLogoHash } from '../logo-upload';
import {
  amountField,
  amountText,
  benefitsField,
  checkPay,
  currencyField,
  payTextField,
  periodField,
  type PayPeriod,
} from '../pay';
import { NOT_BLANK, filled, isRealIsoDate, text } from './form-rules';
import {
  checkWorkplace,
  remotePlacesField,
  workplaceOfJob,
  workplaceTypeField,
  type WorkplaceType,
} from '../workplace';
import { ADMIN_MESSAGES } from './messages';

const nonEmptyList = (message: string) =>
  described<string[]>(
    'nonEmptyList',
    {
      type: 'array',
      items: { type: 'string', maxLength: JOB_LIMITS.label },
      maxItems: JOB_LIMITS.labels,
      contains: { type: 'string', pattern: NOT_BLANK },
    },
    (value) =>
      (Array.isArray(value) &&
        value.length <= JOB_LIMITS.labels &&
        value.every((v) => typeof v === 'string' && v.length <= JOB_LIMITS.label) &&
        value.some((v) => typeof v === 'string' && v.trim() !== '')) ||
      message,
  );

/** Whether `value` is blank or an http(s) address at most companies.website_url / logo_url wide. */
/** An http(s) address or blank, as the OpenAPI document states it (its check: optionalWebUrlCheck). */
const WEB_URL_SCHEMA = { type: 'string', maxLength: JOB_LIMITS.companyUrl };

function optionalWebUrlCheck(value: unknown): true | string {
  if (typeof value !== 'string') return ADMIN_MESSAGES.url;
  if (value.trim() === '') return true;
  if (value.length > JOB_LIMITS.companyUrl) return ADMIN_MESSAGES.tooLong(JOB_LIMITS.companyUrl);
  try {
    const url = new URL(value.trim());
    return url.protocol === 'http:' || url.protocol === 'https:' || ADMIN_MESSAGES.url;
  } catch {
    return ADMIN_MESSAGES.url;
  }
}

/** An optional http(s) address at most companies.website_url / logo_url wide. */
const optionalWebUrl = optional(
  described<string>('optionalWebUrl', WEB_URL_SCHEMA, optionalWebUrlCheck),
);

/** A company logo: a web address, or the path of a logo an employer uploaded (issue 30). */
const optionalLogo = optional(
  described<string>(
    'optionalLogo',
    WEB_URL_SCHEMA,
    (value) =>
      (typeof value === 'string' && uploadedLogoHash(value) !== undefined) ||
      optionalWebUrlCheck(value),
  ),
);

/** A job's application link: required, an http(s) address at most jobs.application_url wide. */
function applicationUrlCheck(value: unknown): true | string {
  if (typeof value !== 'string' || value.trim() === '') return ADMIN_MESSAGES.required;
  if (value.length > JOB_LIMITS.applicationUrl) {
    return ADMIN_MESSAGES.tooLong(JOB_LIMITS.applicationUrl);
  }
  try {
    const url = new URL(value.trim());
    return url.protocol === 'http:' || url.protocol === 'https:' || ADMIN_MESSAGES.url;
  } catch {
    return ADMIN_MESSAGES.url;
  }
}

/** Responsibilities, requirements or benefits: a list of text, JOB_LIST_LIMITS long at most. */
const sentences = refine(
  array(text(JOB_LIMITS.listItem)),
  'listSize',
  (list) =>
    list.length <= JOB_LIMITS.listItems || ADMIN_MESSAGES.tooManyEntries(JOB_LIMITS.listItems),
);

/**
 * The fields of the admin's job form (docs/product.md#entities and docs/product.md#validation) and the rule of each. The fields the form
 * may leave out have no default here: creating a job gives them theirs (AdminJobForm), an update
 * keeps what the job has (AdminJobUpdate).
 */
const jobFormFields = {
  title: filled(ADMIN_MESSAGES.required, JOB_LIMITS.title),
  organization: filled(ADMIN_MESSAGES.required, JOB_LIMITS.organization),
  /**
   * How candidates apply (docs/product.md#applying): the link is required when the method is a
   * link, or none is sent (an older admin build, which knows no other way).
   */
  ...applyFieldRules(applicationUrlCheck),
  description: text(JOB_LIMITS.description),
  category: nonEmptyList(ADMIN_MESSAGES.category),
  locations: nonEmptyList(ADMIN_MESSAGES.locationsInline),
  // The form offers ADMIN_JOB_TYPES; a job stored with another type (synced 'Remote', say)
  // can still be saved as it is.
  jobType: described<string>(
    'jobType',
    { type: 'string', maxLength: JOB_LIMITS.jobType, pattern: NOT_BLANK },
    (v) => {
      if (typeof v !== 'string' || v.trim() === '') return ADMIN_MESSAGES.required;
      return v.length <= JOB_LIMITS.jobType || ADMIN_MESSAGES.invalid;
    },
  ),
  /**
   * Where the job is done and the places it may be done from (issue 47). Optional: an older admin
   * build sends neither, and the job's workplace then follows its type and locations as before.
   */
  workplaceType: optional(workplaceTypeField),
  remotePlaces: optional(remotePlacesField),
  via: text(JOB_LIMITS.via),
  postedDate: described<string>('postedDate', { type: 'string', format: 'date' }, (v) =>
    v === undefined || v === ''
      ? ADMIN_MESSAGES.required
      : isRealIsoDate(v) || ADMIN_MESSAGES.invalid,
  ),
  deadline: optional(
    nullable(
      described<string>('deadline', { type: 'string', maxLength: JOB_LIMITS.deadline }, (v) => {
        if (v === '' || isRealIsoDate(v)) return true;
        if (typeof v !== 'string' || v.length > JOB_LIMITS.deadline) {
          return ADMIN_MESSAGES.invalid;
        }
        // Date-like text must be a real date (it is stored as YYYY-MM-DD); other text, such
        // as 'Rolling' on an imported job, is kept as written.
        const text = stripDeadlinePrefix(v);
        return !/^[\d\s/.-]+$/.test(text) || parseDeadline(text) !== null || ADMIN_MESSAGES.invalid;
      }),
    ),
  ),
  /**
   * Pay (docs/product.md#pay): figures as typed ('65000', '27.50', or numbers; null or '' for
   * none), what they are per, the currency ('' or absent: the board's), a benefits summary, and
   * the pay in words when it is not figures ('Competitive'; words that read as figures, such as
   * '$25 - $30 an hour', become them). Each optional: a client that does not send one leaves the
   * job's as it is on an edit, and a new job without a period is paid per year.
   */
  salaryMin: optional(nullable(amountField)),
  salaryMax: optional(nullable(amountField)),
  salaryPeriod: optional(periodField),
  salaryCurrency: optional(currencyField),
  benefitsSummary: optional(benefitsField),
  salaryText: optional(payTextField),
  // Optional: a client that does not send it (an older admin build, or the form of a job whose
  // level the menu does not offer) leaves the job's level as it is on an edit; a new job without
  // it is 'Not specified'.
  experienceLevel: optional(
    described<string>(
      'experienceLevel',
      EXPERIENCE_SCHEMA,
      (v) => isExperienceChoice(v) || ADMIN_MESSAGES.invalid,
    ),
  ),
  /** The company's website and logo ('' or absent keeps what the company has). */
  companyWebsite: optionalWebUrl,
  /** A web address, or a logo an employer uploaded (`/logos/<hash>.png`), as the form loads it. */
  logoUrl: optionalLogo,
  /** Optional: a client that does not send a list leaves the job's as it is on an edit. */
  responsibilities: optional(sentences),
  requirements: optional(sentences),
  benefits: optional(sentences),
  active: boolean(),
  featured: boolean(),
};

/** The admin's job form (docs/product.md#entities and docs/product.md#validation): `POST /api/admin/jobs` creates a job with it. */
export const AdminJobForm = refine(
  refine(
    object({
      ...jobFormFields,
      description: defaulted(jobFormFields.description, ''),
      via: defaulted(jobFormFields.via, ''),
      active: defaulted(jobFormFields.active, true),
      featured: defaulted(jobFormFields.featured, false),
    }),
    'pay',
    checkPay,
  ),
  'workplace',
  checkWorkplace,
);
export type AdminJobForm = Infer<typeof AdminJobForm>;

/**
 * `PUT /api/admin/jobs/{id}`: the form's fields, each optional. What is given is checked as the
 * form checks it and written; what is not given stays as the job has it (the edit page sends the
 * whole form, an older one leaves out the fields it does not know). Pay given in part (a figure,
 * the period) is checked with the job's other pay fields by the API.
 */
export const AdminJobUpdate = refine(
  refine(partial(object(jobFormFields)), 'pay', checkPay),
  'workplace',
  // Places with an on-site type are refused when both are given; the API checks an update that
  // gives one of them against the job's other (formPatch).
  (update) => update.workplaceType === undefined || checkWorkplace(update),
);
export type AdminJobUpdate = Infer<typeof AdminJobUpdate>;

/**
 * A job as the admin dashboard lists it: the public shape plus who made it and when it ends.
 * `adminFields`: the fields of a synced job an admin changed here (JOB_FIELDS' names), which the
 * sync leaves as the admin set them ('edited here'); empty for every other job.
 */
export const AdminJob = assign(
  Job,
  object({
    /**
     * How many applications the board holds for it (its form's and the relayed ones), in the
     * answers of one job and of the admin's list pages; absent elsewhere.
     */
    applications: optional(min(integer(), 0)),
    source: string(),
    createdAt: string(),
    submissionId: nullable(string()),
    adminFields: array(string()),
    /**
     * The logo's address as the company gave it (the form's 'Logo URL'); null: none. In the
     * admins' answers `company.logo` is that address too (as it was before the board stored
     * logos, so an admin remote built earlier keeps filling its form from it); the copy the
     * board serves is the public answers' `company.logo`.
     */
    logoSource: nullable(string()),
    /**
     * Why the job is not on the board though it is on: the board's pay rule holds it back, it
     * shows no pay (PAY_MESSAGES.held). Absent otherwise.
     */
    heldBack: optional(string()),
    /**
     * How the job takes applications as stored (docs/product.md#applying), for the admin alone:
     * the method (null: a job of an earlier release, or a sync's words only), the relayed address
     * (never in a public answer), the job's words on applying and its questions. `applicationUrl`
     * is the stored link here whatever the method (the public answer has it only for a link).
     * Optional only for an admin remote's fixtures built earlier: the API always sends them.
     */
    applyMethod: optional(nullable(enums(APPLY_METHODS))),
    applicationEmail: optional(nullable(string())),
    howToApply: optional(nullable(string())),
    screeningQuestions: optional(array(ScreeningQuestion)),
    /**
     * Its latest "Still hiring?" check-in (issue 45), in the answers of one job and of the admin's
     * list pages: confirmed, answered filled, waiting, or flagged for no answer. Absent: none sent.
     */
    checkIn: optional(CheckInState),
    /**
     * The last check of its application link (issue 45), in the answers of one job and of the
     * admin's list pages once it was checked; absent otherwise. `applyLinkFlagged` says whether
     * the listing is flagged.
     */
    applyLinkCheck: optional(ApplyLinkCheck),
  }),
);
export type AdminJob = Infer<typeof AdminJob>;
export const AdminJobList = array(AdminJob);

/**
 * An existing job as the admin form edits it (docs/product.md#entities): a single location string becomes a
 * one-item list, a relative posted date ('3 days ago') falls back to today, and a deadline in
 * 'Deadline: M-D-YYYY' form is normalised to YYYY-MM-DD. Every field of the job the form edits is
 * filled, so saving the form unchanged changes nothing: the pay's words are filled only when it
 * has no figures (`salary` is then its words), and a level the menu does not offer is left out
 * (the job keeps it).
 */
export function jobToAdminForm(
  job: Pick<
    Job,
    | 'title'
    | 'organization'
    | 'applicationUrl'
    | 'description'
    | 'category'
    | 'jobType'
    | 'via'
    | 'postedDate'
    | 'deadline'
    | 'pay'
    | 'active'
    | 'featured'
  > & {
    workplaceType?: WorkplaceType;
    remotePlaces?: string;
    remote?: boolean;
    locations?: string[];
    location?: string;
    experienceLevel?: string;
    company?: { websiteUrl?: string };
    /** The logo's address as given (AdminJob.logoSource). */
    logoSource?: string | null;
    salary?: string;
    applyMethod?: ApplyMethod | null;
    applicationEmail?: string | null;
    howToApply?: string | null;
    screeningQuestions?: ScreeningQuestion[];
    responsibilities?: string[];
    requirements?: string[];
    benefits?: string[];
  },
  today: string,
): AdminJobForm {
  const locations = job.locations?.length ? job.locations : job.location ? [job.location] : [];
  const figures = job.pay?.min != null || job.pay?.max != null;
  return {
    title: job.title,
    organization: job.organization,
    // A job without a method (an earlier release's, a sync's words only) sends none: the job
    // keeps having none unless the admin chooses one.
    ...(job.applyMethod ? { applyMethod: job.applyMethod } : {}),
    applicationUrl: job.applicationUrl ?? '',
    applicationEmail: job.applicationEmail ?? '',
    howToApply: job.howToApply ?? '',
    screeningQuestions: (job.screeningQuestions ?? []).map((q) => ({
      ...q,
      choices: [...q.choices],
    })),
    description: job.description,
    category: Array.isArray(job.category) ? job.category : job.category ? [job.category] : [],
    locations,
    jobType: job.jobType,
    workplaceType: workplaceOfJob({ ...job, remote: job.remote ?? false, locations }),
    remotePlaces: job.remotePlaces ?? '',
    via: job.via ?? '',
    postedDate: ISO_DATE_PATTERN.test(job.postedDate) ? job.postedDate : today,
    // Readable deadlines become YYYY-MM-DD for the date input; other text is kept as written.
    deadline: job.deadline
      ? (parseDeadline(job.deadline) ?? stripDeadlinePrefix(job.deadline))
      : '',
    salaryMin: amountText(job.pay?.min),
    salaryMax: amountText(job.pay?.max),
    salaryPeriod: job.pay?.period ?? ('year' satisfies PayPeriod),
    salaryCurrency: job.pay?.currency ?? '',
    benefitsSummary: job.pay?.benefits ?? '',
    salaryText: figures ? '' : (job.salary ?? ''),
    // A level the menu does not offer (an import's own wording) is not sent: the job keeps it.
    experienceLevel: isExperienceChoice(job.experienceLevel) ? job.experienceLevel : undefined,
    companyWebsite: job.company?.websiteUrl ?? '',
    logoUrl: job.logoSource ?? '',
    responsibilities: [...(job.responsibilities ?? [])],
    requirements: [...(job.requirements ?? [])],
    benefits: [...(job.benefits ?? [])],
    active: job.active,
    featured: job.featured,
  };
}
