import type { OutgoingEmail } from '../outbox/outbox';

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
  const lines = [
    `Hello ${input.contactName},`,
    '',
    `Thank you: we received your payment, and "${input.title}" at ${input.organization} is now live on ${input.boardName}:`,
    input.jobUrl,
    '',
    input.expiresOn
      ? `It is featured on the board until ${input.expiresOn}.`
      : 'It is featured on the board with no end date.',
  ];
  if (input.extraListings > 0) {
    lines.push(
      '',
      `Your Multiples Listing includes ${input.extraListings} more listings: submit them with this e-mail address and they go live as soon as we approve them, with nothing more to pay.`,
    );
  }
  lines.push('', `The ${input.boardName} team`);
  return {
    template: 'job-live',
    to: input.to,
    subject: `Your job is live: ${input.title}`,
    text: lines.join('\n'),
  };
}
