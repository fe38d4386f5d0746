/** The admins (platform/config.ts): their sessions' length, the first admin and two-factor sign-in. */
import { createHash } from 'node:crypto';
import {
  parseAdmin2fa,
  parseAdminPassword,
  parseEncryptionKey,
  parseEncryptionKeys,
  parsePositive,
  parseUsername,
  type Admin2fa,
} from '../config-values';
import type { Read } from './env';

/**
 * The key of the admins' two-factor secrets outside production when TOTP_ENCRYPTION_KEY is unset:
 * fixed, so a development database keeps working across restarts, and no secret at all (it is
 * written here). Production refuses to start without a key of its own (config/server.ts), and the
 * server says at start when this one is in use.
 */
const DEVELOPMENT_TOTP_KEY = createHash('sha256')
  .update('jobboard development TOTP encryption key: public, never for production')
  .digest();

/**
 * The keys of the admins' two-factor secrets (admins/totp-encryption.ts): `key` encrypts, and
 * decrypts with each of `previous` (a rotation: values encrypted with an older key stay readable
 * until `jobboard admin reencrypt-2fa` encrypts them again with `key`).
 */
export interface TotpEncryptionConfig {
  key: Buffer;
  previous: Buffer[];
  /** TOTP_ENCRYPTION_KEY was unset: the fixed development key, never in production. */
  developmentKey: boolean;
}

/** The admins' settings (Config's fields of the same names). */
export function readAdmins(read: Read, problems: string[]) {
  const session = {
    idleMinutes: read('SESSION_IDLE_MINUTES', parsePositive, 30),
    maxHours: read('SESSION_MAX_HOURS', parsePositive, 12),
  };
  const adminUsername = read('ADMIN_USERNAME', parseUsername, '');
  const adminPassword = read('ADMIN_PASSWORD', parseAdminPassword, '');
  if (
    Boolean(adminUsername) !== Boolean(adminPassword) &&
    !problems.some((p) => p.startsWith('ADMIN_'))
  ) {
    problems.push('ADMIN_USERNAME and ADMIN_PASSWORD must be set together (or neither)');
  }
  const firstAdmin =
    adminUsername && adminPassword ? { username: adminUsername, password: adminPassword } : null;
  const admin2fa = read('ADMIN_2FA', parseAdmin2fa, 'optional' as Admin2fa);
  const key = read('TOTP_ENCRYPTION_KEY', parseEncryptionKey, null);
  const totpEncryption: TotpEncryptionConfig = {
    key: key ?? DEVELOPMENT_TOTP_KEY,
    previous: read('TOTP_ENCRYPTION_KEY_PREVIOUS', parseEncryptionKeys, []),
    developmentKey: key === null,
  };
  return { session, firstAdmin, admin2fa, totpEncryption };
}
