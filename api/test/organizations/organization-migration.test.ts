import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrateLatest } from '../../src/platform/db/migrate';
import { migrations } from '../../src/platform/db/migrations';
import { createJobs } from '../support/jobs';
import { planOf, queriesOf } from '../support/query-plans';
import { buildTestApp, testDatabase, type TestApp } from '../support/test-app';

/**
 * Issue 47: the migration that gives every company already on the board its page's slug
 * (20261201010000), and the indexes the organisation page's and the similar jobs' reads use
 * (20261201010100), checked by their plans on both databases.
 */

let t: TestApp;
beforeEach(async () => {
  t = await buildTestApp();
});
afterEach(() => t.close());

const source = {
  getMigrations: async () => migrations,
  getMigrationName: (m: (typeof migrations)[number]) => m.name,
  getMigration: async (m: (typeof migrations)[number]) => m,
};

describe(`the migration of existing companies' slugs on ${testDatabase}`, () => {
  it('gives each its name as a slug, the oldest the plain one and the later ones -2, -3', async () => {
    const from = migrations.findIndex((m) => m.name === '20261201010000_company_slugs');
    for (let i = from; i < migrations.length; i += 1) {
      await t.db.migrate.down({ migrationSource: source });
    }
    const now = t.clock.now.getTime();
    const names = [
      'Acme',
      'ACME',
      'Acme!',
      'Café Ñandú',
      '¡!¿?',
      'Acme 2',
      // Wider than the column's 100 characters as a slug: cut at a word's end.
      `The ${'Very '.repeat(55)}Long Coalition`,
    ];
    for (const name of names) {
      await t.db('companies').insert({ name, created_at: now, updated_at: now });
    }
    await migrateLatest(t.db);

    const rows: { name: string; slug: string }[] = await t
      .db('companies')
      .orderBy('id')
      .select('name', 'slug');
    expect(rows.map((row) => row.slug)).toEqual([
      'acme',
      'acme-2',
      'acme-3',
      'cafe-nandu',
      'organization',
      // 'acme-2' was taken by the second Acme: this one's own slug comes next.
      'acme-2-2',
      `the-${'very-'.repeat(14)}very`,
    ]);
    expect(rows.at(-1)!.slug.length).toBeLessThanOrEqual(80);

    // A company written after it gets the next free one, and the index refuses a second copy.
    await createJobs(t.app, [{ title: 'Role', organization: 'ACME Inc' }]);
    expect((await t.db('companies').where({ name: 'ACME Inc' }).first('slug')).slug).toBe(
      'acme-inc',
    );
    await createJobs(t.app, [{ title: 'Role 2', organization: 'acme' }]);
    expect((await t.db('companies').where({ name: 'acme' }).first('slug')).slug).toBe('acme-4');
    await expect(
      t.db('companies').where({ name: 'Acme!' }).update({ slug: 'acme' }),
    ).rejects.toThrow();
  });
});

describe(`the organisation reads' plans on ${testDatabase}`, () => {
  it("read a company's open jobs and a job's similar jobs through their indexes", async () => {
    const ids = await createJobs(
      t.app,
      Array.from({ length: 6 }, (_, i) => ({
        title: `Role ${i + 1}`,
        organization: i % 2 ? 'Odd Org' : 'Even Org',
      })),
    );
    // The public reads run on the read connections.
    const similar = await queriesOf(t.app.readDb, () =>
      t.app.inject(`/api/jobs/${ids['Role 1']}/similar`),
    );
    const byLabel = similar.filter(({ sql }) => /join ["`]jobs["`]/.test(sql));
    expect(byLabel.length).toBeGreaterThanOrEqual(1);
    for (const { sql, bindings } of byLabel) {
      expect(await planOf(t.app.readDb, sql, bindings)).toMatch(
        /job_categories_category_job_index|job_locations_location_job_index/,
      );
    }
    const page = await queriesOf(t.app.readDb, () => t.app.inject('/api/organizations/odd-org'));
    const companyJobs = page.filter(({ sql }) =>
      /where ["`]jobs["`]\.["`]company_id["`] = /.test(sql),
    );
    expect(companyJobs.length).toBeGreaterThanOrEqual(2);
    for (const { sql, bindings } of companyJobs) {
      // This company's rows only (on a table this small PostgreSQL may count through either).
      expect(await planOf(t.app.readDb, sql, bindings)).toMatch(
        /jobs_company_live_posted_index|jobs_company_id_index/,
      );
    }
  });
});
