import { createHash, randomInt } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';

/**
 * Admin two-factor sign-in with a one-time code app (TOTP, RFC 6238, through otpauth): 6 digits,
 * a 30-second step, SHA-1 (what every authenticator app reads from a QR code), a code of the step
 * before or after accepted too (clocks drift). A code is accepted at most once: the caller keeps
 * the step it was accepted for and refuses that step and any before it.
 */
export const TOTP_SETTINGS = { digits: 6, period: 30, algorithm: 'SHA1', window: 1 } as const;

/** How long after the password the sign-in's code step may come. */
export const PENDING_SIGN_IN_MS = 10 * 60_000;

/** Recovery codes given at a time, and their form: 16 characters of a 32-letter alphabet (80 bits). */
export const RECOVERY_CODES = { count: 10, groups: 4, groupLength: 4 } as const;
/** 32 letters and digits without 0/O and 1/I: a code read off paper is typed back right. */
const RECOVERY_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A new secret (160 random bits, RFC 4226's recommendation), base32 as apps take it. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

function totp(secret: string, issuer: string, username: string): TOTP {
  return new TOTP({
    issuer,
    label: username,
    secret: Secret.fromBase32(secret),
    algorithm: TOTP_SETTINGS.algorithm,
    digits: TOTP_SETTINGS.digits,
    period: TOTP_SETTINGS.period,
  });
}

/** What enrolment shows: the secret as text, its otpauth:// address, and that address as a QR code (SVG). */
export async function enrolmentOf(
  secret: string,
  issuer: string,
  username: string,
): Promise<{ secret: string; otpauthUrl: string; qrSvg: string }> {
  const otpauthUrl = totp(secret, issuer, username).toString();
  const qrSvg = await QRCode.toString(otpauthUrl, { type: 'svg', errorCorrectionLevel: 'M' });
  return { secret, otpauthUrl, qrSvg };
}

/** A code as typed: spaces and dashes dropped ('123 456'). */
export const normaliseCode = (code: string) => code.replace(/[\s-]/g, '');

/**
 * The time step `code` is right for at `now` (the current step, or the one before or after), or
 * null when it is right for none of them. The caller refuses a step already used.
 */
export function totpStep(secret: string, code: string, now: number): number | null {
  const token = normaliseCode(code);
  if (!new RegExp(`^\\d{${TOTP_SETTINGS.digits}}$`).test(token)) return null;
  const delta = TOTP.validate({
    token,
    secret: Secret.fromBase32(secret),
    algorithm: TOTP_SETTINGS.algorithm,
    digits: TOTP_SETTINGS.digits,
    period: TOTP_SETTINGS.period,
    timestamp: now,
    window: TOTP_SETTINGS.window,
  });
  if (delta === null) return null;
  return TOTP.counter({ period: TOTP_SETTINGS.period, timestamp: now }) + delta;
}

/** The code of `secret` at `now` (the CLI's and the tests' side of an authenticator app). */
export function totpCode(secret: string, now: number): string {
  return TOTP.generate({
    secret: Secret.fromBase32(secret),
    algorithm: TOTP_SETTINGS.algorithm,
    digits: TOTP_SETTINGS.digits,
    period: TOTP_SETTINGS.period,
    timestamp: now,
  });
}

/** Ten new recovery codes, written 'ABCD-EFGH-JKMN-PQRS'. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODES.count }, () =>
    Array.from({ length: RECOVERY_CODES.groups }, () =>
      Array.from(
        { length: RECOVERY_CODES.groupLength },
        () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)],
      ).join(''),
    ).join('-'),
  );
}

/** A recovery code as stored: SHA-256 of its letters, upper-case, without dashes or spaces. */
export function recoveryCodeHash(code: string): string {
  return createHash('sha256').update(normaliseCode(code).toUpperCase()).digest('hex');
}

/** Whether what was typed looks like a recovery code rather than a one-time code. */
export const looksLikeRecoveryCode = (code: string) =>
  normaliseCode(code).length === RECOVERY_CODES.groups * RECOVERY_CODES.groupLength;
