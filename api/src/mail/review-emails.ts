import { formatCents } from '@jobboard/contract/common';
import { listingTier } from '@jobboard/contract/submissions';
import { employerEmail, employerPageLine, type EmployerLetterhead } from './employer-emails';
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

/** Each e-mail about a submission's review goes to its contact, by name, and closes with their page. */
const contactOf = (submission: Submission, site: EmailSite): EmployerLetterhead => ({
  to: submission.contact_email,
  name: submission.contact_name,
  page: [employerPageLine(site.publicUrl)],
  boardName: site.boardName,
});

/** Approved: here is the secure payment link (docs/product.md#audience; newsletter reach of docs/product.md#constants-and-limits). */
export function approvalEmail(
  submission: Submission,
  paymentUrl: string,
  site: EmailSite,
): OutgoingEmail {
  const tier = listingTier(submission.listing_type);
  return employerEmail(
    'submission-approved',
    `Approved: ${submission.title} - complete your payment`,
    [
      `Good news: "${submission.title}" at ${submission.organization} is approved for ${site.boardName}.`,
      '',
      `Your ${tier.name} (${tier.duration}) costs ${formatCents(submission.amount_cents)}. Pay securely here:`,
      paymentUrl,
      '',
      'Your job goes live as soon as the payment is made, featured on the board and highlighted to',
      'our newsletter of over 3,000 nonprofit professionals.',
    ],
    contactOf(submission, site),
  );
}

/** Approved and published at once with a Multiples Listing credit: nothing to pay. */
export function publishedWithCreditEmail(
  submission: Submission,
  jobUrl: string,
  left: number,
  site: EmailSite,
): OutgoingEmail {
  return employerEmail(
    'submission-published-with-credit',
    `Your job is live: ${submission.title}`,
    [
      `"${submission.title}" at ${submission.organization} is approved and live on ${site.boardName}, included in your Multiples Listing:`,
      jobUrl,
      '',
      left > 0
        ? `You can publish ${left} more listing${left === 1 ? '' : 's'} the same way.`
        : 'This was the last listing included in your Multiples Listing.',
    ],
    contactOf(submission, site),
  );
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
  site: EmailSite,
): OutgoingEmail {
  return employerEmail(
    'submission-rejected',
    `About your job submission: ${submission.title}`,
    [
      `Thank you for submitting "${submission.title}" at ${submission.organization} to ${site.boardName}. After review, we are not able to post it.`,
      ...(reason ? ['', `Reason: ${reason}`] : []),
      '',
      'You have not been charged. Reply to this e-mail if you have any questions.',
    ],
    contactOf(submission, site),
  );
}
