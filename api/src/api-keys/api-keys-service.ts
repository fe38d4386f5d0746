import {
  API_KEY_MESSAGES,
  API_KEY_SCOPES,
  type ApiKey,
  type ApiKeyInput,
  type ApiKeyScope,
  type CreatedApiKey,
  type SubmittingApiKey,
} from '@jobboard/contract/admin';
import { isoDate } from '@jobboard/contract/common';
import type { Knex } from 'knex';
import type { Db } from '../platform/db/knex';
import { Conflict, NotFound, Unauthorized } from '../platform/domain-errors';
import { keyMatches, keyStart, newKey } from './api-key-format';
import type { ApiKeyRow, ApiKeysRepository } from './api-keys-repository';

/** A key a call was authenticated with. */
export interface AuthenticatedKey {
  id: number;
  name: string;
  scopes: ApiKeyScope[];
}

/** A key's last use is recorded at most this often: a busy integrator does not write every call. */
export const LAST_USED_EVERY_MS = 60_000;

/** Tries of a new key whose start is taken already (one in 2^48: a second try never fails). */
const NEW_KEY_TRIES = 3;

/**
 * API keys (issue 46): the admins make, list and revoke them; a call to /api/v1 is authenticated
 * by one (integrator-area.ts). Only a key's SHA-256 is kept: the key itself is in the answer to
 * its creation and nowhere else.
 */
export class ApiKeysService {
  constructor(
    private readonly db: Knex,
    private readonly keys: ApiKeysRepository,
  ) {}

  async list(): Promise<ApiKey[]> {
    return (await this.keys.list(this.db)).map(toApiKey);
  }

  /** A new key with its name and scopes; the key itself is answered this once. */
  async create(input: ApiKeyInput, createdBy: string, now: Date): Promise<CreatedApiKey> {
    for (let attempt = 1; ; attempt += 1) {
      const made = newKey();
      if ((await this.keys.findByStart(this.db, made.start)) && attempt < NEW_KEY_TRIES) continue;
      const id = await this.keys.insert(
        this.db,
        {
          name: input.name.trim(),
          start: made.start,
          hash: made.hash,
          scopes: API_KEY_SCOPES.filter((scope) => input.scopes.includes(scope)),
          createdBy,
        },
        now,
      );
      const row = await this.keys.findById(this.db, id);
      return { key: made.key, apiKey: toApiKey(row!) };
    }
  }

  /** Revoke a key: every call with it is refused from now on. */
  async revoke(id: number, now: Date): Promise<ApiKey> {
    const row = await this.keys.findById(this.db, id);
    if (!row) throw new NotFound(API_KEY_MESSAGES.notFound);
    if (row.revoked_at !== null) throw new Conflict(API_KEY_MESSAGES.alreadyRevoked);
    await this.keys.revoke(this.db, id, now);
    return toApiKey((await this.keys.findById(this.db, id))!);
  }

  /**
   * The key of a call (Unauthorized, with the message to answer, for text that is no key of this
   * board, or a revoked one). Found by its visible start, then its hash compared in constant
   * time; its use recorded at most once a minute.
   */
  async authenticate(key: string, now: Date): Promise<AuthenticatedKey> {
    const start = keyStart(key);
    const row = start === undefined ? undefined : await this.keys.findByStart(this.db, start);
    if (!row || !keyMatches(key, row.key_hash)) throw new Unauthorized(API_KEY_MESSAGES.unknown);
    if (row.revoked_at !== null) {
      throw new Unauthorized(API_KEY_MESSAGES.revoked(isoDate(Number(row.revoked_at))));
    }
    await this.keys.touch(this.db, row.id, now, LAST_USED_EVERY_MS);
    return { id: row.id, name: row.name, scopes: scopesOf(row) };
  }

  /**
   * The keys that submitted these submissions, by key id, as the review card names them; `db`:
   * the transaction the card is read in (SQLite has one writer connection).
   */
  async submitters(ids: number[], db: Db = this.db): Promise<Map<number, SubmittingApiKey>> {
    const rows = await this.keys.named(db, [...new Set(ids)]);
    return new Map(rows.map((row) => [row.id, { name: row.name, start: row.start }]));
  }
}

const iso = (ms: number | string | null) =>
  ms === null ? null : new Date(Number(ms)).toISOString();

function scopesOf(row: ApiKeyRow): ApiKeyScope[] {
  const stored: unknown = JSON.parse(row.scopes);
  return API_KEY_SCOPES.filter((scope) => Array.isArray(stored) && stored.includes(scope));
}

function toApiKey(row: ApiKeyRow): ApiKey {
  return {
    id: String(row.id),
    name: row.name,
    start: row.start,
    scopes: scopesOf(row),
    createdBy: row.created_by,
    createdAt: iso(row.created_at)!,
    lastUsedAt: iso(row.last_used_at),
    revokedAt: iso(row.revoked_at),
  };
}
