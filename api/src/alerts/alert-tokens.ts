import { createHash, randomBytes } from 'node:crypto';
import { ALERT_TOKEN_PATTERN } from '@jobboard/contract/alerts';
import type { SecretLink } from '../platform/http/secret-links';

/** A new token: 32 random bytes, base64url (43 characters): nobody can guess one. */
export const newAlertToken = (): string => randomBytes(32).toString('base64url');

/**
 * Only this hash of an alert's token is stored (hex SHA-256, as for pay links): a confirmation
 * link's, each manage and unsubscribe link's (job_alert_links) and each data link's
 * (alert_data_links), so a copy of the database holds no working link. A fast hash is enough for
 * 256 random bits. migrations/20261129131000_hash_alert_links.ts hashed the tokens stored before.
 */
export const hashAlertToken = (token: string): string =>
  createHash('sha256').update(token).digest('hex');

/** Whether the text can be an alert token at all (anything else names no alert). */
export const isAlertToken = (token: string): boolean => ALERT_TOKEN_PATTERN.test(token);

/**
 * How long an alert's manage and unsubscribe links work after the e-mail that carried them
 * (while the alert exists). Each e-mail carries links of its own, so the newest e-mail's always
 * work; this bounds how many an alert keeps (one per e-mail), well past the 30 days a reader must
 * be able to unsubscribe from a message (CAN-SPAM).
 */
export const ALERT_LINK_DAYS = 180;

/** The board's pages of an alert's links (mfe-board's AlertsPage), each with its token. */
export const alertUrls = (publicUrl: string) => ({
  confirm: (token: string) => `${publicUrl}/alerts/confirm?token=${token}`,
  /** An address's data (its alerts and applications): download or delete it, once. */
  data: (token: string) => `${publicUrl}/alerts/data?token=${token}`,
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
 * log, and of a sent e-mail's stored copy and headers (only their hash is kept: a copy of the
 * database is no set of working links). A given-up digest is therefore not sent again: the
 * alert's next digest carries fresh links.
 */
export const ALERT_MANAGE_LINK: SecretLink = {
  kind: 'job-alert manage link',
  patterns: [
    {
      before: new RegExp(`/alerts/(?!confirm\\?|data\\?)[a-z-]+${TOKEN_PARAMETER}`),
      token: QUERY_VALUE,
    },
    { before: /\/api\/alerts\//, token: new RegExp(`${API_TOKEN}(?!/confirm)`) },
  ],
  sentMail: {
    redact: true,
    resendRefusal:
      "This e-mail carried a job alert's unsubscribe and manage links, which are not kept once sending fails: the alert's next e-mail carries new ones",
  },
};

/**
 * A data link (download or delete everything the board keeps about an address) as a secret: out
 * of the log and of a sent e-mail's stored copy (only its hash is kept).
 */
export const ALERT_DATA_LINK: SecretLink = {
  kind: 'data link',
  patterns: [
    { before: new RegExp(`/alerts/data${TOKEN_PARAMETER}`), token: QUERY_VALUE },
    { before: /\/api\/alerts\/data\//, token: new RegExp(API_TOKEN) },
  ],
  sentMail: {
    redact: true,
    resendRefusal:
      'This e-mail carried a link to download or delete data, which is not kept once sending fails: the reader can ask for a new one',
  },
};
