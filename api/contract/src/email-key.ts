/**
 * Whom an e-mail address stands for (issue 41, R5): the address trimmed and in lower case. One
 * person whatever spaces or capitals they type, wherever the board knows them by their address: a
 * member's sign-in (Ghost's token), the employers' area and its listings, job alerts, listing
 * credits, the pay and renewal links' contact, the e-mail log's lookups. Before, a dozen copies,
 * some without the trim, so ' Ana@Example.org' could be another person than 'ana@example.org'.
 *
 * What is sent keeps the address as it was given; only comparisons and stored keys use this.
 * Where the API compares in SQL with a column holding addresses as given (submissions, the
 * outbox), SQL `lower()` folds ASCII capitals only on SQLite: the keys it is compared with come
 * from here all the same.
 */
export function emailKey(address: string): string {
  return address.trim().toLowerCase();
}

/** The longest address the board takes (an address is at most 254 characters, RFC 5321). */
export const CONTACT_EMAIL_MAX = 254;

/** An e-mail address field as the OpenAPI document states it (its check: isContactEmail). */
export const EMAIL_SCHEMA = {
  type: 'string',
  format: 'email',
  maxLength: CONTACT_EMAIL_MAX,
} as const;

/**
 * One plain address: no spaces, and none of the characters that make a list or a display name
 * (`a,b@x.org` would otherwise be mailed to `b@x.org` while `a,b@x.org` is stored).
 */
const LOCAL_PART = String.raw`[^\s@,;:<>()[\]\\"]+`;
const DOMAIN_LABEL = String.raw`[^\s@,;:<>()[\]\\".]+`;
const EMAIL = new RegExp(String.raw`^${LOCAL_PART}@(?:${DOMAIN_LABEL}\.)+${DOMAIN_LABEL}$`);

/**
 * Whether `value` is an e-mail address the board accepts (a submission's contact, an alert's, a
 * job's relayed address, an applicant's). Its key (emailKey) must fit too: it is what an address is
 * found by (job_alerts.email_key, listing_credits.contact_email), and lower-casing can lengthen it
 * ('İ' becomes two characters). Here, beside emailKey, so that the submission's and the
 * applications' rules can both use it without importing each other.
 */
export function isContactEmail(value: unknown): boolean {
  return (
    typeof value === 'string' &&
    value.trim().length <= CONTACT_EMAIL_MAX &&
    emailKey(value).length <= CONTACT_EMAIL_MAX &&
    EMAIL.test(value.trim())
  );
}
