import { Lease } from '../platform/db/lease';
import type { Db } from '../platform/db/knex';

/**
 * The backups on record (`backup_runs`, migrations/20261130030000): the only code that names its
 * tables. A row per scheduled backup that went through, written by the server (on SQLite it is
 * the one writer, so `jobboard backup` records nothing here); the schedule and the backup age read
 * it. A restore brings back the rows of its own time (a backup does not hold its own row).
 */
export interface BackupRecord {
  file: string;
  bytes: number;
  finishedAt: number;
  scheduled: boolean;
}

export async function recordBackup(db: Db, backup: BackupRecord): Promise<void> {
  await db('backup_runs').insert({
    file: backup.file,
    bytes: backup.bytes,
    finished_at: backup.finishedAt,
    scheduled: backup.scheduled,
  });
}

/** When the newest backup went through (epoch ms; null: none on record), scheduled ones only if asked. */
export async function lastBackupAt(
  db: Db,
  which: 'any' | 'scheduled' = 'any',
): Promise<number | null> {
  const query = db('backup_runs');
  if (which === 'scheduled') query.where({ scheduled: true });
  const row = (await query.max({ at: 'finished_at' }).first()) as
    { at: number | string | null } | undefined;
  return row?.at == null ? null : Number(row.at);
}

/** The scheduled backup's lease, the one row of `backup_lease`: one process takes it at a time. */
export const BACKUP_LEASE = new Lease({
  table: 'backup_lease',
  name: 'backup',
  columns: { acquiredAt: true, lastFinishedAt: true },
});
