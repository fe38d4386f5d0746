import { createHmac } from 'node:crypto';

/**
 * How independent reporters are told apart (issue 45, docs/product.md#reports): by their client
 * key (platform/http/client-key.ts: an IPv4 address, an IPv6 /64, as every limit counts a client),
 * so one client's reports of one listing are one report, however many browsers, user agents or
 * addresses of its /64 it uses. What is stored is this key's HMAC-SHA256 under the server's
 * SESSION_SECRET, with a label of its own: an IPv4 address's plain hash could be found again by
 * hashing the 2^32 addresses, and the secret is not in the database or its backups. It is kept
 * only while the report is open (listing_reports.open_client). Two people behind one address (an
 * office, a household) count as one reporter; one person on two networks as two.
 */
export function reporterKey(secret: string): (clientKey: string) => string {
  return (clientKey) =>
    createHmac('sha256', secret).update(`listing-report\n${clientKey}`).digest('hex');
}
