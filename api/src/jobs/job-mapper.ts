import {
  parseQuestions,
  publicApplyMethod,
  type ApplyMethod,
  type JobApply,
} from '@jobboard/contract/applications';
import {
  formatPay,
  jobPayOf,
  yearlyFigures,
  type Job,
  type WorkplaceType,
} from '@jobboard/contract/jobs';
import { workplaceOfRow } from './workplace-columns';
import { logoPath } from '@jobboard/contract/site';
import { parseSentences } from './job-patch';
import { endsOfRow, hasEnded } from './listing-end';
import { payOfRow, type PayRow } from './pay-columns';

/** A `jobs` row joined with its company, as the repository selects it. */
export interface JobRow extends PayRow {
  id: number;
  company_id: number;
  title: string;
  description: string;
  job_type: string;
  remote: boolean | number;
  /** Where it is done (migration 20261201020000) and the places it may be done from, or null. */
  workplace_type: WorkplaceType;
  remote_places: string | null;
  experience_level: string;
  salary_text: string | null;
  /** Annual equivalent of the pay in the board's currency (pay-columns.ts), and the rule's hold. */
  pay_annual_low: number | null;
  pay_annual_high: number | null;
  pay_held: boolean | number;
  deadline: string | null;
  posted_date: string;
  responsibilities: string;
  requirements: string;
  benefits: string;
  application_url: string | null;
  /** How the job takes applications (migration 20261129120000); null on an earlier release's row. */
  apply_method: ApplyMethod | null;
  /** The address applications are relayed to: never in a public answer. */
  application_email: string | null;
  how_to_apply: string | null;
  /** The employer's screening questions, a JSON list. */
  screening_questions: string | null;
  via: string;
  featured: boolean | number;
  active: boolean | number;
  expires_at: number | null;
  /** The first instant after the deadline day (a date deadline only), epoch ms. */
  deadline_ends_at: number | string | null;
  source: string;
  external_id: string | null;
  sync_hash: string | null;
  /** The fields of a synced job an admin owns (a JSON list), or null. */
  admin_fields: string | null;
  created_at: number;
  updated_at: number;
  company_name: string;
  company_description: string;
  company_website_url: string;
  company_logo_url: string | null;
  /** The stored copy of the logo (logos.hash), null until it is fetched. */
  company_logo_hash: string | null;
  /** Its page's slug (migration 20261201010000); null only in a row read before it was given. */
  company_slug?: string | null;
  /**
   * When the link checker found the application link dead (epoch ms; migration
   * 20261129150200), null while it is not.
   */
  apply_link_flagged_at?: number | string | null;
}

/** The columns `JobRow` is made of. */
export const JOB_ROW_COLUMNS = [
  'jobs.*',
  'companies.name as company_name',
  'companies.description as company_description',
  'companies.website_url as company_website_url',
  'companies.logo_url as company_logo_url',
  'companies.logo_hash as company_logo_hash',
  'companies.slug as company_slug',
];

export interface JobLists {
  locations: string[];
  categories: string[];
}

/**
 * The public shape of a job (docs/product.md#entities). SQLite returns booleans as 0/1, hence
 * `Boolean()`. The company's logo is the copy the board serves (`/logos/<hash>.png`), never the
 * address it was fetched from: none until it is fetched.
 */
export function toJob(row: JobRow, lists: JobLists, now: Date): Job {
  const pay = payOfRow(row);
  const payAnswer = jobPayOf(pay);
  const expiresAt = row.expires_at == null ? undefined : new Date(Number(row.expires_at));
  const apply = applyOfRow(row);
  return {
    id: String(row.id),
    title: row.title,
    company: {
      name: row.company_name,
      ...(row.company_logo_hash ? { logo: logoPath(row.company_logo_hash) } : {}),
      description: row.company_description,
      websiteUrl: row.company_website_url,
      ...(row.company_slug ? { slug: row.company_slug } : {}),
    },
    organization: row.company_name,
    location: lists.locations.join(', '),
    locations: lists.locations,
    jobType: row.job_type,
    ...workplaceOfRow(row),
    experienceLevel: row.experience_level,
    description: row.description,
    postedDate: row.posted_date,
    ...optional('salary', formatPay(pay)),
    ...yearlyFigures(pay),
    ...(payAnswer ? { pay: payAnswer } : {}),
    ...optional('deadline', row.deadline),
    responsibilities: parseSentences(row.responsibilities),
    requirements: parseSentences(row.requirements),
    benefits: parseSentences(row.benefits),
    ...(apply.method === 'link' ? optional('applicationUrl', row.application_url) : {}),
    apply,
    category: lists.categories,
    featured: Boolean(row.featured),
    saved: false,
    active: Boolean(row.active),
    via: row.via,
    ...optional('expiresAt', expiresAt?.toISOString()),
    // Ended (listing-end.ts): the job keeps its page but takes no applications.
    expired: hasEnded(endsOfRow(row), now),
    // Its link found dead (link-checks/): its page says the posting may have closed.
    ...(apply.method === 'link' && row.apply_link_flagged_at != null
      ? { applyLinkFlagged: true }
      : {}),
  };
}

/**
 * How the job takes applications, as the public may know it (contract's publicApplyMethod): the
 * relayed address stays out.
 */
export function applyOfRow(
  row: Pick<
    JobRow,
    | 'apply_method'
    | 'application_url'
    | 'application_email'
    | 'how_to_apply'
    | 'screening_questions'
  >,
): JobApply {
  const method = publicApplyMethod({
    applyMethod: row.apply_method,
    applicationUrl: row.application_url,
    applicationEmail: row.application_email,
  });
  return {
    method,
    questions: method === 'board' ? parseQuestions(row.screening_questions) : [],
    ...optional('howToApply', row.how_to_apply?.trim()),
  };
}

function optional<K extends string>(key: K, value: string | null | undefined) {
  return (value ? { [key]: value } : {}) as Partial<Record<K, string>>;
}
