import {
  APPLICATION_LIMITS,
  publicApplyMethod,
  RESUME_TYPES,
  type PublicApplyMethod,
} from './applications';

/**
 * The board's side of applying (issue 42, docs/product.md#applying): how a job of an API answer is
 * applied for, where its server-drawn form is, and the applicant's form's labels, the same in the
 * board's dialog and the server-drawn form. Beside applications.ts, whose rules it reads.
 */

/**
 * How a job of an API answer takes applications: its `apply.method`, or (an API from before
 * `apply`) publicApplyMethod's rule for a job without a method. The board and the JobPosting read it.
 */
export function jobApplyMethod(job: {
  apply?: { method: PublicApplyMethod };
  applicationUrl?: string;
}): PublicApplyMethod {
  return (
    job.apply?.method ??
    publicApplyMethod({
      applyMethod: null,
      applicationUrl: job.applicationUrl ?? null,
      applicationEmail: null,
    })
  );
}

/** The server-drawn application form (no JavaScript needed), the board's Apply link's `href`. */
export const jobApplicationPath = (id: number | string): string =>
  `/jobs/${encodeURIComponent(String(id))}/application`;

/** The résumé input's `accept`: the kinds' extensions and types (a hint: the server reads the bytes). */
export const RESUME_ACCEPT = ['.pdf', '.docx', '.odt', ...Object.values(RESUME_TYPES)].join(',');

/** The applicant's form's labels. */
export const APPLICATION_LABELS = {
  title: (jobTitle: string) => `Apply for ${jobTitle}`,
  at: (organization: string) => `at ${organization}`,
  name: 'Your name',
  email: 'Your e-mail address',
  phone: 'Phone (optional)',
  links: 'Links (optional)',
  linksHint: `A portfolio or profile, one web address per line, at most ${APPLICATION_LIMITS.links}.`,
  coverNote: 'Cover note',
  resume: 'Résumé',
  resumeHint: 'PDF, DOCX or ODT, at most 5 MB',
  /** A question the employer did not make required. */
  optionalQuestion: (label: string) => `${label} (optional)`,
  yes: 'Yes',
  no: 'No',
  chooseOne: 'Choose one',
  send: 'Send application',
  sending: 'Sending your application...',
} as const;
