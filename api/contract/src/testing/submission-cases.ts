import {
  SUBMISSION_EXTRA_MESSAGES as EXTRA,
  SUBMISSION_LIMITS as LIMITS,
  SUBMISSION_MESSAGES as M,
} from '../submission';
import { APPLY_FIELD_MESSAGES as APPLY, APPLY_LIMITS } from '../applications';
import { JOB_LIMITS } from '../job-limits';
import { PAY_LIMITS, PAY_MESSAGES as PAY, maxAmount } from '../pay';
import { UNKNOWN_FIELD } from '../validate';

/**
 * One table of the submission form's validation: each case changes one field of a valid payload
 * and names the field and the exact message expected. The contract's unit test, the API test and
 * the form's test all run it, so client and server cannot drift apart.
 */
export const VALID_SUBMISSION = {
  title: 'Communications Director',
  organization: 'Coastal Justice Fund',
  description: 'Lead our communications team and tell the story of the climate justice movement.',
  location: 'Washington, DC',
  category: ['Communications'],
  jobType: 'Full-time',
  salaryMin: '85000',
  salaryMax: '105000',
  applicationUrl: 'https://coastaljusticefund.org/careers/communications-director',
  deadline: '2027-01-15',
  contactEmail: 'hiring@coastaljusticefund.org',
  contactName: 'Jordan Lee',
  listingType: 'basic',
  promoCode: '',
} as const;

export interface SubmissionCase {
  name: string;
  change: Record<string, unknown>;
  field: string;
  message: string;
}

/** Cases of the form's own fields: the form and the API give the same message for each. */
export const SUBMISSION_CASES: SubmissionCase[] = [
  { name: 'missing title', change: { title: undefined }, field: 'title', message: M.title },
  { name: 'blank title', change: { title: '   ' }, field: 'title', message: M.title },
  { name: 'title not text', change: { title: 42 }, field: 'title', message: M.title },
  {
    name: 'missing organization',
    change: { organization: '' },
    field: 'organization',
    message: M.organization,
  },
  {
    name: 'short description',
    change: { description: 'Too short.' },
    field: 'description',
    message: M.description,
  },
  {
    name: 'description not text',
    change: { description: ['a long enough description'.repeat(3)] },
    field: 'description',
    message: M.description,
  },
  {
    name: 'description of 49 characters after trimming',
    change: { description: `  ${'x'.repeat(49)}  ` },
    field: 'description',
    message: M.description,
  },
  { name: 'missing location', change: { location: '' }, field: 'location', message: M.location },
  { name: 'null location', change: { location: null }, field: 'location', message: M.location },
  { name: 'no category', change: { category: [] }, field: 'category', message: M.category },
  {
    name: 'category not a list',
    change: { category: 'Communications' },
    field: 'category',
    message: M.category,
  },
  {
    name: 'only blank categories',
    change: { category: ['', '  '] },
    field: 'category',
    message: M.category,
  },
  {
    name: 'more categories than there are choices',
    change: { category: Array.from({ length: LIMITS.categories + 1 }, () => 'Communications') },
    field: 'category',
    message: EXTRA.tooManyCategories(LIMITS.categories),
  },
  {
    name: 'unknown category',
    change: { category: ['Communications', 'Astrology'] },
    field: 'category',
    message: EXTRA.unknownCategory,
  },
  { name: 'missing job type', change: { jobType: '' }, field: 'jobType', message: M.jobType },
  { name: 'unknown job type', change: { jobType: 'Gig' }, field: 'jobType', message: M.jobType },
  {
    name: 'job type of another form',
    change: { jobType: 'Volunteer' },
    field: 'jobType',
    message: M.jobType,
  },
  {
    name: 'missing application URL',
    change: { applicationUrl: undefined },
    field: 'applicationUrl',
    message: M.applicationUrl,
  },
  {
    name: 'not a URL',
    change: { applicationUrl: 'apply by phone' },
    field: 'applicationUrl',
    message: M.applicationUrl,
  },
  {
    name: 'not a web URL',
    change: { applicationUrl: 'javascript:alert(1)' },
    field: 'applicationUrl',
    message: M.applicationUrl,
  },
  // How candidates apply (issue 42): the link only for a link (the default), the address for a
  // relayed e-mail; the words and questions within their limits.
  {
    name: 'a link chosen, without its URL',
    change: { applyMethod: 'link', applicationUrl: '' },
    field: 'applicationUrl',
    message: M.applicationUrl,
  },
  {
    name: 'no such way to apply',
    change: { applyMethod: 'fax' },
    field: 'applyMethod',
    message: APPLY.method,
  },
  {
    name: 'relayed e-mail without an address',
    change: { applyMethod: 'email', applicationUrl: '', applicationEmail: '' },
    field: 'applicationEmail',
    message: APPLY.applicationEmail,
  },
  {
    name: 'relayed e-mail to a list of addresses',
    change: { applyMethod: 'email', applicationEmail: 'a@x.org, b@x.org' },
    field: 'applicationEmail',
    message: APPLY.applicationEmail,
  },
  {
    name: 'how to apply too long',
    change: { howToApply: 'x'.repeat(APPLY_LIMITS.howToApply + 1) },
    field: 'howToApply',
    message: APPLY.howToApply,
  },
  {
    name: 'six questions',
    change: {
      screeningQuestions: Array.from({ length: 6 }, () => ({
        id: '',
        kind: 'text',
        label: 'Why us?',
        required: false,
        choices: [],
      })),
    },
    field: 'screeningQuestions',
    message: APPLY.tooManyQuestions,
  },
  {
    name: 'a question without its words',
    change: {
      applyMethod: 'form',
      applicationUrl: '',
      screeningQuestions: [{ id: '', kind: 'yesNo', label: '  ', required: true, choices: [] }],
    },
    field: 'screeningQuestions',
    message: APPLY.questionLabel,
  },
  {
    name: 'a list question with one choice',
    change: {
      screeningQuestions: [
        { id: '', kind: 'choice', label: 'Shift?', required: true, choices: ['Day', ' '] },
      ],
    },
    field: 'screeningQuestions',
    message: APPLY.choices,
  },
  {
    name: 'bad e-mail',
    change: { contactEmail: 'jordan@' },
    field: 'contactEmail',
    message: M.contactEmail,
  },
  {
    name: 'two addresses in one',
    change: { contactEmail: 'jordan,boss@coastaljusticefund.org' },
    field: 'contactEmail',
    message: M.contactEmail,
  },
  {
    name: 'e-mail with a display name',
    change: { contactEmail: 'Jordan <hiring@coastaljusticefund.org>' },
    field: 'contactEmail',
    message: M.contactEmail,
  },
  {
    name: 'e-mail not text',
    change: { contactEmail: 7 },
    field: 'contactEmail',
    message: M.contactEmail,
  },
  {
    name: 'missing contact name',
    change: { contactName: '' },
    field: 'contactName',
    message: M.contactName,
  },
  {
    name: 'no salary at all (the form says only roles with a salary are posted)',
    change: { salaryMin: '', salaryMax: '' },
    field: 'salaryMin',
    message: PAY.required,
  },
  {
    name: 'company website that is no web address',
    change: { companyWebsite: 'harbor health dot org' },
    field: 'companyWebsite',
    message: EXTRA.url,
  },
  {
    name: 'company description past its limit',
    change: { companyDescription: 'a'.repeat(JOB_LIMITS.companyDescription + 1) },
    field: 'companyDescription',
    message: EXTRA.tooLong(JOB_LIMITS.companyDescription),
  },
  {
    name: 'salary with letters',
    change: { salaryMin: '85k' },
    field: 'salaryMin',
    message: PAY.amount,
  },
  {
    name: 'salary neither text nor number',
    change: { salaryMin: true },
    field: 'salaryMin',
    message: PAY.amount,
  },
  {
    name: 'salary with a fraction of a cent',
    change: { salaryMin: '85000.505' },
    field: 'salaryMin',
    message: PAY.amount,
  },
  {
    name: 'salary beyond belief',
    change: { salaryMax: String(maxAmount('year') + 1) },
    field: 'salaryMax',
    message: PAY.tooLarge('year'),
  },
  {
    name: 'an hourly pay past the ceiling of an hour (the one ceiling, a year of it)',
    change: { salaryMin: '20', salaryMax: '5000', salaryPeriod: 'hour' },
    field: 'salaryMax',
    message: PAY.tooLarge('hour'),
  },
  {
    name: 'negative salary',
    change: { salaryMax: '-5' },
    field: 'salaryMax',
    message: PAY.amount,
  },
  {
    name: 'maximum below minimum',
    change: { salaryMin: '90000', salaryMax: '80000' },
    field: 'salaryMax',
    message: PAY.order,
  },
  {
    name: 'a pay period the board does not have',
    change: { salaryPeriod: 'fortnight' },
    field: 'salaryPeriod',
    message: PAY.period,
  },
  {
    name: 'a currency that is no ISO 4217 code',
    change: { salaryCurrency: 'dollars' },
    field: 'salaryCurrency',
    message: PAY.currency,
  },
  {
    name: 'benefits past their limit',
    change: { benefitsSummary: 'x'.repeat(PAY_LIMITS.benefits + 1) },
    field: 'benefitsSummary',
    message: PAY.benefits,
  },
  {
    name: 'impossible deadline',
    change: { deadline: '2027-02-30' },
    field: 'deadline',
    message: EXTRA.deadline,
  },
  {
    name: 'deadline not text',
    change: { deadline: 20270115 },
    field: 'deadline',
    message: EXTRA.notText,
  },
  {
    name: 'promo code with spaces',
    change: { promoCode: 'SAVE 20' },
    field: 'promoCode',
    message: EXTRA.promoCode,
  },
  {
    name: 'promo code far too long',
    change: { promoCode: 'X'.repeat(LIMITS.promoCode + 1) },
    field: 'promoCode',
    message: EXTRA.tooLong(LIMITS.promoCode),
  },
  {
    name: 'title far too long',
    change: { title: 'x'.repeat(JOB_LIMITS.title + 1) },
    field: 'title',
    message: EXTRA.tooLong(JOB_LIMITS.title),
  },
  {
    name: 'unknown listing type',
    change: { listingType: 'gold' },
    field: 'listingType',
    message: EXTRA.listingType,
  },
];

/**
 * Cases of what only the request carries (the form adds `selectedTier` and `experienceLevel` on
 * send; `website` is the hidden honeypot): the API's struct, not the form's, checks these.
 */
export const SUBMISSION_PAYLOAD_CASES: SubmissionCase[] = [
  {
    name: 'tier that does not match the listing type',
    change: { listingType: 'featured', selectedTier: 'basic' },
    field: 'selectedTier',
    message: EXTRA.selectedTier,
  },
  {
    name: 'unknown tier',
    change: { selectedTier: 'gold' },
    field: 'selectedTier',
    message: EXTRA.selectedTier,
  },
  {
    name: 'unknown experience level',
    change: { experienceLevel: 'guru' },
    field: 'experienceLevel',
    message: EXTRA.experienceLevel,
  },
  {
    name: 'honeypot not text',
    change: { website: { url: 'x' } },
    field: 'website',
    message: EXTRA.notText,
  },
  { name: 'unknown field', change: { status: 'paid' }, field: 'status', message: UNKNOWN_FIELD },
];
