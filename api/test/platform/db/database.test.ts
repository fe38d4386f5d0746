import { describe, expect, it } from 'vitest';
import { buildTestApp, testDatabase } from '../../support/test-app';

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
      const { rollbackAll, migrateLatest } = await import('../../../src/platform/db/migrate');
      await rollbackAll(t.db);
      expect(await t.db.schema.hasTable('jobs')).toBe(false);
      expect((await migrateLatest(t.db)).length).toBeGreaterThanOrEqual(16);
      expect(await t.db.schema.hasTable('member_bookmarks')).toBe(true);
    } finally {
      await t.close();
    }
  });

  it('keys labels in JavaScript, merging labels that differed only in non-ASCII letter case', async () => {
    const t = await buildTestApp();
    try {
      const { default: labelKeys } = await import('../../../migrations/20261124000100_label_keys');
      await labelKeys.down(t.db);
      // Before the keys, SQLite's unique name let both spellings in.
      const [company] = await t
        .db('companies')
        .insert({ name: 'Org', created_at: 0, updated_at: 0 })
        .returning('id');
      const job = (name: string) => ({
        company_id: Number(typeof company === 'object' ? company.id : company),
        title: name,
        job_type: 'Full-time',
        posted_date: '2026-11-22',
        source: 'admin',
        created_at: 0,
        updated_at: 0,
      });
      const ids = (rows: unknown[]) =>
        rows.map((row) => Number(typeof row === 'object' ? (row as { id: number }).id : row));
      const [a, b] = ids(
        await t
          .db('jobs')
          .insert([job('A'), job('B')])
          .returning('id'),
      );
      const [upper, lower] = ids(
        await t
          .db('locations')
          .insert([{ name: 'Île-de-France' }, { name: 'île-de-france' }])
          .returning('id'),
      );
      await t.db('job_locations').insert([
        { job_id: a, location_id: upper, position: 0 },
        { job_id: b, location_id: lower, position: 0 },
        { job_id: b, location_id: upper, position: 1 },
      ]);

      await labelKeys.up(t.db);

      expect(await t.db('locations').select('id', 'name', 'name_key')).toEqual([
        { id: upper, name: 'Île-de-France', name_key: 'île-de-france' },
      ]);
      const links = await t.db('job_locations').select('job_id', 'location_id').orderBy('job_id');
      expect(links).toEqual([
        { job_id: a, location_id: upper },
        { job_id: b, location_id: upper },
      ]);
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
