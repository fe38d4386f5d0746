import { createHash, randomBytes } from 'node:crypto';
import { EMPLOYER_TOKEN_PATTERN } from '@jobboard/contract/employer';
import type { SecretLink } from '../platform/http/secret-links';

/** A new sign-in token: 32 random bytes, base64url (43 characters). */
export const newEmployerToken = (): string => randomBytes(32).toString('base64url');

/**
 * Only this hash of a sign-in token is stored (hex SHA-256, as for pay links and alert links): a
 * copy of the database holds no working sign-in link. A fast hash is enough for 256 random bits.
 */
export const hashEmployerToken = (token: string): string =>
  createHash('sha256').update(token).digest('hex');

/** Whether the text can be a sign-in token at all (anything else names no link). */
export const isEmployerToken = (token: string): boolean => EMPLOYER_TOKEN_PATTERN.test(token);

/** The employer's pages: their start page (every e-mail links it) and a sign-in link's page. */
export const employerUrls = (publicUrl: string) => ({
  start: `${publicUrl}/employer`,
  signIn: (token: string) => `${publicUrl}/employer/sign-in?token=${token}`,
});

/**
 * A sign-in link as a secret (platform/http/secret-links.ts): out of the log and of a sent e-mail's stored
 * copy (only its hash is kept).
 */
export const EMPLOYER_SIGN_IN_LINK: SecretLink = {
  kind: 'employer sign-in link',
  patterns: [{ before: /\/employer\/sign-in\?(?:[^#\s"\\]*&)?token=/, token: /[^&#\s"\\]+/ }],
  sentMail: {
    redact: true,
    resendRefusal:
      'This e-mail carried an employer sign-in link, which is not kept once sending fails: the employer can ask for a new one at /employer',
  },
};
