import type { SearchRequest } from '@jobboard/contract/jobs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJobs } from '../../support/jobs';
import { queriesOf } from '../../support/query-plans';
import { buildTestApp, testDatabase, type TestApp } from '../../support/test-app';

/**
 * The board's workplace filter (issue 47) at 100,000 jobs: the page of a filtered search reads
 * the public recent order's index, which carries `workplace_type` among its filter columns
 * (migration 20261201020100), in order, as every other filter's page does; the planner of each
 * database picks it by itself from the table's statistics (no plan forced), and answers from the
 * index alone (without the workplace among its columns, each candidate row would be read). The jobs are copies
 * of one, a third of each workplace, made in the database (the app's writer would take minutes).
 */

const SIZE = 100_000;

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  const ids = await createJobs(t.app, [{ title: 'Template Role', workplaceType: 'on_site' }]);
  const template = Number(ids['Template Role']);
  const columns: string[] =
    testDatabase === 'sqlite'
      ? ((await t.db.raw('PRAGMA table_info(jobs)')) as { name: string }[]).map((c) => c.name)
      : (
          await t.db.raw(
            "SELECT column_name AS name FROM information_schema.columns WHERE table_name = 'jobs' AND is_generated = 'NEVER'",
          )
        ).rows.map((c: { name: string }) => c.name);
  const copied = columns.filter((name) => name !== 'id');
  const value = (name: string) =>
    name === 'workplace_type'
      ? "CASE n % 3 WHEN 0 THEN 'on_site' WHEN 1 THEN 'hybrid' ELSE 'remote' END"
      : name === 'remote'
        ? '(n % 3 = 2)'
        : `jobs.${name}`;
  const list = copied.join(', ');
  const select = copied.map(value).join(', ');
  if (testDatabase === 'sqlite') {
    await t.db.raw(
      `WITH RECURSIVE g(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM g WHERE n < ${SIZE})
       INSERT INTO jobs (${list}) SELECT ${select} FROM jobs, g WHERE jobs.id = ?`,
      [template],
    );
  } else {
    await t.db.raw(
      `INSERT INTO jobs (${list}) SELECT ${select} FROM jobs, generate_series(1, ${SIZE}) AS g(n) WHERE jobs.id = ?`,
      [template],
    );
  }
  await t.db.raw('ANALYZE');
}, 300_000);
afterAll(() => t.close());

async function pagePlan(filter: Partial<SearchRequest>): Promise<string> {
  t.app.publicReads.cache.invalidate();
  const queries = await queriesOf(t.app.readDb, () =>
    t.app.inject({ method: 'POST', url: '/api/jobs/search', payload: filter }),
  );
  const page = queries.filter(({ sql }) => /workplace_type/.test(sql) && /order by/i.test(sql));
  expect(page).toHaveLength(1);
  const { sql, bindings } = page[0]!;
  if (testDatabase === 'sqlite') {
    const rows: { detail: string }[] = await t.db.raw(`EXPLAIN QUERY PLAN ${sql}`, bindings);
    return rows.map((row) => row.detail).join('\n');
  }
  const result = await t.db.raw(`EXPLAIN ${sql.replace(/\$\d+/g, '?')}`, bindings);
  return (result.rows as { 'QUERY PLAN': string }[]).map((row) => row['QUERY PLAN']).join('\n');
}

describe(`the workplace filter's page at ${SIZE.toLocaleString('en-US')} jobs on ${testDatabase}`, () => {
  it.each([
    ['Remote', { remote: true }],
    ['Hybrid or Remote', { hybrid: true, remote: true }],
    ['On-site', { onSite: true }],
  ])(
    '%s: answered from the public recent index alone, never the whole table',
    async (_, workplace) => {
      const plan = await pagePlan({
        workplace: { onSite: false, hybrid: false, remote: false, ...workplace },
      });
      // Answered from the index alone (the workplace is one of its columns): SQLite's covering
      // index, PostgreSQL's index-only scan, in the order's direction.
      expect(plan).toMatch(
        /COVERING INDEX jobs_public_recent_index|Index Only Scan (Backward )?using jobs_public_recent_index/,
      );
      expect(plan).not.toMatch(/Seq Scan on jobs\b|SCAN jobs(?! USING)/);
    },
  );
});
