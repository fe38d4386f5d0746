import { REVIEW_HOURS, listingTier } from '@jobboard/contract';
import type { NormalisedSubmission } from '../submissions/normalise';
import type { OutgoingEmail } from './outbox';

/** Plain-text e-mails about a new submission. */

interface Context {
  id: number;
  submission: NormalisedSubmission;
  amountCents: number;
  boardName: string;
  publicUrl: string;
}

const dollars = (cents: number) => `$${(cents / 100).toFixed(2).replace(/\.00$/, '')}`;

/** To the employer: we have it, and what happens next (SPEC.md 2, success screen). */
export function submissionReceivedEmail({ submission, boardName }: Context): OutgoingEmail {
  return {
    template: 'submission-received',
    to: submission.contactEmail,
    subject: `We received your job: ${submission.title}`,
    text: [
      `Hello ${submission.contactName},`,
      '',
      `Thank you for submitting "${submission.title}" at ${submission.organization} to ${boardName}.`,
      '',
      'What happens next:',
      `1. Our team reviews your submission within ${REVIEW_HOURS} hours.`,
      '2. If it is approved, we e-mail you a secure payment link.',
      '3. Your job goes live as soon as the payment is made.',
      '4. We send you a confirmation once it is published.',
      '',
      `Listing: ${listingTier(submission.listingType).name}`,
      '',
      `The ${boardName} team`,
    ].join('\n'),
  };
}

/** To the admins: there is something to review. */
export function newSubmissionEmail(
  { id, submission, amountCents, boardName, publicUrl }: Context,
  to: string,
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
      `Listing: ${listingTier(submission.listingType).name}, ${dollars(amountCents)}${submission.promoCode ? ` (promo code ${submission.promoCode})` : ''}`,
      '',
      `Review it: ${publicUrl}/admin/submissions (submission #${id})`,
    ].join('\n'),
  };
}
