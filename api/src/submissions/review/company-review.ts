import {
  COMPANY_FIELDS,
  COMPANY_FIELD_LABELS,
  type CompanyField,
  type SubmissionCompany,
} from '@jobboard/contract/admin';
import type { Knex } from 'knex';
import { Conflict } from '../../platform/domain-errors';
import type { Companies, StoredCompany } from '../../jobs';
import type { SubmissionRow } from '../submission-row';

/**
 * A submission's company under review (issue 25). Companies are one shared row per name, so what
 * a submission says about its company (website, logo, description) is shown beside what the board
 * has for a company of that name, and changes that company only when an admin approves it with
 * the change ticked. Publishing after payment gives the details only to a company new to the board.
 */

type Submitted = SubmissionCompany['submitted'];

/** What the submission gives for each detail; null for nothing. */
export function submittedDetails(
  row: Pick<SubmissionRow, 'company_website_url' | 'company_logo_url' | 'company_description'>,
): Submitted {
  const given = (value: string | null | undefined) => value?.trim() || null;
  return {
    websiteUrl: given(row.company_website_url),
    logo: given(row.company_logo_url),
    description: given(row.company_description),
  };
}

/** The review card's view: the submission's details, and where they differ from the board's. */
export function companyReview(
  row: Parameters<typeof submittedDetails>[0],
  onBoard: StoredCompany | undefined,
): SubmissionCompany {
  const submitted = submittedDetails(row);
  const differences = onBoard
    ? COMPANY_FIELDS.flatMap((field) => {
        const value = submitted[field];
        return value !== null && value !== onBoard.details[field]
          ? [{ field, onBoard: onBoard.details[field], submitted: value }]
          : [];
      })
    : [];
  return { onBoard: onBoard !== undefined, submitted, differences };
}

/**
 * Approval with details ticked: the company on the board takes the submission's values for
 * them, recorded as set from this submission by this admin. Conflict, changing nothing, when the
 * company is not on the board (publishing will create it with these details) or the submission
 * gives no value for a ticked detail. Returns the details changed.
 */
export async function takeCompanyDetails(
  companies: Pick<Companies, 'named' | 'change'>,
  trx: Knex.Transaction,
  submission: SubmissionRow,
  fields: readonly CompanyField[],
  reviewer: { id: number; username: string },
  now: Date,
): Promise<CompanyField[]> {
  if (!fields.length) return [];
  const company = (await companies.named([submission.organization], trx)).get(
    submission.organization.trim(),
  );
  if (!company) {
    throw new Conflict(
      `${submission.organization} is not on the board yet: it gets this submission's details when the job is published. Approve without updating the company.`,
    );
  }
  const submitted = submittedDetails(submission);
  const missing = fields.filter((field) => submitted[field] === null);
  if (missing.length) {
    throw new Conflict(
      `This submission gives no company ${missing.map((f) => COMPANY_FIELD_LABELS[f].toLowerCase()).join(' or ')} to update.`,
    );
  }
  return companies.change(
    trx,
    company,
    Object.fromEntries(fields.map((field) => [field, submitted[field]])),
    {
      kind: 'admin',
      setBy: 'submission',
      actor: `admin:${reviewer.username}`,
      adminId: reviewer.id,
      submissionId: Number(submission.id),
    },
    now,
  );
}
