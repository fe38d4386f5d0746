import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseConfig } from '../platform/config';
import type { BackupConfig, BackupSchedule } from '../platform/config/backups';
import type { Db } from '../platform/db/knex';
import { backupDatabase } from './backup';
import { BACKUP_LEASE, lastBackupAt, recordBackup } from './backup-repository';

const DAY_MS = 24 * 60 * 60_000;
/** Held for the whole backup (a large pg_dump takes a while); one that dies frees it after this. */
const BACKUP_LEASE_MS = 6 * 60 * 60_000;

/** A backup's file in DATA_DIR/backups: its time in the name, so that names sort by age. */
export const BACKUP_FILE = /^board-[0-9TZ-]+\.backup$/;

/** When a backup of DATA_DIR/backups was taken, from its name (null for a name of another form). */
export function backupTimeOf(name: string): number | null {
  const parts = /^board-(\d{4}-\d\d-\d\d)T(\d\d)-(\d\d)-(\d\d)-(\d{3})Z\.backup$/.exec(name);
  if (!parts) return null;
  const [, day, h, m, sec, ms] = parts;
  const at = Date.parse(`${day}T${h}:${m}:${sec}.${ms}Z`);
  return Number.isNaN(at) ? null : at;
}

/**
 * When the newest backup went through (epoch ms; null: none): the newest on record (the schedule
 * records each) or in DATA_DIR/backups by its name (`jobboard backup` writes there by default).
 */
export async function newestBackupAt(db: Db, dataDir: string): Promise<number | null> {
  const recorded = await lastBackupAt(db);
  const folder = path.join(dataDir, 'backups');
  const named = existsSync(folder)
    ? readdirSync(folder).flatMap((name) => backupTimeOf(name) ?? [])
    : [];
  const all = [...named, ...(recorded === null ? [] : [recorded])];
  return all.length ? Math.max(...all) : null;
}

export function backupFile(dataDir: string, at: Date): string {
  return path.join(dataDir, 'backups', `board-${at.toISOString().replace(/[:.]/g, '-')}.backup`);
}

/**
 * Whether the schedule asks for a backup at `now`: a daily one once the day's time (UTC) has come
 * and none was taken since it; an interval once that long has passed since the last scheduled one.
 * With none on record, at once (the first check after BACKUP_SCHEDULE is set).
 */
export function scheduledBackupDue(
  schedule: BackupSchedule,
  lastScheduled: number | null,
  now: number,
): boolean {
  if (lastScheduled === null) return true;
  if (schedule.kind === 'every') return now - lastScheduled >= schedule.ms;
  const todays = Math.floor(now / DAY_MS) * DAY_MS + schedule.minuteOfDay * 60_000;
  const latestSlot = now >= todays ? todays : todays - DAY_MS;
  return lastScheduled < latestSlot;
}

/** Deletes the oldest backups of `folder` beyond the newest `keep`; returns the names deleted. */
export function pruneBackups(folder: string, keep: number): string[] {
  const names = readdirSync(folder)
    .filter((name) => BACKUP_FILE.test(name))
    .sort();
  const old = names.slice(0, Math.max(0, names.length - keep));
  for (const name of old) rmSync(path.join(folder, name), { force: true });
  return old;
}

export type ScheduledBackupResult =
  | { ran: false; why: 'off' | 'not due' | 'another process' }
  | { ran: true; file: string; bytes: number; pruned: string[] };

/**
 * The scheduled backup, when due: under the lease (so that of several processes one takes it),
 * with the backup code of `jobboard backup`, into DATA_DIR/backups, recorded, then the oldest
 * beyond BACKUP_KEEP deleted.
 */
export async function runScheduledBackup(deps: {
  db: Db;
  database: DatabaseConfig;
  dataDir: string;
  backups: BackupConfig;
  now: () => Date;
  log: Pick<FastifyBaseLogger, 'info'>;
}): Promise<ScheduledBackupResult> {
  const { db, backups } = deps;
  if (!backups.schedule) return { ran: false, why: 'off' };
  const due = async () =>
    scheduledBackupDue(
      backups.schedule!,
      await lastBackupAt(db, 'scheduled'),
      deps.now().getTime(),
    );
  if (!(await due())) return { ran: false, why: 'not due' };
  const holder = randomUUID();
  if (!(await BACKUP_LEASE.tryAcquire(db, holder, deps.now().getTime(), BACKUP_LEASE_MS))) {
    return { ran: false, why: 'another process' };
  }
  let finishedAt: number | null = null;
  try {
    // Another process may have taken it between our look and the lease.
    if (!(await due())) return { ran: false, why: 'not due' };
    const file = backupFile(deps.dataDir, deps.now());
    await backupDatabase(deps.database, file);
    const { size: bytes } = statSync(file);
    finishedAt = deps.now().getTime();
    await recordBackup(db, { file, bytes, finishedAt, scheduled: true });
    const pruned = pruneBackups(path.dirname(file), backups.keep);
    deps.log.info({ file, bytes, pruned }, 'scheduled backup taken');
    return { ran: true, file, bytes, pruned };
  } finally {
    await BACKUP_LEASE.release(db, holder, finishedAt);
  }
}
