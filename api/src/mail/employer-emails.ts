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

/** The line every e-mail to an employer ends with: their own page (issue 30). */
export const employerPageLine = (publicUrl: string): string =>
  `See and manage your listings at any time: ${publicUrl}/employer`;
