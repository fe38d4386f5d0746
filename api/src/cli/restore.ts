/**
 * Replace the board's database with a backup (the same DATABASE_URL / SQLITE_FILE as the
 * server). Stop every server first, and start them again afterwards:
 *
 *   pnpm --filter @jobboard/api restore -- --from backups/board-2026-11-24.backup
 *
 * A relative path is taken from the folder the command was typed in.
 */
import { restoreDatabase } from '../backup/backup';
import { runCommand } from './command';

runCommand({ from: 'the backup file to restore' }, async ({ from }, config) => {
  await restoreDatabase(config.database, from);
  return `Restored ${from} into the ${config.database.client === 'sqlite' ? `SQLite database ${config.database.filename}` : 'PostgreSQL database'}.`;
});
