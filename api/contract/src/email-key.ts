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
