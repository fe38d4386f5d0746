import { array, boolean, nullable, number, object, string, type Infer } from 'superstruct';
import { unionOf } from './json-schema';
import { applyValueInWords } from './applications';
import { PAY_PERIODS } from './pay';
import { WORKPLACE_TEXTS, isWorkplaceType } from './workplace';

/**
 * The fields of a job as a change names them: the audit trail's `[{ field, from, to }]`, the
 * fields an admin took over from a sync source (an admin's edit outranks the source), and the
 * conflicts a sync reports. `label` is how the admin screens name the field; `summary` the word
 * of a timeline line ('Changed title, salary': the three salary fields are one word there).
 */
export const JOB_FIELDS = {
  title: { label: 'Title', summary: 'title' },
  organization: { label: 'Organization', summary: 'organization' },
  description: { label: 'Description', summary: 'description' },
  applicationUrl: { label: 'Application URL', summary: 'application URL' },
  applyMethod: { label: 'How candidates apply', summary: 'how to apply' },
  applicationEmail: { label: 'Applications go to', summary: 'how to apply' },
  howToApply: { label: 'How to apply', summary: 'how to apply' },
  screeningQuestions: { label: 'Screening questions', summary: 'screening questions' },
  categories: { label: 'Categories', summary: 'categories' },
  locations: { label: 'Locations', summary: 'locations' },
  jobType: { label: 'Job type', summary: 'job type' },
  remote: { label: 'Remote', summary: 'remote' },
  workplaceType: { label: 'Workplace', summary: 'workplace' },
  remotePlaces: { label: 'Can be done from', summary: 'workplace' },
  experienceLevel: { label: 'Experience level', summary: 'experience level' },
  salaryText: { label: 'Pay in words', summary: 'salary' },
  salaryMin: { label: 'Minimum pay', summary: 'salary' },
  salaryMax: { label: 'Maximum pay', summary: 'salary' },
  salaryPeriod: { label: 'Pay is per', summary: 'salary' },
  salaryCurrency: { label: 'Currency', summary: 'salary' },
  benefitsSummary: { label: 'Benefits summary', summary: 'salary' },
  deadline: { label: 'Deadline', summary: 'deadline' },
  postedDate: { label: 'Posted date', summary: 'posted date' },
  via: { label: 'Via', summary: 'via' },
  responsibilities: { label: 'Responsibilities', summary: 'responsibilities' },
  requirements: { label: 'Requirements', summary: 'requirements' },
  benefits: { label: 'Benefits', summary: 'benefits' },
  featured: { label: 'Featured', summary: 'featured' },
  active: { label: 'Active', summary: 'active' },
  expiresAt: { label: 'Listing ends', summary: 'end of listing' },
  websiteUrl: { label: 'Company website', summary: 'company website' },
  logoUrl: { label: 'Logo', summary: 'logo' },
  companyDescription: { label: 'Company description', summary: 'company description' },
} as const;
export type JobField = keyof typeof JOB_FIELDS;

/**
 * The fields of a job's pay (docs/product.md#pay). Pay is one thing: a sync leaves all of them
 * as an admin set them when an admin changed any one (a minimum of one period with a maximum of
 * another would say what is not so).
 */
export const PAY_JOB_FIELDS = [
  'salaryMin',
  'salaryMax',
  'salaryPeriod',
  'salaryCurrency',
  'benefitsSummary',
  'salaryText',
] as const satisfies readonly JobField[];

/**
 * The fields of how a job takes applications (docs/product.md#applying), one thing as pay is: a
 * sync leaves all of them as an admin set them when an admin changed any one (a method of the
 * admin's with a link of the source's would send applicants where nobody chose).
 * `screeningQuestions`' values in a change are the stored JSON list (applyValueInWords reads it).
 */
export const APPLY_JOB_FIELDS = [
  'applyMethod',
  'applicationUrl',
  'applicationEmail',
  'howToApply',
  'screeningQuestions',
] as const satisfies readonly JobField[];

/** Whether a text names a job field (a stored list of them may come from an older release). */
export const isJobField = (value: unknown): value is JobField =>
  typeof value === 'string' && Object.hasOwn(JOB_FIELDS, value);

/** How the admin screens name a field (a name this release does not know is shown as it is). */
export const jobFieldLabel = (field: string): string =>
  isJobField(field) ? JOB_FIELDS[field].label : field;

/** 'Changed title, salary': the fields of a change in their summary words, each once. */
export function changeSummary(fields: readonly string[]): string {
  const words = [...new Set(fields.map((f) => (isJobField(f) ? JOB_FIELDS[f].summary : f)))];
  return `Changed ${words.join(', ')}`;
}

/** A value before or after a change: text, a number, a flag, a list of text, or none. */
export const ChangeValue = nullable(unionOf([string(), number(), boolean(), array(string())]));
export type ChangeValue = Infer<typeof ChangeValue>;

/**
 * A change's value in the words of its field where it is stored as a code: a pay period as its
 * label ('hour': 'Per hour'), a workplace as its label ('on_site': 'On-site'), how a job takes applications as its label, its screening questions
 * (stored as JSON) as a sentence each. Any other value as it is.
 */
export function changeValueInWords(field: string, value: ChangeValue): ChangeValue {
  if (field === 'salaryPeriod' && typeof value === 'string') {
    return PAY_PERIODS.find((p) => p.value === value)?.label ?? value;
  }
  if (field === 'workplaceType' && isWorkplaceType(value)) return WORKPLACE_TEXTS.labels[value];
  return applyValueInWords(field, value) ?? value;
}

/**
 * One field of one change, as the audit trail keeps it. Long text is kept as a short diff (the
 * changed part with a little of what is around it, '…' where text was left out), long lists as
 * their first entries; see JOB_AUDIT_LIMITS.
 */
export const FieldChange = object({ field: string(), from: ChangeValue, to: ChangeValue });
export type FieldChange = Infer<typeof FieldChange>;

/** How much of a change the audit trail keeps (job_audit.changes, a text column). */
export const JOB_AUDIT_LIMITS = {
  /** Characters of a text value, before and after (a longer one keeps its changed part). */
  text: 300,
  /** Characters kept each side of a long text's changed part. */
  context: 60,
  /** Entries of a list value kept (the rest counted in a last entry: '… 12 more'). */
  listItems: 20,
  /** Characters of each list entry kept. */
  listItem: 200,
  /** Characters of one line's changes as stored (JSON): every change of a job fits well under. */
  changes: 60_000,
} as const;
