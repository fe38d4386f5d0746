import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { restoreDatabase } from '../../src/backup';
import { BACKUP_LEASE } from '../../src/backup/backup-repository';
import { parseBackupSchedule } from '../../src/platform/config/backups';
import { ConfigError, loadConfig } from '../../src/platform/config';
import { createJobs } from '../support/jobs';
import { buildTestApp, freshDatabase, testDatabase, type TestApp } from '../support/test-app';

/**
 * Scheduled backups (issue 46, backup/scheduled-backup.ts): BACKUP_SCHEDULE's time of day (UTC)
 * takes one backup a day under the lease, with the code of `jobboard backup`, into
 * DATA_DIR/backups; BACKUP_KEEP prunes the oldest; and the restore drill: the scheduled backup
 * restored into a fresh database has the board's data.
 */

let t: TestApp;
let dataDir: string;
const disposals: (() => Promise<void>)[] = [];
beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'jobboard-scheduled-backup-'));
  // The loop stays off (no BACKUP_SCHEDULE here): the test takes each look itself, on its clock.
  t = await buildTestApp({
    env: { DATA_DIR: dataDir, BACKUP_KEEP: '2' },
    now: new Date('2026-11-22T02:00:00Z'),
  });
  t.config.backups.schedule = parseBackupSchedule('03:00');
});
afterAll(async () => {
  await t.close();
  for (const dispose of disposals) await dispose();
  rmSync(dataDir, { recursive: true, force: true });
});

const at = (iso: string) => (t.clock.now = new Date(iso));
const backups = () => readdirSync(path.join(dataDir, 'backups')).sort();
const titles = async (db: TestApp['db']) =>
  (await db('jobs').orderBy('id').pluck('title')) as string[];

describe(`scheduled backups on ${testDatabase}`, () => {
  it('take one backup a day at the time, keep the newest BACKUP_KEEP, and restore into a fresh database', async () => {
    await createJobs(t.app, [{ title: 'Before The First Backup' }]);
    // None on record: the first look takes one.
    const first = await t.app.backups.runScheduled();
    expect(first).toMatchObject({ ran: true, pruned: [] });
    expect(backups()).toHaveLength(1);

    at('2026-11-22T02:30:00Z');
    expect(await t.app.backups.runScheduled()).toEqual({ ran: false, why: 'not due' });
    at('2026-11-22T03:00:00Z');
    expect((await t.app.backups.runScheduled()).ran).toBe(true);
    at('2026-11-22T04:00:00Z');
    expect(await t.app.backups.runScheduled()).toEqual({ ran: false, why: 'not due' });
    expect(backups()).toHaveLength(2);

    // Another process holds the lease: this one leaves the backup to it.
    at('2026-11-23T03:00:00Z');
    await BACKUP_LEASE.tryAcquire(t.db, 'another-process', t.clock.now.getTime(), 60_000);
    expect(await t.app.backups.runScheduled()).toEqual({ ran: false, why: 'another process' });
    await BACKUP_LEASE.release(t.db, 'another-process');

    await createJobs(t.app, [{ title: 'Before The Third Backup' }]);
    at('2026-11-23T03:05:00Z');
    const third = await t.app.backups.runScheduled();
    if (!third.ran || !first.ran) throw new Error('the third backup did not run');
    // BACKUP_KEEP 2: the oldest went.
    expect(third.pruned).toEqual([path.basename(first.file)]);
    expect(backups()).toHaveLength(2);
    expect(backups()).not.toContain(path.basename(first.file));
    expect(backups()).toContain(path.basename(third.file));
    expect(statSync(third.file).mode & 0o777).toBe(0o600);
    expect(
      (await t.db('backup_runs').where({ scheduled: true }).orderBy('id').pluck('finished_at')).map(
        Number,
      ),
    ).toEqual(
      ['2026-11-22T02:00:00Z', '2026-11-22T03:00:00Z', '2026-11-23T03:05:00Z'].map((iso) =>
        Date.parse(iso),
      ),
    );

    // The restore drill: the scheduled backup into a fresh database, which then serves its data.
    const fresh = await freshDatabase();
    disposals.push(fresh.dispose);
    await restoreDatabase(fresh.database, third.file);
    const restored = await buildTestApp({ database: fresh.database, migrate: false });
    try {
      expect(await titles(restored.db)).toEqual(
        expect.arrayContaining(['Before The First Backup', 'Before The Third Backup']),
      );
      expect((await restored.app.inject('/readyz')).statusCode).toBe(200);
    } finally {
      await restored.close();
    }
  });

  it('read BACKUP_SCHEDULE as a time of day in UTC or an interval, and refuse anything else', () => {
    expect(parseBackupSchedule('03:00')).toEqual({ kind: 'daily', minuteOfDay: 180 });
    expect(parseBackupSchedule('6h')).toEqual({ kind: 'every', ms: 6 * 60 * 60_000 });
    expect(parseBackupSchedule('90m')).toEqual({ kind: 'every', ms: 90 * 60_000 });
    expect(parseBackupSchedule('off')).toBeNull();
    const env = { SESSION_SECRET: 'x'.repeat(40), BACKUP_SCHEDULE: '25:00', BACKUP_KEEP: '0' };
    let problems: string[] = [];
    try {
      loadConfig(env);
    } catch (error) {
      if (!(error instanceof ConfigError)) throw error;
      problems = error.problems;
    }
    expect(problems).toEqual(
      expect.arrayContaining([
        'BACKUP_SCHEDULE must be a time of day in UTC (03:00), an interval of at least 15 minutes (6h, 90m), or off (got "25:00")',
        'BACKUP_KEEP must be a whole number from 1 to 1000 (got "0")',
      ]),
    );
  });
});
