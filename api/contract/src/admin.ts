import {
  array,
  assign,
  boolean,
  define,
  defaulted,
  enums,
  integer,
  literal,
  min,
  nullable,
  number,
  object,
  optional,
  partial,
  refine,
  string,
  type Infer,
} from 'superstruct';
import { isExperienceChoice } from './choices';
import { ISO_DATE_PATTERN, isoDateOf, parseDeadline, stripDeadlinePrefix } from './dates';
import { Job, MAX_INT4 } from './job';
import { JOB_LIMITS } from './job-limits';
import { uploadedLogoHash } from './logo-upload';
import {
  amountField,
  amountText,
  benefitsField,
  checkPay,
  currencyField,
  JobPay,
  payTextField,
  periodField,
  type PayPeriod,
} from './pay';
import { SUBMISSION_STATUS_LABELS, type SubmissionStatus } from './submission';

/** Messages of the admin screens (docs/product.md#validation and docs/product.md#errors), word for word where the spec quotes them. */
export const ADMIN_MESSAGES = {
  login: 'Please enter both username and password',
  badLogin: 'Invalid username or password',
  required: 'Required',
  invalid: 'Invalid input',
  url: 'Please enter a valid URL',
  category: 'Select at least one category',
  locationsToast: 'Please add at least one location',
  locationsInline: 'At least one location is required',
  amountTitle: 'Invalid Amount',
  amount: 'Please enter a valid amount greater than 0.',
  deleteConfirm: 'Are you sure you want to delete this job?',
  amountTooLarge: 'Please enter an amount up to $999,999.99.',
  tooLong: (max: number) => `Please keep this under ${max} characters`,
  tooManyEntries: (max: number) => `Please keep this list to ${max} entries or fewer`,
} as const;

/** Messages of admin two-factor sign-in: the sign-in's code step and the account's security page. */
export const TWO_FACTOR_MESSAGES = {
  codeRequired: 'Please enter the 6-digit code from your authenticator app, or a recovery code',
  enrolCode: 'Please enter the 6-digit code your authenticator app shows',
  badCode: 'That code is not right, or it was already used. Please try again.',
  noPendingSignIn: 'Please log in to continue.',
  enrolFirst: 'Please set up two-factor sign-in to continue.',
  alreadyOn: 'Two-factor sign-in is already on.',
  notOn: 'Two-factor sign-in is not on.',
  noSetup: 'Please start the setup again.',
  requiredHere: 'Two-factor sign-in is required on this board; it cannot be turned off.',
  disableProof: 'Please enter a current code or your password',
  badPassword: 'That password is not right.',
  // The screens.
  codeStepTitle: 'Two-factor sign-in',
  codeStepHint:
    'Enter the 6-digit code from your authenticator app, or one of your recovery codes.',
  codeLabel: 'Code',
  verify: 'Verify',
  securityTitle: 'Account security',
  statusOn: 'Two-factor sign-in is on.',
  statusOff: 'Two-factor sign-in is off.',
  requiredNotice: 'This board requires two-factor sign-in. Set it up to continue.',
  recoveryLeft: (n: number) => `${n} recovery code${n === 1 ? '' : 's'} left.`,
  start: 'Set up two-factor sign-in',
  scan: 'Scan this QR code with your authenticator app, or enter the key below by hand.',
  secretLabel: 'Key',
  qrAlt: 'QR code to add this account to an authenticator app',
  confirm: 'Turn on',
  recoveryTitle: 'Your recovery codes',
  recoveryHint:
    'Each code signs you in once without your authenticator app. Keep them somewhere safe: they are shown only now.',
  recoveryDone: 'I have saved these codes',
  regenerate: 'New recovery codes',
  regenerateHint: 'Enter a current code: your old recovery codes stop working.',
  disable: 'Turn off two-factor sign-in',
  disableHint: 'Enter a current code or your password.',
  passwordLabel: 'Password',
} as const;

/** Longest text the two-factor forms take (a code is 6 digits, a recovery code 19 characters). */
export const TWO_FACTOR_LIMITS = { code: 40 } as const;

/**
 * The largest amount charged or taken off, in cents: Stripe's largest charge in US dollars
 * ($999,999.99), well inside the integer columns amounts are kept in.
 */
export const MAX_AMOUNT_CENTS = 99_999_999;

/**
 * Longest text and largest numbers the admin forms accept beside a job's fields (JOB_LIMITS):
 * each at most what its column holds on PostgreSQL (api/migrations), so a save never fails in
 * the database.
 */
export const ADMIN_LIMITS = {
  /** promo_codes.description */
  promoDescription: 300,
  /** promo_codes.max_redemptions: int4 */
  maxRedemptions: MAX_INT4,
  rejectNotes: 2000,
  username: 100,
  password: 200,
} as const;

const filled = (message: string, max: number) =>
  define<string>('filled', (value) => {
    if (typeof value !== 'string' || value.trim() === '') return message;
    return value.length <= max || ADMIN_MESSAGES.tooLong(max);
  });

export const AdminLogin = object({
  username: filled(ADMIN_MESSAGES.login, ADMIN_LIMITS.username),
  password: filled(ADMIN_MESSAGES.login, ADMIN_LIMITS.password),
});
export type AdminLogin = Infer<typeof AdminLogin>;

/** A real calendar date written YYYY-MM-DD (what a date input gives). */
const isRealIsoDate = (value: unknown): value is string =>
  typeof value === 'string' &&
  ISO_DATE_PATTERN.test(value) &&
  isoDateOf(Number(value.slice(0, 4)), Number(value.slice(5, 7)), Number(value.slice(8, 10))) !==
    null;

const isoDate = define<string>(
  'isoDate',
  (value) => isRealIsoDate(value) || ADMIN_MESSAGES.invalid,
);

const nonEmptyList = (message: string) =>
  define<string[]>(
    'nonEmptyList',
    (value) =>
      (Array.isArray(value) &&
        value.length <= JOB_LIMITS.labels &&
        value.every((v) => typeof v === 'string' && v.length <= JOB_LIMITS.label) &&
        value.some((v) => typeof v === 'string' && v.trim() !== '')) ||
      message,
  );

/** Whether `value` is blank or an http(s) address at most companies.website_url / logo_url wide. */
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
const optionalWebUrl = optional(define<string>('optionalWebUrl', optionalWebUrlCheck));

/** A company logo: a web address, or the path of a logo an employer uploaded (issue 30). */
const optionalLogo = optional(
  define<string>(
    'optionalLogo',
    (value) =>
      (typeof value === 'string' && uploadedLogoHash(value) !== undefined) ||
      optionalWebUrlCheck(value),
  ),
);

const webUrl = define<string>('webUrl', (value) => {
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
});

/** Text up to `max` characters (a missing value takes the default of the field). */
const text = (max: number) =>
  define<string>(
    'text',
    (v) => (typeof v === 'string' && v.length <= max) || ADMIN_MESSAGES.tooLong(max),
  );

/** Cents: a whole number above 0, at most MAX_AMOUNT_CENTS. */
const cents = define<number>('cents', (v) => {
  if (!Number.isSafeInteger(v) || (v as number) <= 0) return ADMIN_MESSAGES.amount;
  return (v as number) <= MAX_AMOUNT_CENTS || ADMIN_MESSAGES.amountTooLarge;
});

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
  applicationUrl: webUrl,
  description: text(JOB_LIMITS.description),
  category: nonEmptyList(ADMIN_MESSAGES.category),
  locations: nonEmptyList(ADMIN_MESSAGES.locationsInline),
  // The form offers ADMIN_JOB_TYPES; a job stored with another type (synced 'Remote', say)
  // can still be saved as it is.
  jobType: define<string>('jobType', (v) => {
    if (typeof v !== 'string' || v.trim() === '') return ADMIN_MESSAGES.required;
    return v.length <= JOB_LIMITS.jobType || ADMIN_MESSAGES.invalid;
  }),
  via: text(JOB_LIMITS.via),
  postedDate: define<string>('postedDate', (v) =>
    v === undefined || v === ''
      ? ADMIN_MESSAGES.required
      : isRealIsoDate(v) || ADMIN_MESSAGES.invalid,
  ),
  deadline: optional(
    nullable(
      define<string>('deadline', (v) => {
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
    define<string>('experienceLevel', (v) => isExperienceChoice(v) || ADMIN_MESSAGES.invalid),
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
  object({
    ...jobFormFields,
    description: defaulted(jobFormFields.description, ''),
    via: defaulted(jobFormFields.via, ''),
    active: defaulted(jobFormFields.active, true),
    featured: defaulted(jobFormFields.featured, false),
  }),
  'pay',
  checkPay,
);
export type AdminJobForm = Infer<typeof AdminJobForm>;

/**
 * `PUT /api/admin/jobs/{id}`: the form's fields, each optional. What is given is checked as the
 * form checks it and written; what is not given stays as the job has it (the edit page sends the
 * whole form, an older one leaves out the fields it does not know). Pay given in part (a figure,
 * the period) is checked with the job's other pay fields by the API.
 */
export const AdminJobUpdate = refine(partial(object(jobFormFields)), 'pay', checkPay);
export type AdminJobUpdate = Infer<typeof AdminJobUpdate>;

/**
 * A job as the admin dashboard lists it: the public shape plus who made it and when it ends.
 * `adminFields`: the fields of a synced job an admin changed here (JOB_FIELDS' names), which the
 * sync leaves as the admin set them ('edited here'); empty for every other job.
 */
export const AdminJob = assign(
  Job,
  object({
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
  }),
);
export type AdminJob = Infer<typeof AdminJob>;
export const AdminJobList = array(AdminJob);

/** `PUT /api/admin/submissions/{id}/amount`: cents, a whole number above zero (at most $999,999.99). */
export const AmountUpdate = object({ amount: cents });

// ---- company details under review (issue 25) -----------------------------------------------

/**
 * The details of a company that a submission may give and the review compares with the board's:
 * companies are shared by every job naming them, so a submission changes them only when an admin
 * approves it with the change in view.
 */
export const COMPANY_FIELDS = ['websiteUrl', 'logo', 'description'] as const;
export type CompanyField = (typeof COMPANY_FIELDS)[number];

/** How the review card and the timelines name each detail. */
export const COMPANY_FIELD_LABELS: Record<CompanyField, string> = {
  websiteUrl: 'Website',
  logo: 'Logo',
  description: 'Description',
};

/** One detail where the submission gives a value the board's company does not have. */
export const CompanyDifference = object({
  field: enums(COMPANY_FIELDS),
  /** What the board has now ('' when it has none). */
  onBoard: string(),
  /** What the submission gives. */
  submitted: string(),
});
export type CompanyDifference = Infer<typeof CompanyDifference>;

/** A submission's company as the review card shows it. */
export const SubmissionCompany = object({
  /** Whether a company of this name is on the board already (shared with its jobs). */
  onBoard: boolean(),
  /** What the submission gives for each detail; null: nothing. */
  submitted: object({
    websiteUrl: nullable(string()),
    logo: nullable(string()),
    description: nullable(string()),
  }),
  /**
   * For a company on the board: each detail the submission gives that differs from the board's.
   * Approving with a detail ticked (`updateCompany`) sets it; publishing never does.
   */
  differences: array(CompanyDifference),
});
export type SubmissionCompany = Infer<typeof SubmissionCompany>;

/**
 * `POST /api/admin/submissions/{id}/approve`: `useCredit: true` publishes the job at once with one
 * of the contact's Multiples Listing credits (409 when none is left). Without it the contact is
 * e-mailed a pay link, whoever the contact claims to be: anyone can type a buyer's address into
 * the public form, so only an admin's explicit choice spends a credit.
 *
 * `updateCompany` names the details of the company on the board that take the submission's
 * values (the review card's ticked boxes; none by default): a company's details are shared by all
 * its jobs, so a submission changes them only so.
 */
export const ApproveSubmission = object({
  useCredit: optional(boolean()),
  updateCompany: optional(
    define<CompanyField[]>(
      'updateCompany',
      (value) =>
        (Array.isArray(value) &&
          value.length <= COMPANY_FIELDS.length &&
          value.every((field) => (COMPANY_FIELDS as readonly unknown[]).includes(field))) ||
        `Please name the company details to update, from: ${COMPANY_FIELDS.join(', ')}`,
    ),
  ),
});
export type ApproveSubmission = Infer<typeof ApproveSubmission>;

/** `POST /api/admin/submissions/{id}/reject`: an optional reason, told to the employer. */
export const RejectSubmission = object({
  notes: optional(
    nullable(
      define<string>(
        'notes',
        (v) =>
          (typeof v === 'string' && v.length <= ADMIN_LIMITS.rejectNotes) ||
          `Please keep the reason under ${ADMIN_LIMITS.rejectNotes} characters`,
      ),
    ),
  ),
});

/**
 * A payment that needs an admin: `needs_refund` when the listing was already paid (a second
 * payment), `needs_review` for any other payment that did not publish it (see `reason`). Of the
 * listing's first payment (`kind` 'payment', id '12') or of a renewal of it (`kind` 'renewal',
 * id 'R12': money taken that did not renew the listing).
 */
export const AdminPaymentIssue = object({
  id: string(),
  /** Absent from an API older than renewals' issues: a first payment's. */
  kind: optional(enums(['payment', 'renewal'])),
  status: enums(['needs_review', 'needs_refund']),
  amountCents: integer(),
  currency: string(),
  checkoutSessionId: nullable(string()),
  reason: string(),
  paidAt: nullable(string()),
});
export type AdminPaymentIssue = Infer<typeof AdminPaymentIssue>;

/** A payment issue's id in a URL: a first payment's ('12') or a renewal's ('R12'). */
export const PAYMENT_ISSUE_ID_PATTERN = /^(R?)([1-9][0-9]{0,9})$/;

/** The payment issue an id names, or null for any other text (or a number past int4). */
export function parsePaymentIssueId(
  text: string,
): { kind: 'payment' | 'renewal'; id: number } | null {
  const match = PAYMENT_ISSUE_ID_PATTERN.exec(text);
  if (!match || Number(match[2]) > MAX_INT4) return null;
  return { kind: match[1] ? 'renewal' : 'payment', id: Number(match[2]) };
}

/** The payment issue id struct of a URL (parsePaymentIssueId). */
export const PaymentIssueId = define<string>(
  'paymentIssueId',
  (value) =>
    (typeof value === 'string' && parsePaymentIssueId(value) !== null) || 'Not a payment issue id',
);

const SUBMISSION_STATUSES = Object.keys(SUBMISSION_STATUS_LABELS) as SubmissionStatus[];

/** A submission as the review screen shows it (docs/product.md#entities). Amounts are cents. */
export const AdminSubmission = object({
  id: string(),
  title: string(),
  organization: string(),
  location: string(),
  category: array(string()),
  jobType: string(),
  experienceLevel: string(),
  /** @deprecated since contract 1.3: read `pay` (yearly figures only, as Job.salaryMin). */
  salaryMin: nullable(number()),
  /** @deprecated since contract 1.3: read `pay`. */
  salaryMax: nullable(number()),
  /** The pay the employer gave (docs/product.md#pay). */
  pay: optional(JobPay),
  contactName: string(),
  contactEmail: string(),
  promoCode: nullable(string()),
  submittedAt: string(),
  description: string(),
  applicationUrl: string(),
  deadline: nullable(string()),
  listingType: enums(['basic', 'featured']),
  amount: integer(),
  submissionStatus: enums(SUBMISSION_STATUSES),
  reviewNotes: nullable(string()),
  jobId: nullable(string()),
  paidAt: nullable(string()),
  /**
   * When the employer last edited it from their page before approval (ISO 8601; issue 30): the
   * queue and the submission view say 'Edited by the employer on <date>'. Absent or null: never.
   */
  editedAt: optional(nullable(string())),
  /**
   * When the newest pay link not revoked stops working (ISO 8601, possibly past); null before
   * approval and once every link was revoked.
   */
  paymentLinkExpiresAt: nullable(string()),
  /** Pay links that work now (neither expired nor revoked): each one pays the listing. */
  livePaymentLinks: min(integer(), 0),
  /** Multiples Listing credits left for the contact's e-mail address (any letter case). */
  listingCredits: integer(),
  /** 'used_up': the promo code ran out before this listing was paid; its discount was removed. */
  promoRedemption: nullable(enums(['redeemed', 'used_up'])),
  /** Payments Stripe took that did not publish this listing and that an admin has not handled. */
  paymentIssues: array(AdminPaymentIssue),
  /** The company's details as given, beside what the board has for a company of that name. */
  company: SubmissionCompany,
  /**
   * The approval e-mail an admin may copy and send by hand while the submission waits for review
   * (the API's own text, its link '[payment link]'); null in any other state. For an approved
   * submission a new link comes with its own copy (IssuedPaymentLink).
   */
  approvalEmail: nullable(string()),
});
export type AdminSubmission = Infer<typeof AdminSubmission>;
export const AdminSubmissionList = array(AdminSubmission);

/**
 * `POST /api/admin/submissions/{id}/approve`: the submission as it is now, and how it was
 * approved: a pay link e-mailed (`paymentUrl`), or published with a credit.
 */
export const ApprovedSubmission = object({
  submission: AdminSubmission,
  paymentUrl: nullable(string()),
  publishedWithCredit: boolean(),
});
export type ApprovedSubmission = Infer<typeof ApprovedSubmission>;

/** `GET /api/admin/submissions/payments`: whether payments go through Stripe or by hand. */
export const PaymentsMode = object({ stripeConfigured: boolean() });

/**
 * `POST /api/admin/submissions/{id}/payment-link`: a new link. The earlier links keep working
 * until they expire, the listing is paid or an admin revokes them: `earlierLinksValid` says how
 * many of them work now.
 */
export const IssuedPaymentLink = object({
  paymentUrl: string(),
  expiresAt: string(),
  earlierLinksValid: min(integer(), 0),
  /** The approval e-mail with this link, for an admin who sends it by hand. */
  approvalEmail: string(),
});
export type IssuedPaymentLink = Infer<typeof IssuedPaymentLink>;

/**
 * `POST /api/admin/submissions/{id}/revoke-payment-links`: every pay link of the listing stops
 * working (the employer's e-mailed one too); `revoked` says how many still worked.
 */
export const RevokedPaymentLinks = object({
  revoked: min(integer(), 0),
  submission: AdminSubmission,
});
export type RevokedPaymentLinks = Infer<typeof RevokedPaymentLinks>;

/**
 * `GET /api/admin/check-auth`. `enrolRequired`: the board requires two-factor sign-in
 * (ADMIN_2FA=required) and this admin has not set it up: only the security page works.
 */
export const AuthState = object({
  authenticated: literal(true),
  username: string(),
  enrolRequired: optional(literal(true)),
});
export type AuthState = Infer<typeof AuthState>;

/**
 * `POST /api/admin/login`: who signed in. `next: 'code'`: the password was right, and the admin
 * must give a one-time or recovery code (`POST /api/admin/login/code`) before the session has any
 * admin access. `next: 'enrol'`: signed in, but the board requires two-factor sign-in and the admin
 * must set it up first.
 */
export const SignedIn = object({
  username: string(),
  next: optional(enums(['code', 'enrol'])),
});
export type SignedIn = Infer<typeof SignedIn>;

/** A one-time code (or, at sign-in, a recovery code), as typed. */
export const TwoFactorCode = object({
  code: filled(TWO_FACTOR_MESSAGES.codeRequired, TWO_FACTOR_LIMITS.code),
});
export type TwoFactorCode = Infer<typeof TwoFactorCode>;

/** Turning two-factor sign-in off: a current code or the password. */
export const DisableTwoFactor = refine(
  object({
    code: optional(string()),
    password: optional(string()),
  }),
  'proof',
  (value) =>
    (value.code ?? '').trim() !== '' ||
    (value.password ?? '') !== '' ||
    TWO_FACTOR_MESSAGES.disableProof,
);
export type DisableTwoFactor = Infer<typeof DisableTwoFactor>;

/** `GET /api/admin/two-factor`: the signed-in admin's two-factor state (never the secret). */
export const TwoFactorStatus = object({
  enabled: boolean(),
  required: boolean(),
  recoveryCodesLeft: min(integer(), 0),
});
export type TwoFactorStatus = Infer<typeof TwoFactorStatus>;

/** `POST /api/admin/two-factor/setup`: what the enrolment shows, once. */
export const TwoFactorEnrolment = object({
  secret: string(),
  otpauthUrl: string(),
  /** The otpauth:// address as a QR code, an SVG document. */
  qrSvg: string(),
});
export type TwoFactorEnrolment = Infer<typeof TwoFactorEnrolment>;

/** New recovery codes, shown once. */
export const RecoveryCodes = object({ recoveryCodes: array(string()) });
export type RecoveryCodes = Infer<typeof RecoveryCodes>;

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
    locations?: string[];
    location?: string;
    experienceLevel?: string;
    company?: { websiteUrl?: string };
    /** The logo's address as given (AdminJob.logoSource). */
    logoSource?: string | null;
    salary?: string;
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
    applicationUrl: job.applicationUrl ?? '',
    description: job.description,
    category: Array.isArray(job.category) ? job.category : job.category ? [job.category] : [],
    locations,
    jobType: job.jobType,
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

export const PromoCodeInput = refine(
  object({
    code: define<string>(
      'code',
      (v) =>
        (typeof v === 'string' && /^[A-Za-z0-9_-]{2,40}$/.test(v.trim())) ||
        'Use 2 to 40 letters, numbers or dashes',
    ),
    description: defaulted(text(ADMIN_LIMITS.promoDescription), ''),
    percentOff: optional(
      nullable(
        define<number>(
          'percent',
          (v) =>
            (Number.isInteger(v) && (v as number) >= 1 && (v as number) <= 100) ||
            'Enter a percentage from 1 to 100',
        ),
      ),
    ),
    amountOffCents: optional(nullable(cents)),
    startsAt: optional(nullable(isoDate)),
    endsAt: optional(nullable(isoDate)),
    maxRedemptions: optional(
      nullable(
        define<number>(
          'max',
          (v) =>
            (Number.isInteger(v) &&
              (v as number) >= 1 &&
              (v as number) <= ADMIN_LIMITS.maxRedemptions) ||
            `Enter a whole number from 1 to ${ADMIN_LIMITS.maxRedemptions}`,
        ),
      ),
    ),
    active: defaulted(boolean(), true),
  }),
  'discount',
  (value) =>
    (value.percentOff != null) !== (value.amountOffCents != null) || {
      path: ['percentOff'],
      message: 'Give either a percentage or an amount off',
    },
);
export type PromoCodeInput = Infer<typeof PromoCodeInput>;

export const PromoCode = object({
  id: string(),
  code: string(),
  description: string(),
  percentOff: nullable(integer()),
  amountOffCents: nullable(integer()),
  startsAt: nullable(string()),
  endsAt: nullable(string()),
  maxRedemptions: nullable(integer()),
  redemptions: integer(),
  active: boolean(),
});
export type PromoCode = Infer<typeof PromoCode>;
export const PromoCodeList = array(PromoCode);
