import { createHash, randomBytes } from 'node:crypto';
import { CHECK_IN_TOKEN_PATTERN, type CheckInAnswer } from '@jobboard/contract/employer';
import type { SecretLink } from '../platform/http/secret-links';

/** A new check-in's token: 32 random bytes, base64url (43 characters); only its hash is kept. */
export const newCheckInToken = (): string => randomBytes(32).toString('base64url');

/** The stored form of a token: hex SHA-256, as the sign-in links' (256 random bits need no more). */
export const hashCheckInToken = (token: string): string =>
  createHash('sha256').update(token).digest('hex');

/** Whether the text can be a check-in token at all (anything else names no check-in). */
export const isCheckInToken = (token: string): boolean => CHECK_IN_TOKEN_PATTERN.test(token);

/**
 * A check-in's page for an answer, on the employer's pages (mfe-submit): the answer first, so the
 * token ends the address as the secret link's pattern expects.
 */
export const checkInUrl = (publicUrl: string, token: string, answer: CheckInAnswer): string =>
  `${publicUrl}/employer/still-hiring?answer=${answer}&token=${token}`;

/**
 * A check-in link as a secret (platform/http/secret-links.ts): its token taken out of the log (the
 * page's address and the API's) and of a sent e-mail's stored copy (only its hash is kept, so a
 * lost e-mail cannot be sent again with a working link).
 */
export const CHECK_IN_LINK: SecretLink = {
  kind: 'still-hiring check-in link',
  patterns: [
    { before: /\/employer\/still-hiring\?(?:[^#\s"\\]*&)?token=/, token: /[^&#\s"\\]+/ },
    { before: /\/api\/check-ins\//, token: /[^/?#\s"\\]+/ },
  ],
  sentMail: {
    redact: true,
    resendRefusal:
      'This e-mail carried still-hiring check-in links, which are not kept once sending fails: the employer can mark the listing filled from their listings page, and the next check-in carries new links',
  },
};
