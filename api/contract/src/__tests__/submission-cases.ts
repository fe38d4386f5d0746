import { SUBMISSION_EXTRA_MESSAGES as EXTRA, SUBMISSION_MESSAGES as M } from '../submission';

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

export const SUBMISSION_CASES: SubmissionCase[] = [
  { name: 'missing title', change: { title: undefined }, field: 'title', message: M.title },
  { name: 'blank title', change: { title: '   ' }, field: 'title', message: M.title },
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
    name: 'description of 49 characters after trimming',
    change: { description: `  ${'x'.repeat(49)}  ` },
    field: 'description',
    message: M.description,
  },
  { name: 'missing location', change: { location: '' }, field: 'location', message: M.location },
  { name: 'no category', change: { category: [] }, field: 'category', message: M.category },
  {
    name: 'category not a list',
    change: { category: 'Communications' },
    field: 'category',
    message: M.category,
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
  {
    name: 'bad e-mail',
    change: { contactEmail: 'jordan@' },
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
    name: 'salary with letters',
    change: { salaryMin: '85k' },
    field: 'salaryMin',
    message: EXTRA.salary,
  },
  {
    name: 'negative salary',
    change: { salaryMax: '-5' },
    field: 'salaryMax',
    message: EXTRA.salary,
  },
  {
    name: 'maximum below minimum',
    change: { salaryMin: '90000', salaryMax: '80000' },
    field: 'salaryMax',
    message: EXTRA.salaryOrder,
  },
  {
    name: 'impossible deadline',
    change: { deadline: '2027-02-30' },
    field: 'deadline',
    message: EXTRA.deadline,
  },
  {
    name: 'promo code with spaces',
    change: { promoCode: 'SAVE 20' },
    field: 'promoCode',
    message: EXTRA.promoCode,
  },
  {
    name: 'title far too long',
    change: { title: 'x'.repeat(201) },
    field: 'title',
    message: EXTRA.tooLong(200),
  },
];
