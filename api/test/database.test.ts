import { describe, expect, it } from 'vitest';
import { buildTestApp, testDatabase } from './support/test-app';

describe(`database set-up on ${testDatabase}`, () => {
  it('opens the configured engine with its settings', async () => {
    const t = await buildTestApp();
    try {
      if (testDatabase === 'sqlite') {
        // WAL, a busy timeout and foreign keys, on the one pooled connection.
        const [mode] = await t.db.raw('PRAGMA journal_mode');
        const [timeout] = await t.db.raw('PRAGMA busy_timeout');
        const [keys] = await t.db.raw('PRAGMA foreign_keys');
        expect(mode).toEqual({ journal_mode: 'wal' });
        expect(Object.values(timeout)[0]).toBe(5000);
        expect(keys).toEqual({ foreign_keys: 1 });
      } else {
        const { rows } = await t.db.raw('SHOW server_version_num');
        expect(Number(rows[0].server_version_num)).toBeGreaterThanOrEqual(150000);
      }
    } finally {
      await t.close();
    }
  });

  it('applies every migration and can roll them all back', async () => {
    const t = await buildTestApp();
    try {
      const { rollbackAll, migrateLatest } = await import('../src/db/migrate');
      await rollbackAll(t.db);
      expect(await t.db.schema.hasTable('jobs')).toBe(false);
      expect((await migrateLatest(t.db)).length).toBeGreaterThanOrEqual(16);
      expect(await t.db.schema.hasTable('member_bookmarks')).toBe(true);
    } finally {
      await t.close();
    }
  });

  it('refuses a job whose company does not exist (foreign keys enforced)', async () => {
    const t = await buildTestApp();
    try {
      await expect(
        t.db('jobs').insert({
          company_id: 999,
          title: 'x',
          job_type: 'Full-time',
          posted_date: '2026-11-22',
          source: 'admin',
          created_at: 0,
          updated_at: 0,
        }),
      ).rejects.toThrow();
    } finally {
      await t.close();
    }
  });
});
