import type { Knex } from 'knex';
import { hashPassword } from './passwords';

export interface AdminRow {
  id: number;
  username: string;
  password_hash: string;
}

export const normaliseUsername = (username: string) => username.trim().toLowerCase();

export async function findAdmin(db: Knex, username: string): Promise<AdminRow | undefined> {
  return db<AdminRow>('admins')
    .where({ username: normaliseUsername(username) })
    .first();
}

export async function countAdmins(db: Knex): Promise<number> {
  const [row] = await db('admins').count({ n: '*' });
  return Number(row?.n ?? 0);
}

/** Create the admin, or set a new password when the username exists. */
export async function saveAdmin(
  db: Knex,
  username: string,
  password: string,
  now: Date,
): Promise<'created' | 'updated'> {
  const name = normaliseUsername(username);
  const passwordHash = await hashPassword(password);
  const updated = await db('admins')
    .where({ username: name })
    .update({ password_hash: passwordHash, updated_at: now.getTime() });
  if (updated) return 'updated';
  await db('admins').insert({
    username: name,
    password_hash: passwordHash,
    created_at: now.getTime(),
    updated_at: now.getTime(),
  });
  return 'created';
}

export async function recordLogin(db: Knex, id: number, now: Date): Promise<void> {
  await db('admins').where({ id }).update({ last_login_at: now.getTime() });
}
