import { hash, verify, type Algorithm } from '@node-rs/argon2';

/** Algorithm.Argon2id (a const enum, which this build cannot import as a value). */
const ARGON2ID = 2 as Algorithm;

/**
 * argon2id with the OWASP / ASVS 4 (2.4.1) minimum: 19 MiB of memory, 2 passes, 1 lane. About
 * 30 ms per hash here: slow for an attacker with a stolen table, fine for a login.
 */
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

let dummy: Promise<string> | null = null;

/**
 * Whether the password matches. For an unknown user (no hash) a dummy hash is checked instead, so
 * the answer takes as long either way and does not reveal which usernames exist.
 */
export async function verifyPassword(
  passwordHash: string | undefined,
  password: string,
): Promise<boolean> {
  dummy ??= hashPassword('not-a-real-password-but-costs-the-same');
  const target = passwordHash ?? (await dummy);
  const matches = await verify(target, password).catch(() => false);
  return matches && passwordHash !== undefined;
}
