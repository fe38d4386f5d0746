import { array, assign, integer, min, object, pick, string, type Infer } from 'superstruct';
import { described } from './json-schema';
import { EMAIL_SCHEMA } from './email-key';
import { INBOX_MESSAGES, InboxApplication } from './application-inbox';
import { isContactEmail } from './email-key';

/**
 * Applications once stored (issue 42, docs/product.md#applications): the employers' daily digest,
 * their deletion after their listing ended, the admin's look-up and deletion on request, and an
 * address's data export. Exported by `@jobboard/contract/applications` with the rest of applying.
 */

/** The limits of the board's upkeep of applications (docs/product.md#applications). */
export const APPLICATION_UPKEEP_LIMITS = {
  /** The applicants an employer's daily digest names per listing; it counts the others. */
  digestNamesPerListing: 20,
  /** The applications of one address the admin's look-up lists at most, newest first. */
  adminLookup: 100,
} as const;

/** The admin's look-up and deletion of an applicant's applications (on their request). */
export const APPLICATION_ADMIN_MESSAGES = {
  email: 'Please enter the e-mail address the applicant applied with',
  notFound: INBOX_MESSAGES.notFound,
  deleted: 'The application and its résumé were deleted.',
} as const;

/** The job an application was sent to, as the applicant and the admin know it. */
const AppliedTo = object({ title: string(), organization: string() });

/**
 * One application in a data export of its applicant's address: what they sent, for which job,
 * when (`createdAt`) and where it stands. The résumé is named (its file, size and kind), not
 * copied: the applicant sent the file. The employer's star and note are not what was sent.
 */
const WhatWasSent = pick(InboxApplication, [
  'jobId',
  'name',
  'email',
  'phone',
  'links',
  'coverNote',
  'answers',
  'resume',
  'status',
  'createdAt',
]);
export const ApplicationRecord = assign(WhatWasSent, AppliedTo);
export type ApplicationRecord = Infer<typeof ApplicationRecord>;

/**
 * `POST /api/admin/applications/lookup`: the address whose applications the admin looks up (in
 * the body, so the address is in no request log line).
 */
export const AdminApplicationsLookup = object({
  email: described<string>(
    'email',
    EMAIL_SCHEMA,
    (value) => isContactEmail(value) || APPLICATION_ADMIN_MESSAGES.email,
  ),
});
export type AdminApplicationsLookup = Infer<typeof AdminApplicationsLookup>;

/**
 * One application as the admin's look-up lists it: enough to find the one a person asks to have
 * deleted (the job, when, its status), nothing of what it says (that is the employer's to read).
 */
const WhichApplication = pick(InboxApplication, ['id', 'jobId', 'status', 'createdAt']);
export const AdminApplication = assign(WhichApplication, AppliedTo);
export type AdminApplication = Infer<typeof AdminApplication>;

/** The applications of one address, newest first (at most adminLookup), and how many it has. */
export const AdminApplications = object({
  applications: array(AdminApplication),
  total: min(integer(), 0),
});
export type AdminApplications = Infer<typeof AdminApplications>;
