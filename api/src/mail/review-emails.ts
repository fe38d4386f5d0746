import { formatCents } from '@jobboard/contract/common';
import { listingTier } from '@jobboard/contract/submissions';
import type { OutgoingEmail } from './outbox';

interface Submission {
  title: string;
  organization: string;
  contact_name: string;
  contact_email: string;
  listing_type: 'basic' | 'featured';
  amount_cents: number;
}

/** Approved: here is the secure payment link (docs/product.md#audience; newsletter reach of docs/product.md#constants-and-limits). */
export function approvalEmail(
  submission: Submission,
  paymentUrl: string,
  boardName: string,
): OutgoingEmail {
  const tier = listingTier(submission.listing_type);
  return {
    template: 'submission-approved',
    to: submission.contact_email,
    subject: `Approved: ${submission.title} - complete your payment`,
    text: [
      `Hello ${submission.contact_name},`,
      '',
      `Good news: "${submission.title}" at ${submission.organization} is approved for ${boardName}.`,
      '',
      `Your ${tier.name} (${tier.duration}) costs ${formatCents(submission.amount_cents)}. Pay securely here:`,
      paymentUrl,
      '',
      'Your job goes live as soon as the payment is made, featured on the board and highlighted to',
      'our newsletter of over 3,000 nonprofit professionals.',
      '',
      `The ${boardName} team`,
    ].join('\n'),
  };
}

/** Approved and published at once with a Multiples Listing credit: nothing to pay. */
export function publishedWithCreditEmail(
  submission: Submission,
  jobUrl: string,
  left: number,
  boardName: string,
): OutgoingEmail {
  return {
    template: 'submission-published-with-credit',
    to: submission.contact_email,
    subject: `Your job is live: ${submission.title}`,
    text: [
      `Hello ${submission.contact_name},`,
      '',
      `"${submission.title}" at ${submission.organization} is approved and live on ${boardName}, included in your Multiples Listing:`,
      jobUrl,
      '',
      left > 0
        ? `You can publish ${left} more listing${left === 1 ? '' : 's'} the same way.`
        : 'This was the last listing included in your Multiples Listing.',
      '',
      `The ${boardName} team`,
    ].join('\n'),
  };
}

/**
 * The approval e-mail as an admin copies it to send by hand (Copy Email Template, docs/product.md#states-and-transitions): the
 * text the API sends, its subject first. Before a link is issued, the link reads '[payment link]'.
 */
export function copyableApprovalEmail(
  submission: Submission,
  paymentUrl: string | null,
  boardName: string,
): string {
  const email = approvalEmail(submission, paymentUrl ?? '[payment link]', boardName);
  return `Subject: ${email.subject}\n\n${email.text}`;
}

/** Not approved, with the reason when one was given. */
export function rejectionEmail(
  submission: Submission,
  reason: string | null,
  boardName: string,
): OutgoingEmail {
  return {
    template: 'submission-rejected',
    to: submission.contact_email,
    subject: `About your job submission: ${submission.title}`,
    text: [
      `Hello ${submission.contact_name},`,
      '',
      `Thank you for submitting "${submission.title}" at ${submission.organization} to ${boardName}. After review, we are not able to post it.`,
      ...(reason ? ['', `Reason: ${reason}`] : []),
      '',
      'You have not been charged. Reply to this e-mail if you have any questions.',
      '',
      `The ${boardName} team`,
    ].join('\n'),
  };
}
