import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';

/**
 * The admins' two-factor secrets at rest (issue 43, finding 9): whoever reads the database or a
 * backup must not get the secrets that make every admin's codes. Each is encrypted with
 * AES-256-GCM under TOTP_ENCRYPTION_KEY, a key of its own (not SESSION_SECRET: rotating one must
 * not touch the other), and stored as
 *
 *   v1:<key id>:<base64url of the 12-byte nonce, the ciphertext and the 16-byte tag>
 *
 * The key id (8 hex digits of an HMAC of the key, so it tells nothing of the key) names the key a
 * value needs: after a rotation the old key, given in TOTP_ENCRYPTION_KEY_PREVIOUS, still opens
 * the values `jobboard admin reencrypt-2fa` has not encrypted again yet. The admin's id is the
 * associated data: a value copied onto another admin's row does not open.
 */
export const SEALED_PREFIX = 'v1:';

const NONCE_BYTES = 12;
const TAG_BYTES = 16;
/** A secret as otpauth writes it (base32): how a value stored before encryption looks. */
const CLEAR_SECRET = /^[A-Z2-7]+=*$/;

/** The id of `key` as stored values name it: 8 hex digits, the same for every process. */
export function totpKeyId(key: Buffer): string {
  return createHmac('sha256', key).update('jobboard TOTP key id').digest('hex').slice(0, 8);
}

/** Why a stored value cannot be opened, in the words the operator reads at start. */
export class UnreadableTotpSecret extends Error {
  constructor(
    readonly keyId: string | null,
    reason: string,
  ) {
    super(reason);
    this.name = 'UnreadableTotpSecret';
  }
}

export class TotpSecretCipher {
  readonly keyId: string;
  private readonly keys = new Map<string, Buffer[]>();

  constructor(keys: { key: Buffer; previous: readonly Buffer[] }) {
    this.keyId = totpKeyId(keys.key);
    for (const key of [keys.key, ...keys.previous]) {
      const id = totpKeyId(key);
      const known = this.keys.get(id) ?? [];
      // Two keys with one id (1 in 4 billion): each is tried.
      if (!known.some((other) => other.equals(key))) this.keys.set(id, [...known, key]);
    }
  }

  /** `secret` encrypted for admin `adminId` with the current key. */
  seal(secret: string, adminId: number): string {
    const [key] = this.keys.get(this.keyId)!;
    const nonce = randomBytes(NONCE_BYTES);
    const cipher = createCipheriv('aes-256-gcm', key!, nonce);
    cipher.setAAD(associatedData(adminId));
    const body = Buffer.concat([
      cipher.update(secret, 'utf8'),
      cipher.final(),
      cipher.getAuthTag(),
    ]);
    return `${SEALED_PREFIX}${this.keyId}:${Buffer.concat([nonce, body]).toString('base64url')}`;
  }

  /**
   * The secret in a stored value of admin `adminId`. A value from before encryption (base32, as
   * otpauth made it) is read as it is: the start encrypts those (the server, once its schema is
   * current), and until then the admin still signs in. Throws UnreadableTotpSecret otherwise.
   */
  open(stored: string, adminId: number): string {
    if (isClearTotpSecret(stored)) return stored;
    const [version, keyId, payload] = stored.split(':');
    if (`${version}:` !== SEALED_PREFIX || !keyId || payload === undefined) {
      throw new UnreadableTotpSecret(
        null,
        'it is neither encrypted as this release does nor clear',
      );
    }
    const keys = this.keys.get(keyId);
    if (!keys) throw new UnreadableTotpSecret(keyId, `it was encrypted with key ${keyId}`);
    const bytes = Buffer.from(payload, 'base64url');
    for (const key of keys) {
      const secret = tryOpen(key, bytes, adminId);
      if (secret !== null) return secret;
    }
    throw new UnreadableTotpSecret(
      keyId,
      `key ${keyId} does not open it (the value was changed, or belongs to another admin's row)`,
    );
  }

  /** Whether `stored` is encrypted with the current key already. */
  isCurrent(stored: string): boolean {
    return stored.startsWith(`${SEALED_PREFIX}${this.keyId}:`);
  }
}

/** A value stored before encryption: the secret itself. */
export const isClearTotpSecret = (stored: string) => CLEAR_SECRET.test(stored);

const associatedData = (adminId: number) => Buffer.from(`admins.totp:${adminId}`, 'utf8');

function tryOpen(key: Buffer, bytes: Buffer, adminId: number): string | null {
  if (bytes.length < NONCE_BYTES + TAG_BYTES) return null;
  const nonce = bytes.subarray(0, NONCE_BYTES);
  const tag = bytes.subarray(bytes.length - TAG_BYTES);
  const decipher = createDecipheriv('aes-256-gcm', key, nonce);
  decipher.setAAD(associatedData(adminId));
  decipher.setAuthTag(tag);
  try {
    const text = Buffer.concat([
      decipher.update(bytes.subarray(NONCE_BYTES, bytes.length - TAG_BYTES)),
      decipher.final(),
    ]);
    return text.toString('utf8');
  } catch {
    return null;
  }
}
