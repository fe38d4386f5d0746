import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { countAdmins, saveAdmin } from './admins-repository';

export type FirstAdmin =
  { created: false } | { created: true; username: string; generatedPassword: string | null };

/**
 * There is no built-in admin password. When the database has no admin: ADMIN_USERNAME and
 * ADMIN_PASSWORD create one; without them (the demo start) an 'admin' with a random password is
 * created and the password is shown once, by the caller.
 */
export async function ensureFirstAdmin(app: FastifyInstance): Promise<FirstAdmin> {
  if ((await countAdmins(app.db)) > 0) return { created: false };
  const configured = app.config.firstAdmin;
  const username = configured?.username ?? 'admin';
  const password = configured?.password ?? randomBytes(15).toString('base64url');
  await saveAdmin(app.db, username, password, app.now());
  return { created: true, username, generatedPassword: configured ? null : password };
}
