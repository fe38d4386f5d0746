import type { ApiKeyScope } from '@jobboard/contract/admin';
import type { Db } from '../platform/db/knex';

/** A row of `api_keys` (migrations/20261130020000_create_api_keys.ts). */
export interface ApiKeyRow {
  id: number;
  name: string;
  start: string;
  key_hash: string;
  /** JSON list of ApiKeyScope. */
  scopes: string;
  created_by: string;
  created_at: number | string;
  last_used_at: number | string | null;
  revoked_at: number | string | null;
}

/** The `api_keys` table: the only code that reads or writes it. */
export class ApiKeysRepository {
  async list(db: Db): Promise<ApiKeyRow[]> {
    return db<ApiKeyRow>('api_keys').orderBy('id', 'desc');
  }

  async findById(db: Db, id: number): Promise<ApiKeyRow | undefined> {
    return db<ApiKeyRow>('api_keys').where({ id }).first();
  }

  /** The key whose visible start this is (unique). */
  async findByStart(db: Db, start: string): Promise<ApiKeyRow | undefined> {
    return db<ApiKeyRow>('api_keys').where({ start }).first();
  }

  /** The names and starts of these keys, by id (the review card's). */
  async named(db: Db, ids: number[]): Promise<Pick<ApiKeyRow, 'id' | 'name' | 'start'>[]> {
    if (ids.length === 0) return [];
    return db<ApiKeyRow>('api_keys').whereIn('id', ids).select('id', 'name', 'start');
  }

  /** Store a new key; its id. */
  async insert(
    db: Db,
    key: { name: string; start: string; hash: string; scopes: ApiKeyScope[]; createdBy: string },
    now: Date,
  ): Promise<number> {
    const [row] = await db('api_keys')
      .insert({
        name: key.name,
        start: key.start,
        key_hash: key.hash,
        scopes: JSON.stringify(key.scopes),
        created_by: key.createdBy,
        created_at: now.getTime(),
      })
      .returning('id');
    return Number(typeof row === 'object' ? row.id : row);
  }

  /** Revoke a key not revoked yet; false when it was (or is gone). */
  async revoke(db: Db, id: number, now: Date): Promise<boolean> {
    return (
      (await db('api_keys')
        .where({ id })
        .whereNull('revoked_at')
        .update({ revoked_at: now.getTime() })) > 0
    );
  }

  /**
   * Record a use, unless one was recorded within `everyMs`: one conditional UPDATE, so a burst of
   * calls writes the row once (and two processes at the same moment, at most twice).
   */
  async touch(db: Db, id: number, now: Date, everyMs: number): Promise<void> {
    await db('api_keys')
      .where({ id })
      .andWhere((when) =>
        when.whereNull('last_used_at').orWhere('last_used_at', '<=', now.getTime() - everyMs),
      )
      .update({ last_used_at: now.getTime() });
  }
}
