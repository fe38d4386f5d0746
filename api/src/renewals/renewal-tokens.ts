import { randomBytes } from 'node:crypto';
import type { SecretLink } from '../platform/http/secret-links';

/** A new renewal link's token: 32 random bytes, base64url; only its hash is kept. */
export const newRenewalToken = (): string => randomBytes(32).toString('base64url');

/** A renewal link's address on the site. */
export const renewalUrl = (publicUrl: string, token: string) => `${publicUrl}/renew/${token}`;

/**
 * A renewal link as a secret (platform/http/secret-links.ts): `/renew/[redacted]/done?...` and
 * `/api/renewals/[redacted]/checkout` in the log, and a sent e-mail keeps none (the links are
 * stored only as hashes, renewals-service.ts).
 */
export const RENEWAL_LINK: SecretLink = {
  kind: 'renewal link',
  patterns: [{ before: /\/(?:renew|renewals)\//, token: /[^/?#\s"\\]+/ }],
  sentMail: {
    redact: true,
    resendRefusal:
      'This e-mail carried a renewal link, which is not kept once sending fails: the employer gets a new one from their listings page',
  },
};
