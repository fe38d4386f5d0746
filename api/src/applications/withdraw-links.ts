import { createHash, randomBytes } from 'node:crypto';
import type { SecretLink } from '../platform/http/secret-links';

/** A withdrawal token: 32 random bytes, base64url (43 characters). */
export const newWithdrawToken = (): string => randomBytes(32).toString('base64url');

/** Only its SHA-256 is stored: a copy of the database withdraws nothing. */
export const hashWithdrawToken = (token: string): string =>
  createHash('sha256').update(token).digest('hex');

/** Whether the text can be a withdrawal token at all. */
export const isWithdrawToken = (token: string): boolean => /^[A-Za-z0-9_-]{43}$/.test(token);

/** The applicant's page for withdrawing (a page with a button: a mail scanner's GET changes nothing). */
export const withdrawUrl = (publicUrl: string, token: string): string =>
  `${publicUrl}/applications/withdraw?token=${token}`;

/**
 * The withdrawal link as a secret: out of the log, and out of the confirmation's stored copy (only
 * its hash is kept, so a failed confirmation cannot be resent with it).
 */
export const APPLICATION_WITHDRAW_LINK: SecretLink = {
  kind: 'application withdrawal link',
  patterns: [{ before: /\/applications\/withdraw\?(?:[^#\s"\\]*&)?token=/, token: /[^&#\s"\\]+/ }],
  sentMail: {
    redact: true,
    resendRefusal:
      'This e-mail carried an application withdrawal link, which is not kept once sending fails.',
  },
};
