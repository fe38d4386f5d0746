import type { SearchResponse } from '@jobboard/contract/jobs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, CSRF, login, sessionCookie } from '../../support/admin';
import { createJobs } from '../../support/jobs';
import { buildTestApp, testDatabase, type TestApp } from '../../support/test-app';

/**
 * A job's locations and categories as the search filters on them follow every write. On
 * PostgreSQL the search reads them from arrays on the job's row (`location_ids`, `category_ids`,
 * migration 20261127000300), copies of the join tables written with them: after each write the
 * copies must equal the tables.
 */

let t: TestApp;
let id: string;
beforeAll(async () => {
  t = await buildTestApp();
  await createAdmin(t);
  ({ 'Grants Writer': id } = (await createJobs(t.app, [
    { title: 'Grants Writer', locations: ['Tacoma, WA', 'Remote'], categories: ['Fundraising'] },
    { title: 'Other Role', locations: ['Spokane, WA'], categories: ['Communications'] },
  ])) as { 'Grants Writer': string });
});
afterAll(() => t.close());

async function titlesFor(filter: Record<string, unknown>) {
  const res = await t.app.inject({ method: 'POST', url: '/api/jobs/search', payload: filter });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as SearchResponse).jobs.map((job) => job.title).sort();
}

/** The copies on the job rows equal the join tables (PostgreSQL); SQLite has only the tables. */
async function expectCopiesMatch() {
  if (testDatabase !== 'postgres') return;
  const rows: { id: number; location_ids: number[]; category_ids: number[] }[] = await t
    .db('jobs')
    .select('id', 'location_ids', 'category_ids');
  for (const row of rows) {
    const of = async (table: string, column: string) =>
      (await t.db(table).where('job_id', row.id).select(column))
        .map((r: Record<string, number>) => Number(r[column]))
        .sort((a: number, b: number) => a - b);
    expect(row.location_ids).toEqual(await of('job_locations', 'location_id'));
    expect(row.category_ids).toEqual(await of('job_categories', 'category_id'));
  }
}

describe(`locations and categories follow edits on ${testDatabase}`, () => {
  it('filters on the labels a job was created with', async () => {
    expect(await titlesFor({ location: 'Tacoma, WA' })).toEqual(['Grants Writer']);
    expect(await titlesFor({ query: 'grants', category: ['Fundraising'] })).toEqual([
      'Grants Writer',
    ]);
    expect(await titlesFor({ category: ['Fundraising', 'Communications'] })).toEqual([
      'Grants Writer',
      'Other Role',
    ]);
    await expectCopiesMatch();
  });

  it('filters on the new labels after an admin edit, and no longer on the old', async () => {
    const cookie = sessionCookie(await login(t));
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/jobs/${id}`,
      headers: { ...CSRF, cookie },
      payload: { locations: ['Spokane, WA'], category: ['Communications', 'Operations'] },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await titlesFor({ location: 'Tacoma, WA' })).toEqual([]);
    expect(await titlesFor({ query: 'grants', category: ['Fundraising'] })).toEqual([]);
    expect(await titlesFor({ location: 'Spokane, WA' })).toEqual(['Grants Writer', 'Other Role']);
    expect(await titlesFor({ query: 'grants', category: ['Operations'] })).toEqual([
      'Grants Writer',
    ]);
    await expectCopiesMatch();
  });
});
