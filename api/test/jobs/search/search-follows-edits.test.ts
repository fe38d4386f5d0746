import type { AdminJob } from '@jobboard/contract/admin';
import type { SearchResponse } from '@jobboard/contract/jobs';
import { jobToAdminForm } from '@jobboard/contract/admin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn } from '../../support/admin';
import { jobInput } from '../../support/jobs';
import { buildTestApp, testDatabase, type TestApp } from '../../support/test-app';

/**
 * The board's text search reads an index of each job's title, organization, description and
 * locations (jobs/repositories/search-index). A write re-indexes a job only when it changes one of
 * those (job-writer.ts): these tests show that every such change is found at once, and that the
 * writes that skip the index (extend, switch off and on) leave the job found by its words.
 */

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
let id: number;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await signedIn(t);
  id = await t.app.jobs.create(
    jobInput({
      title: 'Quillwort Organizer',
      organization: 'Marshland Trust',
      description: 'Organize volunteers who restore the wetlands of the lower valley.',
      locations: ['Tacoma, WA'],
      expiresAt: new Date(t.clock.now.getTime() + 10 * 86_400_000),
    }),
    t.clock.now,
  );
});
afterAll(() => t.close());

/** The ids the board's search finds for `query`. */
const found = async (query: string): Promise<number[]> => {
  const res = await t.app.inject({ method: 'POST', url: '/api/jobs/search', payload: { query } });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as SearchResponse).jobs.map((job) => Number(job.id));
};

/** Save the job through the dashboard with `changes` on top of what the edit page shows. */
const save = async (changes: Record<string, unknown>) => {
  const loaded = (await admin({ url: `/api/admin/jobs/${id}` })).json() as AdminJob;
  const form = jobToAdminForm(loaded, '2026-01-01');
  const payload = JSON.parse(
    JSON.stringify({ ...form, deadline: form.deadline || null, ...changes }),
  ) as object;
  const res = await admin({ method: 'PUT', url: `/api/admin/jobs/${id}`, payload });
  expect(res.statusCode, res.body).toBe(200);
};

describe(`the search follows each edit of indexed text on ${testDatabase}`, () => {
  it('finds the job by its words before any edit', async () => {
    for (const word of ['quillwort', 'marshland', 'wetlands', 'tacoma']) {
      expect(await found(word), word).toEqual([id]);
    }
  });

  // One field per save: a save that changes the title would re-index the others with it.
  it.each([
    ['title', { title: 'Sedgemeadow Organizer' }, 'quillwort', 'sedgemeadow'],
    ['organization', { organization: 'Fenland Trust' }, 'marshland', 'fenland'],
    [
      'description',
      { description: 'Organize volunteers who restore the peat bogs of the upper valley.' },
      'wetlands',
      'peat',
    ],
    ['location', { locations: ['Spokane, WA'] }, 'tacoma', 'spokane'],
  ])('a new %s alone: found by the new word, not the old', async (_, change, old, now) => {
    await save(change);
    expect(await found(now)).toEqual([id]);
    expect(await found(old)).toEqual([]);
  });

  it('an extend, a switch-off and a switch-on change no indexed text: the job is found as before', async () => {
    const extend = await admin({
      method: 'POST',
      url: `/api/admin/jobs/${id}/extend`,
      payload: { days: 30 },
    });
    expect(extend.statusCode, extend.body).toBe(200);
    expect(await found('sedgemeadow')).toEqual([id]);

    await save({ active: false });
    expect(await found('sedgemeadow')).toEqual([]);
    await save({ active: true });
    expect(await found('sedgemeadow fenland spokane')).toEqual([id]);
  });
});
