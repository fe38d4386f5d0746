import { createHash } from 'node:crypto';
import { emailKey } from '@jobboard/contract/common';
import { MAX_MEMBER_EMAIL_LENGTH, MEMBER_MESSAGES } from '@jobboard/contract/members';
import {
  base64url,
  createRemoteJWKSet,
  decodeJwt,
  decodeProtectedHeader,
  errors,
  type CryptoKey,
  type JWTPayload,
  type JWTVerifyGetKey,
} from 'jose';
import { Unauthorized, Unavailable } from '../platform/domain-errors';
import type { SecretLink } from '../platform/http/secret-links';

/** Who a verified Ghost identity token names, and what makes that token spent once used. */
export interface GhostIdentity {
  /** The member's e-mail address, as Ghost's identity token names them (`sub`). */
  email: string;
  /** SHA-256 of the whole token (Ghost's tokens carry no `jti`): remembered so it signs in once. */
  tokenHash: string;
  /** When the token stops being accepted anyway: how long its hash must be remembered. */
  expiresAt: Date;
}

/** Where a Ghost site publishes its members' public keys. */
export const jwksUrlOf = (ghostUrl: string) => `${ghostUrl}/members/.well-known/jwks.json`;
/** The issuer and audience of the site's member tokens. */
export const membersApiOf = (ghostUrl: string) => `${ghostUrl}/members/api`;

/** The only signature Ghost's member tokens carry (jsonwebtoken's RS512: RSASSA-PKCS1-v1_5, SHA-512). */
export const GHOST_TOKEN_ALGORITHM = 'RS512';

/**
 * The smallest RSA key accepted: Ghost 5 makes its members key with `keypair({bits: 1024})` and a
 * site keeps that key when it upgrades to Ghost 6 (docs/decisions/ghost-member-keys.md). jose's
 * own floor, 2048 bits, would refuse every member of such a site; anything under 1024 is refused.
 */
export const MIN_GHOST_KEY_BITS = 1024;

/** Clock skew allowed between Ghost's clock and ours for `iat` / `nbf` (not for `exp`). */
const CLOCK_SKEW_SECONDS = 60;

const EMAIL = /^[^\s@]+@[^\s@]+$/;

/**
 * Checks a Ghost member identity token (what `{GHOST_URL}/members/api/session` hands a signed-in
 * member): an RS512 JWT signed with one of the site's member keys, issued by and for the site's
 * members API, not expired. Anything else (another key, another site, `alg: none`, HS256 signed
 * with a guessed secret, any other algorithm) is refused.
 *
 * jose fetches and caches the site's key set: it fetches again when a token names a key it does
 * not know (a rotated key), at most once per cooldown (so a stream of made-up `kid`s cannot turn
 * us into a load generator against Ghost), and gives up on a slow key server after a timeout.
 * The signature itself is checked by Node's WebCrypto (`crypto.subtle.verify`) rather than by
 * jose's `jwtVerify`, only because jose refuses RSA keys under 2048 bits with no way to lower that
 * floor, and real Ghost sites sign with 1024 (see MIN_GHOST_KEY_BITS).
 */
export class GhostTokenVerifier {
  private readonly keys: JWTVerifyGetKey;
  private readonly membersApi: string;

  constructor(ghostUrl: string, timeoutMs: number) {
    this.keys = createRemoteJWKSet(new URL(jwksUrlOf(ghostUrl)), { timeoutDuration: timeoutMs });
    this.membersApi = membersApiOf(ghostUrl);
  }

  /** The member the token names (checked at `now`); throws Unauthorized (bad token) or Unavailable (key server). */
  async verify(token: string, now: Date): Promise<GhostIdentity> {
    const parts = token.split('.');
    if (parts.length !== 3) throw refused();
    const [encodedHeader, encodedPayload, encodedSignature] = parts as [string, string, string];

    let header: ReturnType<typeof decodeProtectedHeader>;
    let payload: JWTPayload;
    let signature: Uint8Array;
    try {
      header = decodeProtectedHeader(token);
      payload = decodeJwt(token);
      signature = base64url.decode(encodedSignature);
    } catch (error) {
      throw refused(error);
    }
    // One spelling of a signature only (issue 43, finding 5): the decoder also takes '=' padding
    // and spare low bits in the last character, and each such spelling of a spent token's
    // signature was a new token to the spent list.
    if (base64url.encode(signature) !== encodedSignature) throw refused();
    // Only RS512, named in the signed header; `crit` names extensions we do not implement.
    if (header.alg !== GHOST_TOKEN_ALGORITHM || header.crit !== undefined) throw refused();

    let key: CryptoKey;
    try {
      key = (await this.keys(
        { ...header, alg: GHOST_TOKEN_ALGORITHM },
        { payload: encodedPayload, signature: encodedSignature },
      )) as CryptoKey;
    } catch (error) {
      if (isKeyServerFailure(error)) {
        throw new Unavailable(MEMBER_MESSAGES.membershipUnavailable, { cause: error });
      }
      throw refused(error);
    }
    if (!isGhostKey(key)) throw refused();

    const signed = new TextEncoder().encode(`${encodedHeader}.${encodedPayload}`);
    const genuine = await crypto.subtle.verify(
      { name: 'RSASSA-PKCS1-v1_5' },
      key,
      signature,
      signed,
    );
    if (!genuine) throw refused();

    const expiresAt = this.checkClaims(payload, now);
    const email = typeof payload.sub === 'string' ? emailKey(payload.sub) : '';
    if (!EMAIL.test(email) || email.length > MAX_MEMBER_EMAIL_LENGTH) throw refused();
    // Spent by its signature's bytes, which no re-spelling of the text changes.
    return { email, tokenHash: createHash('sha256').update(signature).digest('hex'), expiresAt };
  }

  /** Issuer, audience and times of a token whose signature is good; its expiry when all hold. */
  private checkClaims(payload: JWTPayload, now: Date): Date {
    const seconds = now.getTime() / 1000;
    const audiences = typeof payload.aud === 'string' ? [payload.aud] : (payload.aud ?? []);
    if (payload.iss !== this.membersApi || !audiences.includes(this.membersApi)) throw refused();
    if (typeof payload.exp !== 'number' || payload.exp <= seconds) throw refused();
    if (payload.nbf !== undefined && !(Number(payload.nbf) <= seconds + CLOCK_SKEW_SECONDS)) {
      throw refused();
    }
    if (payload.iat !== undefined && !(Number(payload.iat) <= seconds + CLOCK_SKEW_SECONDS)) {
      throw refused();
    }
    return new Date(payload.exp * 1000);
  }
}

const refused = (cause?: unknown) =>
  new Unauthorized(MEMBER_MESSAGES.tokenRefused, cause === undefined ? undefined : { cause });

/** An RSA public key for RS512 (SHA-512) of at least MIN_GHOST_KEY_BITS, able to verify. */
function isGhostKey(key: CryptoKey): boolean {
  const algorithm = key.algorithm as {
    name: string;
    hash?: { name: string };
    modulusLength?: number;
  };
  return (
    key.type === 'public' &&
    algorithm.name === 'RSASSA-PKCS1-v1_5' &&
    algorithm.hash?.name === 'SHA-512' &&
    typeof algorithm.modulusLength === 'number' &&
    algorithm.modulusLength >= MIN_GHOST_KEY_BITS &&
    key.usages.includes('verify')
  );
}

/**
 * The key set could not be had (server down, slow, answering junk): not the token's fault, so
 * the visitor is told to try again rather than that their sign-in was refused.
 */
function isKeyServerFailure(error: unknown): boolean {
  if (error instanceof errors.JWKSTimeout || error instanceof errors.JWKSInvalid) return true;
  if (error instanceof errors.JOSEError) {
    // A non-200 answer from the key server comes as the generic error.
    return error.code === 'ERR_JOSE_GENERIC';
  }
  // fetch's own failure (connection refused, DNS): undici's TypeError.
  return error instanceof TypeError && error.message === 'fetch failed';
}

/**
 * Ghost's identity token as a secret (platform/http/secret-links.ts): the token in `/ghost-callback?token=`
 * (the page a member arrives at) and any JWT quoted elsewhere (a sign-in body in an error). A token
 * from a log would sign its member in until it expires, so none is ever written; Ghost sends its
 * own sign-in e-mails, but one of ours quoting a token would lose it too once sent.
 */
export const MEMBER_SIGN_IN_TOKEN: SecretLink = {
  kind: 'member sign-in token',
  patterns: [
    { before: /\/ghost-callback\?(?:[^#\s"\\]*&)?token=/, token: /[^&#\s"\\]+/ },
    { before: /(?:)/, token: /eyJ[\w-]*\.[\w-]+\.[\w-]+/, redactedAs: '[redacted-token]' },
  ],
  sentMail: {
    redact: true,
    resendRefusal:
      'This e-mail carried a member sign-in token, which is not kept once sending fails: the member signs in again through the site',
  },
};
