import {
  array,
  boolean,
  enums,
  integer,
  min,
  nullable,
  number,
  object,
  optional,
  record,
  refine,
  string,
  type Infer,
} from 'superstruct';
import { described } from './json-schema';
import { APPLICATION_LIMITS } from './applications';
import { MAX_PAGE } from './choices';
import { queryInteger } from './search';

/**
 * The employer's applicant inbox (issue 42, docs/product.md#the-applicant-inbox): the statuses an
 * application goes through, what the inbox shows and changes, the employer's settings and their
 * decline e-mail. Exported by `@jobboard/contract/applications` with the rest of applying.
 */

export const APPLICATION_STATUSES = [
  'new',
  'reviewing',
  'shortlisted',
  'interviewing',
  'offered',
  'hired',
  'declined',
] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

export const APPLICATION_STATUS_LABELS: Record<ApplicationStatus, string> = {
  new: 'New',
  reviewing: 'Reviewing',
  shortlisted: 'Shortlisted',
  interviewing: 'Interviewing',
  offered: 'Offered',
  hired: 'Hired',
  declined: 'Declined',
};

/** How an employer hears of applications: one e-mail each, or one a day naming them all. */
export const APPLICATION_NOTIFY = ['each', 'digest'] as const;
export type ApplicationNotify = (typeof APPLICATION_NOTIFY)[number];

export const APPLICATION_NOTIFY_LABELS: Record<ApplicationNotify, string> = {
  each: 'An e-mail for each application',
  digest: 'One e-mail a day listing the new applications',
};

export const INBOX_LIMITS = {
  /** Applications per page of a listing's inbox. */
  pageSize: 50,
  /** Applications one bulk change may name. */
  bulk: 200,
  note: APPLICATION_LIMITS.note,
  declineSubject: APPLICATION_LIMITS.declineSubject,
  declineBody: APPLICATION_LIMITS.declineBody,
} as const;

/** Every text of the inbox's answers (the employer's page shows them as they are). */
export const INBOX_MESSAGES = {
  /** Another employer's application answers as one that does not exist. */
  notFound: 'Application not found',
  note: `Please keep the note under ${INBOX_LIMITS.note} characters`,
  declineSubject: `Please write the subject of your decline e-mail (at most ${INBOX_LIMITS.declineSubject} characters)`,
  declineBody: `Please write your decline e-mail (at most ${INBOX_LIMITS.declineBody} characters)`,
  ids: `Please choose from 1 to ${INBOX_LIMITS.bulk} applications`,
  applicationId: 'Not an application id',
  /** The decline e-mail goes once per application. */
  alreadyDeclined: 'This applicant has already been sent your decline e-mail.',
  declined: (name: string) => `${name} is declined and your e-mail to them is on its way.`,
  bulkChanged: (count: number, status: ApplicationStatus) =>
    `${count} ${count === 1 ? 'application' : 'applications'} marked ${APPLICATION_STATUS_LABELS[status]}.`,
  settingsSaved: 'Your inbox settings are saved.',
} as const;

/** The path parameter's form of an application id (a record id, as text). */
const applicationId = described<string>(
  'applicationId',
  { type: 'string', pattern: '^[1-9]\\d{0,9}$' },
  (value) =>
    (typeof value === 'string' && /^[1-9]\d{0,9}$/.test(value)) || INBOX_MESSAGES.applicationId,
);

/** Text of at most `max` characters; `required`: not blank either. */
const text = (name: string, max: number, message: string, required: boolean) =>
  described<string>(
    name,
    { type: 'string', maxLength: max, ...(required ? { pattern: '\\S' } : {}) },
    (value) =>
      (typeof value === 'string' && value.length <= max && (!required || value.trim() !== '')) ||
      message,
  );

/** One application as the employer's inbox shows it. */
export const InboxApplication = object({
  id: string(),
  jobId: string(),
  name: string(),
  email: string(),
  phone: nullable(string()),
  links: array(string()),
  coverNote: string(),
  answers: array(object({ question: string(), answer: string() })),
  resume: object({ name: string(), kind: enums(['pdf', 'docx', 'odt']), bytes: number() }),
  status: enums(APPLICATION_STATUSES),
  starred: boolean(),
  note: nullable(string()),
  createdAt: string(),
  /** When the decline e-mail was queued (ISO 8601); null: never (it goes once). */
  declinedAt: nullable(string()),
});
export type InboxApplication = Infer<typeof InboxApplication>;

/** `GET /api/employer/jobs/:id/applications?page=&status=`: one page, or one status's. */
export const InboxQuery = object({
  page: queryInteger(1, MAX_PAGE, 1),
  status: optional(enums(APPLICATION_STATUSES)),
});
export type InboxQuery = Infer<typeof InboxQuery>;

/** The listing an inbox is of, as its heading and the decline e-mail's preview need it. */
export const InboxJob = object({
  id: string(),
  title: string(),
  organization: string(),
  /** It takes applications on the board now (live, by the board's form or relayed e-mail). */
  open: boolean(),
});
export type InboxJob = Infer<typeof InboxJob>;

/**
 * An inbox page: newest first, INBOX_LIMITS.pageSize a page, with how many applications the
 * listing has in each status (every status named, 0 included) and in all.
 */
export const InboxApplications = object({
  job: InboxJob,
  applications: array(InboxApplication),
  counts: record(string(), number()),
  /** All the listing's applications. */
  total: min(integer(), 0),
  /** Those of the status asked for (all of them without one): the pages are of these. */
  matched: min(integer(), 0),
  page: min(integer(), 1),
  pageSize: min(integer(), 1),
});
export type InboxApplications = Infer<typeof InboxApplications>;

/** A change to one application (each field optional: only those given change; a blank note is none). */
export const InboxApplicationChange = object({
  status: optional(enums(APPLICATION_STATUSES)),
  starred: optional(boolean()),
  note: optional(nullable(text('note', INBOX_LIMITS.note, INBOX_MESSAGES.note, false))),
});
export type InboxApplicationChange = Infer<typeof InboxApplicationChange>;

/** A status given to several applications at once: all of the employer's own, or none changes. */
export const InboxBulkStatus = object({
  ids: refine(
    array(applicationId),
    'ids',
    (ids) => (ids.length >= 1 && ids.length <= INBOX_LIMITS.bulk) || INBOX_MESSAGES.ids,
  ),
  status: enums(APPLICATION_STATUSES),
});
export type InboxBulkStatus = Infer<typeof InboxBulkStatus>;

/** `POST /api/employer/applications/:id/decline`: what was done, and the application now. */
export const InboxDeclined = object({
  message: string(),
  application: InboxApplication,
});
export type InboxDeclined = Infer<typeof InboxDeclined>;

/**
 * The employer's settings: how they hear of applications, and their decline e-mail (the
 * DEFAULT_DECLINE until they edit it).
 */
export const ApplicationSettings = object({
  notify: enums(APPLICATION_NOTIFY),
  declineSubject: string(),
  declineBody: string(),
});
export type ApplicationSettings = Infer<typeof ApplicationSettings>;

/** `PUT /api/employer/application-settings`: the settings given change, the others stay. */
export const ApplicationSettingsChange = object({
  notify: optional(enums(APPLICATION_NOTIFY)),
  declineSubject: optional(
    text('declineSubject', INBOX_LIMITS.declineSubject, INBOX_MESSAGES.declineSubject, true),
  ),
  declineBody: optional(
    text('declineBody', INBOX_LIMITS.declineBody, INBOX_MESSAGES.declineBody, true),
  ),
});
export type ApplicationSettingsChange = Infer<typeof ApplicationSettingsChange>;

/**
 * The decline e-mail until the employer edits it. `{name}`, `{title}` and `{organization}` are
 * filled in when it is sent.
 */
export const DEFAULT_DECLINE = {
  subject: 'Your application for {title}',
  body: [
    'Dear {name},',
    '',
    'Thank you for applying for {title} and for the time you gave your application.',
    'We have decided to move forward with other candidates for this role. This was not an easy',
    'decision, and we hope you will consider us again in the future.',
    '',
    'With best wishes,',
    '{organization}',
  ].join('\n'),
} as const;

/** The decline template with an applicant's details filled in. */
export function fillDeclineTemplate(
  template: string,
  values: { name: string; title: string; organization: string },
): string {
  return template.replace(
    /\{(name|title|organization)\}/g,
    (_, key: keyof typeof values) => values[key],
  );
}
