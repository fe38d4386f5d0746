import { DEAD_CHECKS_TO_FLAG } from '@jobboard/contract/jobs';
import { employerEmail, employerPageLine } from './employer-emails';
import type { OutgoingEmail } from './outbox';

export const APPLY_LINK_FLAGGED_TEMPLATE = 'apply-link-flagged';

/**
 * The employer's listing was flagged (issue 45, docs/product.md#dead-application-links): its
 * application link did not work DEAD_CHECKS_TO_FLAG checks in a row, and its page now says the
 * posting may have closed. Sent once per link, when it is first flagged.
 */
export function applyLinkFlaggedEmail(input: {
  to: string;
  contactName: string | null;
  title: string;
  organization: string;
  url: string;
  /** The last check's answer in words (the contract's linkCheckAnswer) and when (YYYY-MM-DD). */
  answer: string;
  checkedOn: string;
  recheckHours: number;
  publicUrl: string;
  boardName: string;
}): OutgoingEmail {
  return employerEmail(
    APPLY_LINK_FLAGGED_TEMPLATE,
    `Your application link is not working: ${input.title}`,
    [
      `The application link of "${input.title}" at ${input.organization} did not work the last ${DEAD_CHECKS_TO_FLAG} times we checked it:`,
      input.url,
      `Last answer: ${input.answer} (${input.checkedOn}).`,
      '',
      `Candidates now see on its page on ${input.boardName} that the posting may have closed.`,
      "If the job is still open, correct the link with 'Propose changes' on your page; if it is filled, close the listing there.",
      `We check the link again every ${input.recheckHours} hours: once it works, the notice goes away by itself.`,
    ],
    {
      to: input.to,
      name: input.contactName?.trim() || null,
      page: [employerPageLine(input.publicUrl)],
      boardName: input.boardName,
    },
  );
}
