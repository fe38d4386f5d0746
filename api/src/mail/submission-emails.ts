import { REVIEW_HOURS, formatCents } from '@jobboard/contract/common';
import { listingTier } from '@jobboard/contract/submissions';
import type { NormalisedSubmission } from '../submissions';
import { employerPageLine } from './employer-emails';
import type { OutgoingEmail } from './outbox';

/** Plain-text e-mails about a new submission. */

interface Context {
  id: number;
  submission: NormalisedSubmission;
  amountCents: number;
  boardName: string;
  publicUrl: string;
}

/** The acknowledgement's template name: the caps count the outbox rows that carry it. */
export const SUBMISSION_RECEIVED_TEMPLATE = 'submission-received';

/**
 * To the address the form gave: we have it, its reference, and what happens next (docs/product.md#routes-and-screens,
 * success screen). Whoever fills in the public form chooses the recipient, so this message holds
 * none of the submitted text (title, organization, names, links): nothing an attacker writes is
 * ever mailed from the board's domain to an address of their choosing. What it is about is told
 * by the reference number; everything else comes from the board's own configuration.
 */
export function submissionReceivedEmail({
  id,
  submission,
  boardName,
  publicUrl,
}: Context): OutgoingEmail {
  return {
    template: SUBMISSION_RECEIVED_TEMPLATE,
    to: submission.contactEmail,
    subject: `We received your job submission (reference #${id})`,
    text: [
      'Hello,',
      '',
      `Thank you for submitting a job to ${boardName}. Its reference is #${id}: please quote it`,
      'if you write to us about it.',
      '',
      'What happens next:',
      `1. Our team reviews your submission within ${REVIEW_HOURS} hours.`,
      '2. If it is approved, we e-mail you a secure payment link.',
      '3. Your job goes live as soon as the payment is made.',
      '4. We send you a confirmation once it is published.',
      '',
      employerPageLine(publicUrl),
      '',
      `If you did not submit a job to ${boardName}, someone else gave this address: you can`,
      'ignore this e-mail. Nothing is published or charged without a payment from you.',
      '',
      `The ${boardName} team`,
    ].join('\n'),
  };
}

/** Why the contact was not sent an acknowledgement, for the admins' notice. */
export type SkippedAcknowledgement = 'recipient' | 'total' | null;

/** To the admins: there is something to review. */
export function newSubmissionEmail(
  { id, submission, amountCents, boardName, publicUrl }: Context,
  to: string,
  skipped: SkippedAcknowledgement = null,
): OutgoingEmail {
  return {
    template: 'new-submission',
    to,
    subject: `New job submission: ${submission.title} (${submission.organization})`,
    text: [
      `A new job was submitted to ${boardName} and waits for review.`,
      '',
      `Job: ${submission.title}`,
      `Organization: ${submission.organization}`,
      `Location: ${submission.location}`,
      `Contact: ${submission.contactName} <${submission.contactEmail}>`,
      `Listing: ${listingTier(submission.listingType).name}, ${formatCents(amountCents)}${submission.promoCode ? ` (promo code ${submission.promoCode})` : ''}`,
      ...(skipped
        ? [
            '',
            `The contact was not sent an acknowledgement: ${
              skipped === 'recipient'
                ? 'this address has had as many as it may get today'
                : 'the board has sent as many acknowledgements as it may today'
            }.`,
          ]
        : []),
      '',
      `Review it: ${publicUrl}/admin/submissions (submission #${id})`,
    ].join('\n'),
  };
}
