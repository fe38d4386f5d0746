import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { API_KEY_PREFIX } from '@jobboard/contract/admin';

/** The random part's characters kept as the key's visible start (after the prefix). */
const START_LENGTH = 8;

/**
 * A key as an integrator holds it: the prefix and 32 random bytes in base64url (43 characters),
 * `jb_live_` + 43: 51 characters. 256 bits cannot be guessed, so the stored SHA-256 of it needs
 * no slow hash (a password's 30 or so bits do).
 */
const KEY = new RegExp(`^${API_KEY_PREFIX}[A-Za-z0-9_-]{43}$`);

export interface NewKey {
  /** The whole key, shown to the admin once. */
  key: string;
  /** What is stored and listed: its prefix and first characters. */
  start: string;
  /** What is stored to recognise it. */
  hash: string;
}

/** A new random key. */
export function newKey(): NewKey {
  const key = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  return { key, start: startOf(key), hash: keyHash(key) };
}

/** The key's visible start, by which its row is found; undefined for text that is no key. */
export function keyStart(text: string): string | undefined {
  return KEY.test(text) ? startOf(text) : undefined;
}

const startOf = (key: string) => key.slice(0, API_KEY_PREFIX.length + START_LENGTH);

export function keyHash(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

/** Whether `key` is the one stored as `storedHash`, compared in constant time. */
export function keyMatches(key: string, storedHash: string): boolean {
  const given = Buffer.from(keyHash(key), 'hex');
  const stored = Buffer.from(storedHash, 'hex');
  return given.length === stored.length && timingSafeEqual(given, stored);
}
