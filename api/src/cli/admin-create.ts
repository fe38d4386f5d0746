/**
 * Create an admin, or set a new password for one:
 *
 *   pnpm --filter @jobboard/api admin:create -- --username alice            (asks for the password)
 *   echo "$PASSWORD" | pnpm --filter @jobboard/api admin:create -- --username alice --password-stdin
 *
 * Uses the same database settings as the server (DATABASE_URL / SQLITE_FILE). Setting a new
 * password signs that admin out everywhere.
 */
import { createInterface } from 'node:readline/promises';
import { parseArgs } from 'node:util';
import { MIN_ADMIN_PASSWORD_LENGTH } from '@jobboard/contract/common';
import { AdminsRepository } from '../admins/admins-repository';
import { ConfigError, loadConfig } from '../config';
import { createKnex } from '../db/knex';
import { migrateLatest } from '../db/migrate';

async function readPassword(fromStdin: boolean): Promise<string> {
  if (fromStdin) {
    let input = '';
    for await (const chunk of process.stdin) input += chunk;
    return input.replace(/\r?\n$/, '');
  }
  const prompt = createInterface({ input: process.stdin, output: process.stdout, terminal: true });
  try {
    return await prompt.question(`Password (at least ${MIN_ADMIN_PASSWORD_LENGTH} characters): `);
  } finally {
    prompt.close();
  }
}

async function main() {
  const { values } = parseArgs({
    // `pnpm run x -- --flag` passes the `--` on: drop it.
    args: process.argv.slice(2).filter((arg) => arg !== '--'),
    options: {
      username: { type: 'string' },
      'password-stdin': { type: 'boolean', default: false },
    },
  });
  const username = values.username?.trim();
  if (!username || !/^[a-zA-Z0-9._@-]{3,100}$/.test(username)) {
    throw new Error('Give --username: 3 to 100 letters, digits or . _ @ -');
  }
  const password = await readPassword(values['password-stdin'] ?? false);
  if (password.length < MIN_ADMIN_PASSWORD_LENGTH) {
    throw new Error(`The password must be at least ${MIN_ADMIN_PASSWORD_LENGTH} characters.`);
  }
  const db = createKnex(loadConfig().database);
  try {
    await migrateLatest(db);
    const outcome = await new AdminsRepository(db).save(username, password, new Date());
    console.log(
      outcome === 'created'
        ? `Admin ${username} created.`
        : `Password of ${username} updated; every session of ${username} has been signed out.`,
    );
  } finally {
    await db.destroy();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError || error instanceof Error ? error.message : error);
  process.exit(1);
});
