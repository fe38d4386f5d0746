import { APPLY_METHODS, ScreeningQuestion } from '@jobboard/contract/applications';
import { ADMIN_JOB_TYPES, EXPERIENCE_LEVELS } from '@jobboard/contract/common';
import { PAY_PERIOD_VALUES, WORKPLACE_TYPES } from '@jobboard/contract/jobs';
import type { Infer } from 'superstruct';
import {
  array,
  assert,
  boolean,
  enums,
  nullable,
  number,
  object,
  optional,
  string,
} from 'superstruct';
import demoJobs from './demo-jobs.json' with { type: 'json' };

/**
 * Demo listings loaded on first start (SEED_DEMO). Dates are relative to the day of seeding.
 * The listings are data, in demo-jobs.json (issue 41: no source file over 500 lines); this is
 * their shape, checked as the module loads, so a mistyped field fails at once rather than
 * seeding a broken job.
 */
const DemoJobShape = object({
  title: string(),
  organization: string(),
  /** 1-2 sentences about the organization. */
  companyDescription: string(),
  /** Invented but plausible (.org / .example domains). */
  websiteUrl: string(),
  /** 1-3 entries like 'Washington, DC', 'New York, NY', 'Remote'. */
  locations: array(string()),
  jobType: enums(ADMIN_JOB_TYPES),
  /** True exactly when 'Remote' is one of the locations. */
  remote: boolean(),
  /** Where it is done (issue 47); absent: remote by `remote`, else on-site. */
  workplaceType: optional(enums(WORKPLACE_TYPES)),
  /** The places a remote or hybrid listing may be done from ('MD, VA, DC'). */
  remotePlaces: optional(string()),
  experienceLevel: enums(EXPERIENCE_LEVELS),
  /** 1-2 category labels. */
  categories: array(string()),
  /** 2-4 sentences of plain text. */
  description: string(),
  responsibilities: array(string()),
  requirements: array(string()),
  benefits: array(string()),
  /** In the board's currency per `salaryPeriod` (a year when not given). */
  salaryMin: nullable(number()),
  salaryMax: nullable(number()),
  salaryPeriod: optional(enums(PAY_PERIOD_VALUES)),
  /** A short line of benefits beside the pay (docs/product.md#pay). */
  benefitsSummary: optional(string()),
  /** 0..45 */
  postedDaysAgo: number(),
  /** Days after today; omitted when there is no deadline. */
  deadlineInDays: optional(number()),
  featured: boolean(),
  applicationUrl: optional(string()),
  /** How it takes applications (docs/product.md#applying); none given: by its link, if any. */
  applyMethod: optional(enums(APPLY_METHODS)),
  /** The address a relayed ('email') job's applications go to. */
  applicationEmail: optional(string()),
  /** The job's own words on applying. */
  howToApply: optional(string()),
  screeningQuestions: optional(array(ScreeningQuestion)),
  /** A 'form' job's demo employer: the paid submission it came from has this contact. */
  employerEmail: optional(string()),
  /** Where the listing came from, e.g. 'Idealist' or 'Direct submission'. */
  via: string(),
});
export type DemoJob = Infer<typeof DemoJobShape>;

function checked(data: unknown): DemoJob[] {
  assert(data, array(DemoJobShape), 'api/src/seed/demo-jobs.json');
  return data;
}

export const DEMO_JOBS: DemoJob[] = checked(demoJobs);
