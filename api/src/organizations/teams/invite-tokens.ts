import { createHash, randomBytes } from 'node:crypto';
import type { SecretLink } from '../../platform/http/secret-links';

/** A new invitation token: 32 random bytes, base64url (43 characters, as a sign-in link's). */
export const newInviteToken = (): string => randomBytes(32).toString('base64url');

/** Only this hash of an invitation's token is stored (hex SHA-256, as for sign-in links). */
export const hashInviteToken = (token: string): string =>
  createHash('sha256').update(token).digest('hex');

/**
 * The invitation's one-press page: the employers' sign-in page, whose button POSTs the token to
 * the same sign-in (POST /api/employer/session takes either kind).
 */
export const inviteUrl = (publicUrl: string, token: string): string =>
  `${publicUrl}/employer/sign-in?invite=${token}`;

/**
 * An invitation link as a secret (platform/http/secret-links.ts): out of the log and of a sent
 * e-mail's stored copy (only its hash is kept).
 */
export const ORGANIZATION_INVITE_LINK: SecretLink = {
  kind: 'organisation invitation link',
  patterns: [{ before: /\/employer\/sign-in\?(?:[^#\s"\\]*&)?invite=/, token: /[^&#\s"\\]+/ }],
  sentMail: {
    redact: true,
    resendRefusal:
      'This e-mail carried an invitation to an organisation, which is not kept once sending fails: its owner can invite the address again from /employer',
  },
};
