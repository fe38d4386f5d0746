/**
 * A URL or log line with every renewal link's token replaced: `/renew/[redacted]/done?...`,
 * `/api/renewals/[redacted]/checkout`. A token in a log is a working renewal link in every copy;
 * the links are stored only as hashes (renewals-service.ts), and a sent e-mail keeps none.
 */
export const redactRenewalTokens = (text: string): string =>
  text.replace(/\/(renew|renewals)\/[^/?#\s"\\]+/g, '/$1/[redacted]');

/** What a renewal link reads once its token is taken out. */
export const REDACTED_RENEW_PATH = '/renew/[redacted]';
