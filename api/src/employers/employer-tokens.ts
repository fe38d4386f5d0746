import { createHash, randomBytes } from 'node:crypto';
import { EMPLOYER_TOKEN_PATTERN } from '@jobboard/contract/employer';

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

/** A sign-in link once its token is gone. */
export const REDACTED_EMPLOYER_SIGN_IN_PATH = '/employer/sign-in?token=[redacted]';

/**
 * Text with every sign-in link's token replaced: the outbox's copy of a sent message and the
 * request log keep no working sign-in link.
 */
export const redactEmployerTokens = (text: string): string =>
  text.replace(/\/employer\/sign-in\?token=[^&#\s"\\]+/g, REDACTED_EMPLOYER_SIGN_IN_PATH);
