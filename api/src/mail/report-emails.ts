import { formatUsDate, isoDate } from '@jobboard/contract/common';
import type { OutgoingEmail } from './outbox';

export const REPORT_OUTCOME_TEMPLATE = 'report-outcome';

/**
 * What an admin decided about a listing someone reported and left their address with (issue 45):
 * one e-mail per report, when the report is decided. It carries nothing the reporter wrote (their
 * note stays on the board): whoever types an address into the form can make the board write to
 * it, so the message says only what the board says, about a listing of the board.
 */
export function reportOutcomeEmail(input: {
  to: string;
  outcome: 'taken_down' | 'kept';
  title: string;
  organization: string;
  reportedAt: Date;
  /** The listing's page (its link is given when the listing stays). */
  jobUrl: string;
  boardName: string;
}): OutgoingEmail {
  const listing = `"${input.title}" at ${input.organization}`;
  const takenDown = input.outcome === 'taken_down';
  return {
    template: REPORT_OUTCOME_TEMPLATE,
    to: input.to,
    subject: takenDown
      ? `Your report of "${input.title}": we took it down`
      : `Your report of "${input.title}": we reviewed it and kept it`,
    text: [
      'Hello,',
      '',
      `Thank you for reporting ${listing} on ${input.boardName} on ${formatUsDate(isoDate(input.reportedAt))}.`,
      '',
      ...(takenDown
        ? ['We reviewed the listing and took it down: it is no longer on the board.']
        : [
            "We reviewed the listing and kept it: we did not find that it breaks the board's rules.",
            'If you learn more, you can report it again from its page:',
            input.jobUrl,
          ]),
      '',
      'You gave this address with your report only to hear what we decided: we have now forgotten it.',
      '',
      `The ${input.boardName} team`,
    ].join('\n'),
  };
}
