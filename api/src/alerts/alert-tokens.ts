import { createHash, randomBytes } from 'node:crypto';
import { ALERT_TOKEN_PATTERN } from '@jobboard/contract/alerts';

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

/** A confirmation link once its token is gone (admin 'Resend' refuses a message with one). */
export const REDACTED_ALERT_CONFIRM_PATH = '/alerts/confirm?token=[redacted]';

/**
 * Text with every confirmation link's token replaced: the outbox's copy of a sent message keeps
 * no working link (mail/outbox-sender.ts), as for pay links.
 */
export const redactAlertConfirmTokens = (text: string): string =>
  text.replace(/\/alerts\/confirm\?token=[^&#\s"\\]+/g, REDACTED_ALERT_CONFIRM_PATH);

/**
 * Text with every alert link's token replaced, in a URL of the API (`/api/alerts/<token>...`) or
 * of the board's pages (`/alerts/manage?token=...`): the request log keeps no working alert link.
 */
export const redactAlertTokens = (text: string): string =>
  text
    .replace(/\/api\/alerts\/[A-Za-z0-9_-]{43}/g, '/api/alerts/[redacted]')
    .replace(/(\/alerts\/[a-z]+\?(?:[^#\s"\\]*&)?token=)[^&#\s"\\]+/g, '$1[redacted]');
