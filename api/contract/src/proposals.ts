import {
  array,
  boolean,
  enums,
  integer,
  nullable,
  object,
  optional,
  refine,
  string,
  type Infer,
} from 'superstruct';
import { described } from './json-schema';
import { REPORT_LIMITS, REPORT_MESSAGES } from './reports';
import { CHECK_IN_SETTING_FIELDS, DEFAULT_CHECK_IN_SETTINGS } from './check-ins';
import { BILLING_SETTING_FIELDS, DEFAULT_BILLING_SETTINGS } from './billing';
import { JOB_LIMITS } from './job-limits';
import { FieldChange } from './job-changes';
import { checkPay, payGiven } from './pay';
import { checkWorkplace } from './workplace';
import { SUBMISSION_FIELD_RULES } from './submission';

/**
 * Changes an employer proposes to their live job (issue 30): the job's own fields, checked by the
 * submission's rules, stored as a proposal the admin approves or rejects from a diff. Only the
 * fields the employer changed are kept; approving writes those and keeps every other field as
 * the job has it then. With the admin's setting on, a typo-sized change of a long text goes live
 * at once (TYPO_FIX_LIMITS).
 */

/** The fields a proposal may change, in the order the form and the diff show them. */
export const PROPOSAL_FIELDS = [
  'title',
  'organization',
  'locations',
  'workplaceType',
  'remotePlaces',
  'jobType',
  'experienceLevel',
  'categories',
  'salaryMin',
  'salaryMax',
  'salaryPeriod',
  'salaryCurrency',
  'benefitsSummary',
  'description',
  'responsibilities',
  'requirements',
  'benefits',
  'applyMethod',
  'applicationUrl',
  'applicationEmail',
  'howToApply',
  'screeningQuestions',
  'deadline',
] as const;
export type ProposalField = (typeof PROPOSAL_FIELDS)[number];

/** The long texts a typo fix may change (any other change needs the admin's review). */
export const TYPO_FIX_FIELDS = [
  'description',
  'responsibilities',
  'requirements',
  'benefits',
] as const;

/**
 * A typo-sized change: at most `maxChars` characters changed (edit distance, over every long
 * text changed together) and at most `maxShare` of the text it changes.
 */
export const TYPO_FIX_LIMITS = { maxChars: 20, maxShare: 0.05 } as const;

export const PROPOSAL_STATUSES = ['pending', 'approved', 'rejected', 'withdrawn'] as const;
export type ProposalStatus = (typeof PROPOSAL_STATUSES)[number];

/** A reason given with a rejection, at most this long. */
export const PROPOSAL_REASON_MAX = 1000;

/** Every text the proposal's screens, answers, e-mails and audit lines show. */
export const PROPOSAL_MESSAGES = {
  propose: 'Propose changes',
  intro:
    'Change what needs changing and save: the board reviews your proposal before it goes live. Saving again replaces the proposal waiting for review.',
  save: 'Send for review',
  withdraw: 'Withdraw the proposal',
  waiting: (date: string) => `Changes proposed on ${date}, waiting for review`,
  saved: 'Your proposal is saved and waiting for review.',
  typoFixed: 'Your correction is live.',
  withdrawn: 'Your proposal is withdrawn.',
  nothingChanged: 'Nothing is changed: change a field before sending.',
  notLive: 'Changes can be proposed only to a job that is on the board.',
  noPending: 'There is no proposal waiting for review.',
  proposalNotFound: 'Proposal not found',
  alreadyDecided: 'This proposal has been decided or withdrawn already.',
  jobNotLive:
    'This job is no longer on the board, so its changes cannot be applied. Reject the proposal to tell the employer.',
  listSeparator: 'One entry per line.',
  approvedLine: (admin: string) => `Changes proposed by the employer, approved by ${admin}`,
  typoFixLine: 'Typo fix by the employer',
  approve: 'Approve',
  reject: 'Reject',
  rejectReason: 'Reason (sent to the employer)',
  reasonRequired: `Please give a reason (at most ${PROPOSAL_REASON_MAX} characters): the employer is sent it.`,
  approvedNotice: 'The changes are live.',
  rejectedNotice: 'The proposal is rejected and the employer told why.',
  empty: 'No proposals waiting for review.',
  heading: 'Changes proposed by employers',
  typoSetting: 'Let employers fix typos without review',
  typoSettingHelp: `A change of only the description or another long text goes live at once when, together with the listing's earlier fixes since its last review, it changes at most ${TYPO_FIX_LIMITS.maxChars} characters and ${TYPO_FIX_LIMITS.maxShare * 100}% of the text; each stays in the job's history.`,
  settingsSaved: 'Settings saved.',
  paySetting: 'Every listing shows pay',
  paySettingHelp:
    'A job without pay (one an admin creates or a sync brings) is held back from the board, with the reason on its page and in the last sync, until it has pay or this is turned off.',
} as const;

const sentences = refine(
  array(
    described<string>(
      'sentence',
      { type: 'string', maxLength: JOB_LIMITS.listItem },
      (v) =>
        (typeof v === 'string' && v.length <= JOB_LIMITS.listItem) ||
        `At most ${JOB_LIMITS.listItem} characters an entry`,
    ),
  ),
  'listSize',
  (list) => list.length <= JOB_LIMITS.listItems || `At most ${JOB_LIMITS.listItems} entries`,
);

const R = SUBMISSION_FIELD_RULES;

/**
 * `POST /api/employer/jobs/:id/proposal` and the form's values: the job's fields whole, by the
 * submission's rules (a live job's form is prefilled from the job, `GET` of the same path).
 */
export const JobProposalForm = refine(
  refine(
    object({
      title: R.title,
      organization: R.organization,
      location: R.location,
      workplaceType: R.workplaceType,
      remotePlaces: R.remotePlaces,
      category: R.category,
      jobType: R.jobType,
      experienceLevel: R.experienceLevel,
      salaryMin: R.salaryMin,
      salaryMax: R.salaryMax,
      salaryPeriod: R.salaryPeriod,
      salaryCurrency: R.salaryCurrency,
      benefitsSummary: R.benefitsSummary,
      description: R.description,
      responsibilities: sentences,
      requirements: sentences,
      benefits: sentences,
      applyMethod: R.applyMethod,
      applicationUrl: R.applicationUrl,
      applicationEmail: R.applicationEmail,
      howToApply: R.howToApply,
      screeningQuestions: R.screeningQuestions,
      deadline: R.deadline,
    }),
    'pay',
    checkPay,
  ),
  'payGiven',
  (value) => {
    const given = payGiven(value);
    return given === true ? checkWorkplace(value) : given;
  },
);
export type JobProposalForm = Infer<typeof JobProposalForm>;

/** What the employer's page knows of a job's latest proposal. */
export const ProposalState = object({
  id: string(),
  status: enums(PROPOSAL_STATUSES),
  createdAt: string(),
  decidedAt: nullable(string()),
  reason: nullable(string()),
});
export type ProposalState = Infer<typeof ProposalState>;

/** The answer to a proposal: stored for review, or (a typo fix) live at once. */
export const ProposalSaved = object({
  outcome: enums(['pending', 'live'] as const),
  message: string(),
  proposal: ProposalState,
});
export type ProposalSaved = Infer<typeof ProposalSaved>;

/**
 * One pending proposal as the admin reviews it: each changed field, from what the job has now to
 * what is proposed (the admin screen shows a line diff of long texts).
 */
export const AdminProposal = object({
  id: string(),
  jobId: string(),
  title: string(),
  organization: string(),
  email: string(),
  createdAt: string(),
  changes: array(FieldChange),
});
export type AdminProposal = Infer<typeof AdminProposal>;

export const AdminProposalList = array(AdminProposal);

/** `POST /api/admin/proposals/:id/reject`. */
export const RejectProposal = object({
  reason: described<string>(
    'reason',
    { type: 'string', maxLength: PROPOSAL_REASON_MAX, pattern: '\\S' },
    (v) =>
      (typeof v === 'string' && v.trim().length > 0 && v.length <= PROPOSAL_REASON_MAX) ||
      PROPOSAL_MESSAGES.reasonRequired,
  ),
});
export type RejectProposal = Infer<typeof RejectProposal>;

/**
 * The admin's settings (`GET/PUT /api/admin/settings`). `requirePay`: the board's pay rule
 * (docs/product.md#pay), every listing shows pay; a job without it is held back from the board.
 * `reportThreshold` (issue 45): the independent open reports that take a listing off the board
 * until an admin decides (0: never by itself).
 * `checkIn*`: the "Still hiring?" check-ins (check-ins.ts, issue 45).
 */
export const AdminSettings = object({
  employerTypoFixes: boolean(),
  requirePay: boolean(),
  reportThreshold: integer(),
  ...CHECK_IN_SETTING_FIELDS,
  ...BILLING_SETTING_FIELDS,
});
export type AdminSettings = Infer<typeof AdminSettings>;
export const AdminSettingsUpdate = object({
  employerTypoFixes: optional(boolean()),
  requirePay: optional(boolean()),
  reportThreshold: optional(
    described<number>(
      'reportThreshold',
      { type: 'integer', minimum: 0, maximum: REPORT_LIMITS.maxThreshold },
      (value) =>
        (Number.isInteger(value) &&
          (value as number) >= 0 &&
          (value as number) <= REPORT_LIMITS.maxThreshold) ||
        REPORT_MESSAGES.threshold,
    ),
  ),
  checkInDays: optional(CHECK_IN_SETTING_FIELDS.checkInDays),
  checkInAnswerDays: optional(CHECK_IN_SETTING_FIELDS.checkInAnswerDays),
  checkInAutoClose: optional(CHECK_IN_SETTING_FIELDS.checkInAutoClose),
  invoicePublishing: optional(BILLING_SETTING_FIELDS.invoicePublishing),
  publisherLegalName: optional(BILLING_SETTING_FIELDS.publisherLegalName),
  publisherAddress: optional(BILLING_SETTING_FIELDS.publisherAddress),
  publisherEin: optional(BILLING_SETTING_FIELDS.publisherEin),
  tierPrices: optional(BILLING_SETTING_FIELDS.tierPrices),
});
export type AdminSettingsUpdate = Infer<typeof AdminSettingsUpdate>;

/**
 * The default of every setting (a setting never saved has it). The pay rule is off: the spec
 * lets jobs an admin creates or a sync brings go without pay. Check-ins at 14 and 28 days, 7 days
 * to answer, none taken off the board.
 */
export const DEFAULT_SETTINGS: AdminSettings = {
  employerTypoFixes: false,
  requirePay: false,
  reportThreshold: REPORT_LIMITS.defaultThreshold,
  ...DEFAULT_CHECK_IN_SETTINGS,
  ...DEFAULT_BILLING_SETTINGS,
};

/**
 * Characters changed between two texts: the Levenshtein distance, computed only up to `limit`
 * (returns limit + 1 once it is exceeded), over code points. Only the band of cells within
 * `limit` of the diagonal is computed (a cell further off is more than `limit` edits already), in
 * two rows reused: time grows with the text times the limit, not the text squared, so a 20,000
 * character description with its first and last character changed is a few hundred thousand
 * steps rather than the full table's 400 million, which took seconds on the event loop (issue
 * 43, finding 3).
 */
export function editDistance(
  a: string,
  b: string,
  limit: number,
  /** Counts the cells computed (the tests' measure of the work, independent of the machine). */
  meter?: { cells: number },
): number {
  const x = Array.from(a);
  const y = Array.from(b);
  let start = 0;
  while (start < x.length && start < y.length && x[start] === y[start]) start += 1;
  let endX = x.length;
  let endY = y.length;
  while (endX > start && endY > start && x[endX - 1] === y[endY - 1]) {
    endX -= 1;
    endY -= 1;
  }
  const s = x.slice(start, endX);
  const t = y.slice(start, endY);
  const over = limit + 1;
  if (Math.abs(s.length - t.length) > limit) return over;
  if (!s.length || !t.length) return Math.max(s.length, t.length);
  let previous = new Uint32Array(t.length + 1);
  let current = new Uint32Array(t.length + 1);
  for (let j = 0; j <= t.length; j += 1) previous[j] = Math.min(j, over);
  for (let i = 1; i <= s.length; i += 1) {
    const low = Math.max(1, i - limit);
    const high = Math.min(t.length, i + limit);
    // The cells just outside the band read as 'more than the limit'.
    current[low - 1] = low === 1 ? Math.min(i, over) : over;
    if (high === i + limit && high <= t.length) previous[high] = over;
    let best = over;
    for (let j = low; j <= high; j += 1) {
      const cost = s[i - 1] === t[j - 1] ? 0 : 1;
      const value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost, over);
      current[j] = value;
      if (value < best) best = value;
    }
    if (meter) meter.cells += high - low + 1;
    if (best > limit) return over;
    [previous, current] = [current, previous];
  }
  return Math.min(previous[t.length]!, over);
}

/**
 * Whether a proposal's changes are typo-sized: only long texts (TYPO_FIX_FIELDS) changed, by at
 * most TYPO_FIX_LIMITS.maxChars characters in all and TYPO_FIX_LIMITS.maxShare of their text.
 */
export function isTypoFix(changes: readonly FieldChange[]): boolean {
  if (!changes.length) return false;
  const textOf = (value: FieldChange['from']) =>
    Array.isArray(value) ? value.join('\n') : value == null ? '' : String(value);
  let distance = 0;
  let length = 0;
  for (const change of changes) {
    if (!(TYPO_FIX_FIELDS as readonly string[]).includes(change.field)) return false;
    const from = textOf(change.from);
    distance += editDistance(from, textOf(change.to), TYPO_FIX_LIMITS.maxChars);
    length += Array.from(from).length;
    if (distance > TYPO_FIX_LIMITS.maxChars) return false;
  }
  return distance > 0 && distance <= TYPO_FIX_LIMITS.maxShare * length;
}
