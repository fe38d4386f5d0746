import { employerEmail, employerPageLine } from './employer-emails';
import type { OutgoingEmail } from './outbox';

/** The board's address from a job's (`<board>/jobs/<id>`): the e-mail's link to the employer's page. */
const boardUrlOf = (jobUrl: string): string => jobUrl.replace(/\/jobs\/[^/]*$/, '');

/** The e-mail an employer gets once the payment is in and the job is live. */
export function jobLiveEmail(input: {
  to: string;
  contactName: string;
  title: string;
  organization: string;
  jobUrl: string;
  expiresOn: string | null;
  extraListings: number;
  boardName: string;
}): OutgoingEmail {
  const body = [
    `Thank you: we received your payment, and "${input.title}" at ${input.organization} is now live on ${input.boardName}:`,
    input.jobUrl,
    '',
    input.expiresOn
      ? `It is featured on the board until ${input.expiresOn}.`
      : 'It is featured on the board with no end date.',
  ];
  if (input.extraListings > 0) {
    body.push(
      '',
      `Your Multiples Listing includes ${input.extraListings} more listings: submit them with this e-mail address and they go live as soon as we approve them, with nothing more to pay.`,
    );
  }
  return employerEmail('job-live', `Your job is live: ${input.title}`, body, {
    to: input.to,
    name: input.contactName,
    page: [employerPageLine(boardUrlOf(input.jobUrl))],
    boardName: input.boardName,
  });
}

/** To the admins: Stripe took money that did not publish a listing; someone must look at it. */
export function paymentNeedsReviewEmail(input: {
  to: string;
  submissionId: number;
  title: string;
  status: 'needs_review' | 'needs_refund';
  reason: string;
  checkoutSessionId: string;
  publicUrl: string;
  boardName: string;
}): OutgoingEmail {
  const refund = input.status === 'needs_refund';
  return {
    template: 'payment-needs-review',
    to: input.to,
    subject: `${refund ? 'Refund needed' : 'Payment to review'}: ${input.title} (submission #${input.submissionId})`,
    text: [
      `Stripe took a payment on ${input.boardName} that did not publish a listing.`,
      '',
      `Submission: #${input.submissionId}, ${input.title}`,
      `Why: ${input.reason}`,
      `Stripe Checkout Session: ${input.checkoutSessionId}`,
      '',
      refund
        ? 'The listing was already paid: refund this payment in the Stripe Dashboard.'
        : 'Check it in the Stripe Dashboard, then refund it, or publish the listing by hand.',
      `When it is handled, mark it so in ${input.publicUrl}/admin/submissions.`,
    ].join('\n'),
  };
}
