import { formatCents } from '@jobboard/contract/common';
import { listingTier } from '@jobboard/contract/submissions';
import { employerPageLine } from './employer-emails';
import type { OutgoingEmail } from './outbox';

/** What the employer's e-mails say about the site: its name, and its address (their page's). */
export interface EmailSite {
  boardName: string;
  publicUrl: string;
}

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
  { boardName, publicUrl }: EmailSite,
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
      employerPageLine(publicUrl),
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
  { boardName, publicUrl }: EmailSite,
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
      employerPageLine(publicUrl),
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
  site: EmailSite,
): string {
  const email = approvalEmail(submission, paymentUrl ?? '[payment link]', site);
  return `Subject: ${email.subject}\n\n${email.text}`;
}

/** Not approved, with the reason when one was given. */
export function rejectionEmail(
  submission: Submission,
  reason: string | null,
  { boardName, publicUrl }: EmailSite,
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
      employerPageLine(publicUrl),
      '',
      `The ${boardName} team`,
    ].join('\n'),
  };
}
