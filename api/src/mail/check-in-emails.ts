import { formatUsDate } from '@jobboard/contract/common';
import { employerEmail, employerPageLine } from './employer-emails';
import type { OutgoingEmail } from './outbox';

export const CHECK_IN_TEMPLATE = 'still-hiring-check-in';
export const CHECK_IN_CLOSED_TEMPLATE = 'still-hiring-closed';

/** Whom a check-in's e-mails go to, and the listing they are about. */
interface CheckInAddressee {
  to: string;
  /** The contact's name; null or blank greets without one. */
  contactName: string | null;
  title: string;
  organization: string;
  publicUrl: string;
  boardName: string;
}

const letterhead = (input: CheckInAddressee) => ({
  to: input.to,
  name: input.contactName?.trim() ? input.contactName.trim() : null,
  page: [employerPageLine(input.publicUrl)],
  boardName: input.boardName,
});

/**
 * "Still hiring?" (issue 45): at a set age of a live listing, its employer is asked whether it is
 * still open, with a link for each answer. Each opens a page with one button (a GET changes
 * nothing, so a mail scanner answers nothing). It says what follows if nobody answers by `answerBy`
 * (YYYY-MM-DD): the listing is flagged, or, with the admins' setting on, taken off the board.
 */
export function checkInEmail(
  input: CheckInAddressee & {
    ageDays: number;
    openUrl: string;
    filledUrl: string;
    answerBy: string;
    autoClose: boolean;
  },
): OutgoingEmail {
  const by = formatUsDate(input.answerBy);
  return employerEmail(
    CHECK_IN_TEMPLATE,
    `Is this job still open? ${input.title}`,
    [
      `"${input.title}" at ${input.organization} has been on ${input.boardName} for ${input.ageDays} days. Is it still open?`,
      '',
      'Still open, keep it on the board:',
      input.openUrl,
      '',
      'Filled, take it off the board:',
      input.filledUrl,
      '',
      'Each link opens a page with one button: nothing changes until you press it.',
      input.autoClose
        ? `If we hear nothing by ${by}, we will take the listing off the board.`
        : `If we hear nothing by ${by}, we will look into the listing ourselves.`,
    ],
    letterhead(input),
  );
}

/**
 * To the employer when an unanswered check-in took the listing off the board (the admins' setting):
 * when it was asked, that nothing is deleted, and how to have it back.
 */
export function checkInClosedEmail(
  input: CheckInAddressee & { askedOn: string; jobsEmail: string },
): OutgoingEmail {
  return employerEmail(
    CHECK_IN_CLOSED_TEMPLATE,
    `Your listing is off the board: ${input.title}`,
    [
      `On ${formatUsDate(input.askedOn)} we asked whether "${input.title}" at ${input.organization} is still open, and heard nothing, so it is off ${input.boardName} now.`,
      `Nothing is deleted: if the job is still open, write to ${input.jobsEmail} and we will put it back.`,
    ],
    letterhead(input),
  );
}
