import { EMPLOYER_LIMITS } from '@jobboard/contract/employer';
import type { OutgoingEmail } from './outbox';

export const EMPLOYER_SIGN_IN_TEMPLATE = 'employer-sign-in';

/**
 * The sign-in link to the employer's page (issue 30): sent only to an address that has listings,
 * carrying nothing of the caller's choosing but the address itself.
 */
export function employerSignInEmail(input: {
  to: string;
  signInUrl: string;
  startUrl: string;
  boardName: string;
}): OutgoingEmail {
  return {
    template: EMPLOYER_SIGN_IN_TEMPLATE,
    to: input.to,
    subject: `Your sign-in link for ${input.boardName}`,
    text: [
      'Hello,',
      '',
      `Here is your link to see and manage your listings on ${input.boardName}:`,
      input.signInUrl,
      '',
      `It works once, for ${EMPLOYER_LIMITS.linkMinutes} minutes. If it has expired, ask for a new one at ${input.startUrl}.`,
      'If you did not ask for it, ignore this e-mail: nobody can use it without access to your inbox.',
      '',
      `The ${input.boardName} team`,
    ].join('\n'),
  };
}

export const TEAM_INVITE_TEMPLATE = 'team-invite';

/**
 * An invitation to an organisation's team (issue 47): a one-press link to the same sign-in page
 * as a sign-in link's; pressing it signs the address in and joins it.
 */
export function teamInviteEmail(input: {
  to: string;
  invitedBy: string;
  organization: string;
  signInUrl: string;
  boardName: string;
  days: number;
}): OutgoingEmail {
  return {
    template: TEAM_INVITE_TEMPLATE,
    to: input.to,
    subject: `${input.invitedBy} invites you to ${input.organization} on ${input.boardName}`,
    text: [
      'Hello,',
      '',
      `${input.invitedBy} invites you to join ${input.organization} on ${input.boardName}, to see and manage its listings with them.`,
      'To accept, open this link and press the button:',
      input.signInUrl,
      '',
      `It works once, for ${input.days} days. If you do not know ${input.invitedBy}, ignore this e-mail.`,
      '',
      `The ${input.boardName} team`,
    ].join('\n'),
  };
}

/** The line every e-mail to an employer ends with: their own page (issue 30). */
export const employerPageLine = (publicUrl: string): string =>
  `See and manage your listings at any time: ${publicUrl}/employer`;

/** Whom an employer's e-mail goes to, how it greets them, and how it closes. */
export interface EmployerLetterhead {
  to: string;
  /** The name it greets; null greets without one. */
  name: string | null;
  /** The closing lines: the way to the employer's own page. */
  page: readonly string[];
  boardName: string;
}

/**
 * An e-mail to an employer, laid out as each one is: the greeting, the body, the way to their own
 * page, the board's signature.
 */
export function employerEmail(
  template: string,
  subject: string,
  body: readonly string[],
  head: EmployerLetterhead,
): OutgoingEmail {
  const greeting = head.name === null ? 'Hello,' : `Hello ${head.name},`;
  return {
    template,
    to: head.to,
    subject,
    text: [greeting, '', ...body, '', ...head.page, '', `The ${head.boardName} team`].join('\n'),
  };
}
