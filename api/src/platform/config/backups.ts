/**
 * Scheduled backups (backup/plugin.ts, issue 46): BACKUP_SCHEDULE says when, BACKUP_KEEP how many
 * backups DATA_DIR/backups keeps (the oldest beyond it are deleted after each scheduled backup).
 */
import type { Read } from './env';

/**
 * When a process takes the scheduled backup: each day at a time of day (UTC, `03:00`), or every
 * so often (`6h`, `90m`), counted from the last scheduled backup.
 */
export type BackupSchedule = { kind: 'daily'; minuteOfDay: number } | { kind: 'every'; ms: number };

export interface BackupConfig {
  /** null: no scheduled backups (the default; `jobboard backup` from cron instead). */
  schedule: BackupSchedule | null;
  /** How many backups DATA_DIR/backups keeps after a scheduled one. */
  keep: number;
}

/** A backup more often than this would mostly measure pg_dump: a typo (`6m` for `6h`) is caught. */
const SHORTEST_INTERVAL_MINUTES = 15;
const DEFAULT_KEEP = 7;
const MOST_KEPT = 1000;

/** `HH:MM` (UTC, 00:00 to 23:59), or a number of hours or minutes (`6h`, `90m`); `off` for none. */
export function parseBackupSchedule(raw: string): BackupSchedule | null {
  if (raw.toLowerCase() === 'off') return null;
  const daily = /^(\d{1,2}):(\d{2})$/.exec(raw);
  if (daily) {
    const hours = Number(daily[1]);
    const minutes = Number(daily[2]);
    if (hours <= 23 && minutes <= 59) return { kind: 'daily', minuteOfDay: hours * 60 + minutes };
  }
  const every = /^(\d+)(h|m)$/.exec(raw);
  if (every) {
    const minutes = Number(every[1]) * (every[2] === 'h' ? 60 : 1);
    if (minutes >= SHORTEST_INTERVAL_MINUTES) return { kind: 'every', ms: minutes * 60_000 };
  }
  throw new Error(
    `must be a time of day in UTC (03:00), an interval of at least ${SHORTEST_INTERVAL_MINUTES} minutes (6h, 90m), or off`,
  );
}

export function parseBackupKeep(raw: string): number {
  const n = Number(raw);
  if (!/^\d+$/.test(raw) || n < 1 || n > MOST_KEPT) {
    throw new Error(`must be a whole number from 1 to ${MOST_KEPT}`);
  }
  return n;
}

export function readBackups(read: Read): BackupConfig {
  return {
    schedule: read('BACKUP_SCHEDULE', parseBackupSchedule, null),
    keep: read('BACKUP_KEEP', parseBackupKeep, DEFAULT_KEEP),
  };
}
