import { LISTING_TIERS, type AdminSubmission } from '@jobboard/contract';

/**
 * The approval e-mail, for an admin who writes to the employer by hand (Copy Email Template):
 * with the pay link when there is one, a placeholder before approval. Mentions the newsletter's
 * reach (SPEC.md 9).
 */
export function approvalEmailTemplate(
  submission: AdminSubmission,
  paymentUrl: string | null,
  boardName: string,
): string {
  const tier = LISTING_TIERS.find((t) => t.id === submission.listingType) ?? LISTING_TIERS[0];
  const amount = `$${(submission.amount / 100).toFixed(2).replace(/\.00$/, '')}`;
  return [
    `Subject: Your job posting "${submission.title}" is approved`,
    '',
    `Hello ${submission.contactName},`,
    '',
    `Thank you for submitting "${submission.title}" at ${submission.organization} to ${boardName}. We are happy to approve it.`,
    '',
    `Your ${tier.name} (${tier.duration}) costs ${amount}. Please complete your payment here:`,
    paymentUrl ?? '[payment link]',
    '',
    'As soon as the payment is made, your job goes live on the board and is highlighted to our newsletter of over 3,000 nonprofit professionals.',
    '',
    `The ${boardName} team`,
  ].join('\n');
}
