import type { OutgoingEmail } from './outbox';

/**
 * To the employer, RENEWAL_WINDOW.reminderDaysBeforeEnd days before a listing ends: the renewal
 * link, what it costs and what it buys, and the employer's page.
 */
export function renewalReminderEmail(input: {
  to: string;
  contactName: string;
  title: string;
  organization: string;
  endsOn: string;
  renewUrl: string;
  employerUrl: string;
  price: string;
  durationDays: number;
  boardName: string;
}): OutgoingEmail {
  return {
    template: 'renewal-reminder',
    to: input.to,
    subject: `Your listing ends on ${input.endsOn}: ${input.title}`,
    text: [
      `Hello ${input.contactName},`,
      '',
      `"${input.title}" at ${input.organization} ends on ${input.boardName} on ${input.endsOn}.`,
      `To keep it up for another ${input.durationDays} days (${input.price}), renew it here:`,
      input.renewUrl,
      '',
      'All your listings, their status and receipts:',
      input.employerUrl,
      '',
      `The ${input.boardName} team`,
    ].join('\n'),
  };
}

/** To the employer once a renewal is paid: until when the listing now runs. */
export function jobRenewedEmail(input: {
  to: string;
  contactName: string;
  title: string;
  organization: string;
  jobUrl: string;
  endsOn: string;
  employerUrl: string;
  boardName: string;
}): OutgoingEmail {
  return {
    template: 'job-renewed',
    to: input.to,
    subject: `Your listing is renewed until ${input.endsOn}: ${input.title}`,
    text: [
      `Hello ${input.contactName},`,
      '',
      `Thank you: we received your payment, and "${input.title}" at ${input.organization} is featured on ${input.boardName} until ${input.endsOn}:`,
      input.jobUrl,
      '',
      'All your listings, their status and receipts:',
      input.employerUrl,
      '',
      `The ${input.boardName} team`,
    ].join('\n'),
  };
}

/** To the admins: Stripe took a renewal payment that did not renew the listing. */
export function renewalNeedsReviewEmail(input: {
  to: string;
  jobId: number;
  title: string;
  status: 'needs_review' | 'needs_refund';
  reason: string;
  checkoutSessionId: string;
  boardName: string;
}): OutgoingEmail {
  const refund = input.status === 'needs_refund';
  return {
    template: 'renewal-needs-review',
    to: input.to,
    subject: `${refund ? 'Refund needed' : 'Renewal payment to review'}: ${input.title} (job #${input.jobId})`,
    text: [
      `Stripe took a renewal payment on ${input.boardName} that did not renew the listing.`,
      '',
      `Job: #${input.jobId}, ${input.title}`,
      `Why: ${input.reason}`,
      `Stripe Checkout Session: ${input.checkoutSessionId}`,
      '',
      refund
        ? 'The listing was renewed already: refund this payment in the Stripe Dashboard.'
        : 'Check it in the Stripe Dashboard, then refund it or extend the listing by hand.',
    ].join('\n'),
  };
}
