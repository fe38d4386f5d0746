import type { OutgoingEmail } from './outbox';

export const APPLICATION_DIGEST_TEMPLATE = 'application-digest';

/** One listing of a digest: its new applicants, by name, and where to read them. */
export interface DigestListing {
  title: string;
  /** Every new applicant's name, oldest first. */
  applicants: readonly string[];
  inboxUrl: string;
}

/**
 * The employer's daily digest (their setting 'digest' rather than an e-mail each): the
 * applications that arrived since the last one, per listing, named up to `namesPerListing` each
 * and counted beyond, with each listing's inbox. Names only: what an application says is read in
 * the inbox, where the employer signs in.
 */
export function applicationDigestEmail(input: {
  to: string;
  contactName: string | null;
  listings: readonly DigestListing[];
  namesPerListing: number;
  boardName: string;
}): OutgoingEmail {
  const total = input.listings.reduce((sum, listing) => sum + listing.applicants.length, 0);
  const only = input.listings.length === 1 ? input.listings[0] : undefined;
  const applications = `${total} new application${total === 1 ? '' : 's'}`;
  return {
    template: APPLICATION_DIGEST_TEMPLATE,
    to: input.to,
    subject: only ? `${applications} for ${only.title}` : `${applications} for your listings`,
    text: [
      input.contactName ? `Hello ${input.contactName},` : 'Hello,',
      '',
      `Since your last digest, ${applications} arrived on ${input.boardName}:`,
      ...input.listings.flatMap((listing) => {
        const named = listing.applicants.slice(0, input.namesPerListing);
        const more = listing.applicants.length - named.length;
        return [
          '',
          `${listing.title} (${listing.applicants.length}):`,
          ...named.map((name) => `  - ${name}`),
          ...(more > 0 ? [`  and ${more} more`] : []),
          `Read them and download the résumés in your applicant inbox: ${listing.inboxUrl}`,
        ];
      }),
      '',
      "You get one e-mail a day for new applications. To get one for each application instead, change it in your inbox's settings.",
      '',
      `The ${input.boardName} team`,
    ].join('\n'),
  };
}
