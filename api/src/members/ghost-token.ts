import { MAX_MEMBER_EMAIL_LENGTH, MEMBER_MESSAGES } from '@jobboard/contract';
import { createRemoteJWKSet, errors, jwtVerify, type JWTVerifyGetKey } from 'jose';
import { Unauthorized, Unavailable } from '../domain-errors';

/** Who a verified Ghost identity token names. */
export interface GhostIdentity {
  /** The member's e-mail address, as Ghost's identity token names them (`sub`). */
  email: string;
}

/** Where a Ghost site publishes its members' public keys. */
export const jwksUrlOf = (ghostUrl: string) => `${ghostUrl}/members/.well-known/jwks.json`;
/** The issuer and audience of the site's member tokens. */
export const membersApiOf = (ghostUrl: string) => `${ghostUrl}/members/api`;

const EMAIL = /^[^\s@]+@[^\s@]+$/;

/**
 * Checks a Ghost member identity token (what `{GHOST_URL}/members/api/session` hands a signed-in
 * member): an RS512 JWT signed with one of the site's member keys, issued by and for the site's
 * members API, not expired. Anything else (another key, another site, `alg: none`, HS256 signed
 * with a guessed secret) is refused.
 *
 * jose does the cryptography and the key set: it is small, audited and has no dependencies, and
 * its remote key set caches the keys, fetches them again when a token names a key it does not
 * know (a rotated key), at most once per cooldown (so a stream of made-up `kid`s cannot turn us
 * into a load generator against Ghost), and gives up on a slow key server after a timeout.
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
    let payload: { sub?: unknown };
    try {
      ({ payload } = await jwtVerify(token, this.keys, {
        algorithms: ['RS512'],
        issuer: this.membersApi,
        audience: this.membersApi,
        requiredClaims: ['exp', 'sub'],
        // The app's clock, like every other expiry it checks.
        currentDate: now,
      }));
    } catch (error) {
      if (isKeyServerFailure(error)) {
        throw new Unavailable(MEMBER_MESSAGES.membershipUnavailable, { cause: error });
      }
      throw new Unauthorized(MEMBER_MESSAGES.tokenRefused, { cause: error });
    }
    const email = typeof payload.sub === 'string' ? payload.sub.trim().toLowerCase() : '';
    if (!EMAIL.test(email) || email.length > MAX_MEMBER_EMAIL_LENGTH) {
      throw new Unauthorized(MEMBER_MESSAGES.tokenRefused);
    }
    return { email };
  }
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
