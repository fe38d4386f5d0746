import type { Knex } from 'knex';
import { endSessionsOf } from './session-store';
import { hashPassword } from './passwords';

export interface AdminRow {
  id: number;
  username: string;
  password_hash: string;
}

export const normaliseUsername = (username: string) => username.trim().toLowerCase();

/**
 * The `admins` table: the only code that reads or writes it (their sessions are the session
 * store's: session-store.ts). Built on a Knex of its own so the CLI can use it without the app.
 */
export class AdminsRepository {
  constructor(private readonly db: Knex) {}

  async find(username: string): Promise<AdminRow | undefined> {
    return this.db<AdminRow>('admins')
      .where({ username: normaliseUsername(username) })
      .first();
  }

  async count(): Promise<number> {
    const [row] = await this.db('admins').count({ n: '*' });
    return Number(row?.n ?? 0);
  }

  /**
   * Create the admin, or set a new password when the username exists. A new password ends every
   * session of that admin (signed in anywhere, with the old password or not) in the same
   * transaction, and sign-ins from before it stop counting (`password_changed_at`).
   */
  async save(username: string, password: string, now: Date): Promise<'created' | 'updated'> {
    const name = normaliseUsername(username);
    const passwordHash = await hashPassword(password);
    const changed = { password_hash: passwordHash, password_changed_at: now.getTime() };
    return this.db.transaction(async (trx) => {
      const existing = await trx<AdminRow>('admins').where({ username: name }).first('id');
      if (existing) {
        await trx('admins')
          .where({ id: existing.id })
          .update({ ...changed, updated_at: now.getTime() });
        await endSessionsOf(trx, existing.id);
        return 'updated';
      }
      await trx('admins').insert({
        username: name,
        ...changed,
        created_at: now.getTime(),
        updated_at: now.getTime(),
      });
      return 'created';
    });
  }

  /** The admin a session names, if it still exists, and when its password last changed. */
  async forSession(
    id: number,
  ): Promise<{ id: number; password_changed_at: number | null } | undefined> {
    const row = await this.db('admins').where({ id }).first('id', 'password_changed_at');
    return row
      ? {
          id: Number(row.id),
          password_changed_at:
            row.password_changed_at == null ? null : Number(row.password_changed_at),
        }
      : undefined;
  }

  async recordLogin(id: number, now: Date): Promise<void> {
    await this.db('admins').where({ id }).update({ last_login_at: now.getTime() });
  }
}
