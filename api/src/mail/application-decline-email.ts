import type { OutgoingEmail } from './outbox';

export const APPLICATION_DECLINED_TEMPLATE = 'application-declined';

/**
 * The employer's kind no to an applicant (issue 42): their own template with the applicant's
 * name, the job's title and the organization filled in, sent once. Reply-To the employer's
 * contact address, so an answer reaches them and not the board.
 */
export function applicationDeclinedEmail(input: {
  to: string;
  replyTo: string;
  subject: string;
  text: string;
}): OutgoingEmail {
  return {
    template: APPLICATION_DECLINED_TEMPLATE,
    to: input.to,
    subject: input.subject,
    headers: { 'Reply-To': input.replyTo },
    text: input.text,
  };
}
