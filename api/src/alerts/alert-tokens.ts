import { createHash, randomBytes } from 'node:crypto';
import { ALERT_TOKEN_PATTERN } from '@jobboard/contract/alerts';
import type { SecretLink } from '../platform/http/secret-links';

/** A new token: 32 random bytes, base64url (43 characters): nobody can guess one. */
export const newAlertToken = (): string => randomBytes(32).toString('base64url');

/**
 * Only this hash of a confirmation token is stored (hex SHA-256, as for pay links): a copy of the
 * database holds no working confirmation link. A fast hash is enough for 256 random bits.
 */
export const hashAlertToken = (token: string): string =>
  createHash('sha256').update(token).digest('hex');

/** Whether the text can be an alert token at all (anything else names no alert). */
export const isAlertToken = (token: string): boolean => ALERT_TOKEN_PATTERN.test(token);

/** The board's pages of an alert's links (mfe-board's AlertsPage), each with its token. */
export const alertUrls = (publicUrl: string) => ({
  confirm: (token: string) => `${publicUrl}/alerts/confirm?token=${token}`,
  manage: (token: string) => `${publicUrl}/alerts/manage?token=${token}`,
  /** Also the `List-Unsubscribe` URL: a mail client's POST there unsubscribes (RFC 8058). */
  unsubscribe: (token: string) => `${publicUrl}/alerts/unsubscribe?token=${token}`,
});

/** A query's `token=` parameter, first or not. */
const TOKEN_PARAMETER = '\\?(?:[^#\\s"\\\\]*&)?token=';
const QUERY_VALUE = /[^&#\s"\\]+/;
/** An alert's token in an API path (`/api/alerts/<token>/...`). */
const API_TOKEN = '[A-Za-z0-9_-]{43}';

/**
 * A confirmation link as a secret (platform/http/secret-links.ts): out of the log, and of a sent e-mail's
 * stored copy, as only its hash is kept (as for pay links).
 */
export const ALERT_CONFIRMATION_LINK: SecretLink = {
  kind: 'job-alert confirmation link',
  patterns: [
    { before: new RegExp(`/alerts/confirm${TOKEN_PARAMETER}`), token: QUERY_VALUE },
    { before: /\/api\/alerts\//, token: new RegExp(`${API_TOKEN}(?=/confirm)`) },
  ],
  sentMail: {
    redact: true,
    resendRefusal:
      'This e-mail carried a job-alert confirmation link, which is not kept once sending fails: the reader can subscribe again from the board',
  },
};

/**
 * An alert's own links (manage, unsubscribe, and the API's paths of them) as secrets: out of the
 * log. A sent digest keeps them: `job_alerts.manage_token` holds the token itself, so the stored
 * copy gives nothing more away, and the admin's 'Resend' reads it to tell an alert since
 * unsubscribed (backoffice/emails.ts).
 */
export const ALERT_MANAGE_LINK: SecretLink = {
  kind: 'job-alert manage link',
  patterns: [
    { before: new RegExp(`/alerts/(?!confirm\\?)[a-z-]+${TOKEN_PARAMETER}`), token: QUERY_VALUE },
    { before: /\/api\/alerts\//, token: new RegExp(`${API_TOKEN}(?!/confirm)`) },
  ],
  sentMail: {
    redact: false,
    because: 'job_alerts.manage_token holds the token itself, and Resend reads it from the copy',
  },
};
