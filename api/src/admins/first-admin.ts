import { randomBytes } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../platform/config';
import { IN_RELEASE_BUNDLE } from '../platform/layout';

export type FirstAdmin =
  { created: false } | { created: true; username: string; generatedPassword: string | null };

/**
 * There is no built-in admin password. When the database has no admin: ADMIN_USERNAME and
 * ADMIN_PASSWORD create one; without them (the demo start) an 'admin' with a random password is
 * created and the password is handed over once, by `firstAdminPasswordNotice`.
 */
export async function ensureFirstAdmin(app: FastifyInstance): Promise<FirstAdmin> {
  if ((await app.admins.count()) > 0) return { created: false };
  const configured = app.config.firstAdmin;
  const username = configured?.username ?? 'admin';
  const password = configured?.password ?? randomBytes(15).toString('base64url');
  await app.admins.save(username, password, app.now());
  return { created: true, username, generatedPassword: configured ? null : password };
}

/** The command that sets an admin's password, as the operator runs it (bundle or checkout). */
export function adminCreateCommand(username: string, inBundle = IN_RELEASE_BUNDLE): string {
  return inBundle
    ? `jobboard admin create --username ${username}`
    : `pnpm --filter @jobboard/api admin:create -- --username ${username}`;
}

/** The file the generated password goes to when it cannot be shown on a terminal. */
export const PASSWORD_FILE_NAME = 'first-admin-password.txt';

/** Where the server keeps its own files: DATA_DIR (`./data` by default). */
export function dataDirOf(config: Pick<Config, 'dataDir'>): string {
  return config.dataDir;
}

/**
 * How the start-up banner hands over a generated first-admin password, never through the logs: on
 * a terminal (someone is watching) it is shown once; otherwise (stdout goes to a log collector,
 * a container log, a file) it is written to `<data dir>/first-admin-password.txt`, readable by
 * the server's user only, and the banner says where it is.
 */
export function firstAdminPasswordNotice(
  firstAdmin: FirstAdmin,
  where: { interactive: boolean; dataDir: string },
): string[] {
  if (!firstAdmin.created) {
    return [`forgot the password? ${adminCreateCommand('<name>')}`];
  }
  const { username, generatedPassword } = firstAdmin;
  if (!generatedPassword) return [`user ${username}, password from ADMIN_PASSWORD`];
  if (where.interactive) {
    // Shown once: only its hash is stored. `jobboard admin create` resets it.
    return [`user ${username}, password ${generatedPassword}  (shown once: note it now)`];
  }
  const file = path.join(where.dataDir, PASSWORD_FILE_NAME);
  try {
    writeOwnerOnly(file, `username: ${username}\npassword: ${generatedPassword}\n`);
  } catch (error) {
    return [
      `user ${username}; its password could not be written to ${file} (${(error as NodeJS.ErrnoException).code ?? 'error'}).`,
      `Set one: ${adminCreateCommand(username)}`,
    ];
  }
  return [
    `user ${username}; the generated password is in ${file}`,
    '(readable by this user only: note it, then delete the file)',
  ];
}

/**
 * A new file only its owner can read (0600), in a folder only its owner can enter when we make
 * it. Any older file is removed first and the new one is created exclusively, so the content
 * never lands in a file someone else made (or linked) there.
 */
function writeOwnerOnly(file: string, content: string): void {
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  rmSync(file, { force: true });
  writeFileSync(file, content, { mode: 0o600, flag: 'wx' });
}
