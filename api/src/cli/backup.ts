/**
 * Back up the board's database while the server runs (the same DATABASE_URL / SQLITE_FILE as the
 * server):
 *
 *   pnpm --filter @jobboard/api backup -- --to backups/board-2026-11-24.backup
 *
 * A relative path is taken from the folder the command was typed in.
 */
import { backupDatabase } from '../backup/backup';
import { runCommand } from './command';

runCommand({ to: 'the backup file to write' }, async ({ to }, config) => {
  await backupDatabase(config.database, to);
  return `Backed up the ${config.database.client === 'sqlite' ? 'SQLite' : 'PostgreSQL'} database to ${to}.`;
});
