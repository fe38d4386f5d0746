import { employerEmail, type EmployerLetterhead } from './employer-emails';
import type { OutgoingEmail } from './outbox';

/** Whom both e-mails about a renewal go to, and the page they close with. */
interface RenewalAddressee {
  to: string;
  contactName: string;
  title: string;
  organization: string;
  endsOn: string;
  employerUrl: string;
  boardName: string;
}

/** A renewal's e-mails close with all the employer's listings rather than the usual line. */
const addresseeOf = (input: RenewalAddressee): EmployerLetterhead => ({
  to: input.to,
  name: input.contactName,
  page: ['All your listings, their status and receipts:', input.employerUrl],
  boardName: input.boardName,
});

/**
 * To the employer, RENEWAL_WINDOW.reminderDaysBeforeEnd days before a listing ends: the renewal
 * link, what it costs and what it buys, and the employer's page.
 */
export function renewalReminderEmail(
  input: RenewalAddressee & { renewUrl: string; price: string; durationDays: number },
): OutgoingEmail {
  return employerEmail(
    'renewal-reminder',
    `Your listing ends on ${input.endsOn}: ${input.title}`,
    [
      `"${input.title}" at ${input.organization} ends on ${input.boardName} on ${input.endsOn}.`,
      `To keep it up for another ${input.durationDays} days (${input.price}), renew it here:`,
      input.renewUrl,
    ],
    addresseeOf(input),
  );
}

/** To the employer once a renewal is paid: until when the listing now runs. */
export function jobRenewedEmail(input: RenewalAddressee & { jobUrl: string }): OutgoingEmail {
  return employerEmail(
    'job-renewed',
    `Your listing is renewed until ${input.endsOn}: ${input.title}`,
    [
      `Thank you: we received your payment, and "${input.title}" at ${input.organization} is featured on ${input.boardName} until ${input.endsOn}:`,
      input.jobUrl,
    ],
    addresseeOf(input),
  );
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
