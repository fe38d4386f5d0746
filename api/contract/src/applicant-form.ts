import { object, string, type Infer } from 'superstruct';
import { httpUrl } from './urls';
import { CONTACT_EMAIL_MAX, isContactEmail } from './email-key';
import type { ScreeningQuestion } from './applications';

/**
 * The applicant's form (issue 42, docs/product.md#applying): its fields, limits and messages, the résumé's
 * kinds, and the answers. A part of applications.ts, which exports it (that module holds the rest
 * of applying: how a job takes applications and the apply fields of a form).
 */

// ---- the applicant's form ----------------------------------------------------------------------

/** The résumé's kinds, told by the file's bytes (never its name), and the type each is served as. */
export const RESUME_TYPES = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  odt: 'application/vnd.oasis.opendocument.text',
} as const;
export type ResumeKind = keyof typeof RESUME_TYPES;

export const APPLICATION_LIMITS = {
  /** 5 MB. */
  resumeBytes: 5 * 1024 * 1024,
  resumeName: 200,
  name: 200,
  /** The longest address taken anywhere on the board (RFC 5321's 254). */
  email: CONTACT_EMAIL_MAX,
  phone: 40,
  /** Links (a portfolio, LinkedIn), one per line. */
  links: 3,
  link: 500,
  coverNote: 5000,
  answer: 1000,
  note: 2000,
  declineSubject: 200,
  declineBody: 5000,
} as const;

/** The form's fields as the dialog and the server-drawn form name them. */
export const APPLICATION_FIELDS = ['name', 'email', 'phone', 'links', 'coverNote'] as const;

/** What the applicant typed (the résumé travels apart, as a file). */
export interface ApplicationFields {
  name: string;
  email: string;
  phone: string;
  /** One link per line. */
  links: string;
  coverNote: string;
  /** Each question's answer by its id (`yes` / `no` for a yes / no question). */
  answers: Record<string, string>;
}

export const APPLICATION_MESSAGES = {
  name: 'Please enter your name',
  email: 'Please enter a valid email address',
  phone: 'Please enter a phone number of digits, spaces and + - ( )',
  links: `Please give at most ${APPLICATION_LIMITS.links} web addresses, one per line, each starting with https://`,
  coverNote: `Please write a short cover note (at most ${APPLICATION_LIMITS.coverNote} characters)`,
  answer: 'Please answer this question',
  answerTooLong: `Please keep your answer under ${APPLICATION_LIMITS.answer} characters`,
  choice: 'Please choose one of the answers',
  resume: 'Please attach your résumé (PDF, DOCX or ODT)',
  resumeType: 'Your résumé must be a PDF, DOCX or ODT file',
  resumeTooLarge: 'Your résumé must be 5 MB or smaller',
  /** The server's answers to the whole form. */
  duplicate:
    'You have already applied for this job with this e-mail address. The employer has your application; to change it, withdraw it through the link in your confirmation e-mail and apply again.',
  closed: 'This job is no longer accepting applications.',
  notOnBoard: 'This job does not take applications on the board.',
  tooMany: 'Too many applications from this address today. Please try again tomorrow.',
  /** Past the limit of applications to one job in an hour (a flood, not a person). */
  jobBusy: 'This job is receiving too many applications right now. Please try again in an hour.',
  /** A body that is no readable form (cut off, not multipart, too many parts). */
  unreadable: "The form could not be read. Please send it again from the job's page.",
  failed: 'Your application could not be sent. Everything you typed is kept: please try again.',
  /** The success, shown only once the server stored the application. */
  sentTitle: 'Application sent',
  sent: (title: string, organization: string, email: string) =>
    `Your application for ${title} was sent to ${organization}. A confirmation is on its way to ${email}.`,
  /** A job that takes no application on the board. */
  howToApplyHeading: 'How to apply',
  noWayToApply: 'This listing does not say how to apply. Please contact the organisation directly.',
  withdrawn: 'Your application was withdrawn and deleted.',
  withdrawGone: 'This application was already withdrawn or deleted.',
} as const;

const PHONE = /^[0-9+\-() .]{3,40}$/;

/** The links of the form's field, one per line, blank lines left out. */
export const applicationLinks = (links: string): string[] =>
  links
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);

/**
 * The messages of an application's fields by name (`answers.q1` for a question's): empty when it
 * can be sent. The résumé's are the file's own (resumeErrors and, on the server, its bytes).
 */
export function applicationErrors(
  fields: Partial<ApplicationFields>,
  questions: readonly ScreeningQuestion[],
): Record<string, string> {
  const errors: Record<string, string> = {};
  const name = (fields.name ?? '').trim();
  if (!name || name.length > APPLICATION_LIMITS.name) errors.name = APPLICATION_MESSAGES.name;
  if (!isContactEmail(fields.email ?? '')) errors.email = APPLICATION_MESSAGES.email;
  const phone = (fields.phone ?? '').trim();
  if (phone && !PHONE.test(phone)) errors.phone = APPLICATION_MESSAGES.phone;
  const links = applicationLinks(fields.links ?? '');
  if (
    links.length > APPLICATION_LIMITS.links ||
    links.some((link) => link.length > APPLICATION_LIMITS.link || !httpUrl(link))
  ) {
    errors.links = APPLICATION_MESSAGES.links;
  }
  const note = (fields.coverNote ?? '').trim();
  if (!note || note.length > APPLICATION_LIMITS.coverNote) {
    errors.coverNote = APPLICATION_MESSAGES.coverNote;
  }
  const answers = fields.answers ?? {};
  for (const question of questions) {
    const answer = (answers[question.id] ?? '').trim();
    const field = `answers.${question.id}`;
    if (!answer) {
      if (question.required) errors[field] = APPLICATION_MESSAGES.answer;
    } else if (answer.length > APPLICATION_LIMITS.answer) {
      errors[field] = APPLICATION_MESSAGES.answerTooLong;
    } else if (question.kind === 'yesNo' && answer !== 'yes' && answer !== 'no') {
      errors[field] = APPLICATION_MESSAGES.choice;
    } else if (question.kind === 'choice' && !question.choices.includes(answer)) {
      errors[field] = APPLICATION_MESSAGES.choice;
    }
  }
  return errors;
}

/**
 * What the browser can tell of a résumé before sending it (its size; its name as a hint only: the
 * server decides by the bytes), or undefined when it may be sent.
 */
export function resumeError(file: { size: number } | null | undefined): string | undefined {
  if (!file || file.size === 0) return APPLICATION_MESSAGES.resume;
  if (file.size > APPLICATION_LIMITS.resumeBytes) return APPLICATION_MESSAGES.resumeTooLarge;
  return undefined;
}

/** The answer of a stored application (POST /api/jobs/:id/applications). */
export const ApplicationReceipt = object({
  id: string(),
  message: string(),
});
export type ApplicationReceipt = Infer<typeof ApplicationReceipt>;

/** A withdrawal: the token of the link in the confirmation e-mail. */
export const ApplicationWithdrawal = object({ token: string() });
