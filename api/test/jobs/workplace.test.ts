import { ENDPOINTS } from '@jobboard/contract/endpoints';
import {
  JOB_LIMITS,
  WORKPLACE_MESSAGES,
  filterFromQueryString,
  type Job,
  type SearchResponse,
} from '@jobboard/contract/jobs';
import { describeSearch } from '@jobboard/contract/alerts';
import { beforeAll, describe, expect, it } from 'vitest';
import { feedBoard } from '../support/feed-board';
import { migrateDownThrough, migrationSource } from '../support/migrations';
import { ADMIN_JOB_FORM, createJobs } from '../support/jobs';
import { testDatabase, type TestApp } from '../support/test-app';

/**
 * Workplace type (issue 47): on-site, hybrid or remote, and the places a remote or hybrid job may
 * be done from, on the admin's form, the sync's mapping, the public answers and the board's
 * filter (whose `remote=true`, in saved links and stored alerts, keeps its meaning; its plan at
 * 100,000 jobs: search/workplace-plan.test.ts); and the migration of the jobs stored before,
 * from their remote flag.
 */

const board = feedBoard();
let t: TestApp;
let admin: (typeof board)['admin'];
beforeAll(() => {
  ({ t, admin } = board);
});

const publicJob = async (id: string | number): Promise<Job> =>
  (await t.app.inject({ method: 'GET', url: `/api/jobs/${id}` })).json();

async function search(payload: Record<string, unknown>): Promise<string[]> {
  const res = await t.app.inject({ method: 'POST', url: '/api/jobs/search', payload });
  expect(res.statusCode, res.body).toBe(200);
  return res
    .json<SearchResponse>()
    .jobs.map((job) => job.title)
    .sort();
}

const createByAdmin = (change: Record<string, unknown>) =>
  admin({
    method: 'POST',
    url: ENDPOINTS.createJob.path,
    payload: { ...ADMIN_JOB_FORM, ...change },
  });

describe(`the admin's job form on ${testDatabase}`, () => {
  it('creates a job of each workplace, with its places, and the public answer says it', async () => {
    const made: Record<string, string> = {};
    for (const [title, workplaceType, remotePlaces] of [
      ['Desk Editor', 'on_site', ''],
      ['Field Organizer', 'hybrid', 'MD, VA, DC'],
      ['Remote Writer', 'remote', ' US '],
    ] as const) {
      const res = await createByAdmin({ title, workplaceType, remotePlaces });
      expect(res.statusCode, res.body).toBe(201);
      made[title] = String(res.json().id);
    }
    expect(await publicJob(made['Desk Editor']!)).toMatchObject({
      workplaceType: 'on_site',
      remotePlaces: '',
      remote: false,
    });
    expect(await publicJob(made['Field Organizer']!)).toMatchObject({
      workplaceType: 'hybrid',
      remotePlaces: 'MD, VA, DC',
      remote: false,
    });
    expect(await publicJob(made['Remote Writer']!)).toMatchObject({
      workplaceType: 'remote',
      remotePlaces: 'US',
      remote: true,
    });
    // The old flag is written for the previous release, which reads only it.
    const flags = await t
      .db('jobs')
      .whereIn('id', Object.values(made))
      .orderBy('id')
      .pluck('remote');
    expect(flags.map(Boolean)).toEqual([false, false, true]);
  });

  it('refuses places for an on-site job, an unknown workplace, and places past the limit, naming the field', async () => {
    const onSite = await createByAdmin({ workplaceType: 'on_site', remotePlaces: 'US' });
    expect(onSite.statusCode).toBe(400);
    expect(onSite.json().fields).toEqual({ remotePlaces: WORKPLACE_MESSAGES.placesOnSite });
    const unknown = await createByAdmin({ workplaceType: 'sometimes' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fields).toEqual({ workplaceType: WORKPLACE_MESSAGES.workplaceType });
    const long = await createByAdmin({
      workplaceType: 'remote',
      remotePlaces: 'x'.repeat(JOB_LIMITS.remotePlaces + 1),
    });
    expect(long.json().fields).toEqual({ remotePlaces: WORKPLACE_MESSAGES.remotePlaces });
  });

  it('an older admin build that sends no workplace: the type and locations say, as before', async () => {
    const res = await createByAdmin({
      title: 'Old Form Role',
      locations: ['Boston, MA', 'Remote'],
    });
    expect(await publicJob(res.json().id)).toMatchObject({ workplaceType: 'remote', remote: true });
  });

  it('edits a job from remote to hybrid: written, in its history, and an on-site edit clears the places', async () => {
    const created = await createByAdmin({
      title: 'Switching Role',
      workplaceType: 'remote',
      remotePlaces: 'US',
    });
    const id = created.json().id as string;
    const put = await admin({
      method: 'PUT',
      url: `/api/admin/jobs/${id}`,
      payload: { workplaceType: 'hybrid', remotePlaces: 'NY, NJ' },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(await publicJob(id)).toMatchObject({
      workplaceType: 'hybrid',
      remotePlaces: 'NY, NJ',
      remote: false,
    });
    const history = (await admin({ method: 'GET', url: `/api/admin/jobs/${id}/history` })).json();
    expect(JSON.stringify(history)).toContain('Changed workplace');

    const refused = await admin({
      method: 'PUT',
      url: `/api/admin/jobs/${id}`,
      payload: { workplaceType: 'on_site', remotePlaces: 'NY' },
    });
    expect(refused.statusCode).toBe(400);
    expect(await publicJob(id)).toMatchObject({ workplaceType: 'hybrid', remotePlaces: 'NY, NJ' });

    await admin({
      method: 'PUT',
      url: `/api/admin/jobs/${id}`,
      payload: { workplaceType: 'on_site' },
    });
    expect(await publicJob(id)).toMatchObject({ workplaceType: 'on_site', remotePlaces: '' });
    expect((await t.db('jobs').where({ id }).first()).remote_places).toBeNull();
  });
});

describe(`the sync's mapping on ${testDatabase}`, () => {
  it("maps a source's workplace column and places, skips a workplace it cannot read, and infers the rest", async () => {
    const record = (id: string, more: Record<string, unknown>) => ({
      id,
      title: `Workplace ${id}`,
      organization: 'Workplace Feed Org',
      location: 'Tulsa, OK',
      jobType: 'Full-time',
      description: 'Organizes members across the region, some days from home.',
      applicationUrl: 'https://workplace-feed.example/apply',
      category: 'Organizing',
      ...more,
    });
    board.fake.feed = [
      record('hybrid', { workplaceType: 'Hybrid', remotePlaces: 'TX; OK' }),
      record('remote', { workplaceType: 'fully remote', remotePlaces: 'US' }),
      record('onsite', { workplaceType: 'On-site', remotePlaces: 'US' }),
      record('flag', { remote: true }),
      record('odd', { workplaceType: 'Sometimes' }),
    ];
    const res = await admin({ url: ENDPOINTS.refreshJobs.path });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().skippedRecords).toEqual([
      expect.objectContaining({
        reason: "'workplaceType' 'Sometimes' is not on-site, hybrid or remote",
      }),
    ]);
    const rows = await t
      .db('jobs')
      .where('source', 'json-feed')
      .orderBy('external_id')
      .select('external_id', 'workplace_type', 'remote_places', 'remote');
    expect(
      rows.map((r) => [r.external_id, r.workplace_type, r.remote_places, Boolean(r.remote)]),
    ).toEqual([
      ['flag', 'remote', null, true],
      ['hybrid', 'hybrid', 'TX, OK', false],
      ['onsite', 'on_site', null, false],
      ['remote', 'remote', 'US', true],
    ]);
  });
});

describe(`the board's workplace filter on ${testDatabase}`, () => {
  beforeAll(async () => {
    await createJobs(t.app, [
      { title: 'Filter On-site', organization: 'Filter Org', workplaceType: 'on_site' },
      {
        title: 'Filter Hybrid',
        organization: 'Filter Org',
        workplaceType: 'hybrid',
        remotePlaces: 'MD',
      },
      { title: 'Filter Remote', organization: 'Filter Org', workplaceType: 'remote', remote: true },
    ]);
  });
  const inFilterOrg = (titles: string[]) => titles.filter((title) => title.startsWith('Filter '));

  it('finds the jobs of the workplaces chosen, any of them', async () => {
    const q = { query: 'Filter' };
    expect(inFilterOrg(await search({ ...q, workplace: { onSite: true } }))).toEqual([
      'Filter On-site',
    ]);
    expect(inFilterOrg(await search({ ...q, workplace: { hybrid: true } }))).toEqual([
      'Filter Hybrid',
    ]);
    expect(inFilterOrg(await search({ ...q, workplace: { remote: true } }))).toEqual([
      'Filter Remote',
    ]);
    expect(inFilterOrg(await search({ ...q, workplace: { hybrid: true, remote: true } }))).toEqual([
      'Filter Hybrid',
      'Filter Remote',
    ]);
  });

  it('the feed of a search says where a hybrid job may be done from, beside its location', async () => {
    const feed = (await t.app.inject('/feed.json?q=Filter&hybrid=true')).json();
    expect(feed.items.map((item: { summary: string }) => item.summary)).toEqual([
      expect.stringMatching(/^Washington, DC · Hybrid \(MD\) · Full-time\. /),
    ]);
  });

  it('an old link or a stored alert with remote=true, and an older board sending jobType.remote, find the remote jobs only', async () => {
    const old = filterFromQueryString('?q=Filter&remote=true');
    expect(inFilterOrg(await search(old))).toEqual(['Filter Remote']);
    expect(inFilterOrg(await search({ query: 'Filter', jobType: { remote: true } }))).toEqual([
      'Filter Remote',
    ]);
    expect(describeSearch(old)).toBe('"Filter" · Remote');
    expect(describeSearch(filterFromQueryString('?onsite=true&hybrid=true'))).toBe(
      'On-site · Hybrid',
    );
  });
});

describe(`the workplace migration on ${testDatabase}`, () => {
  it('fills the type of the jobs stored before: remote by flag, a Remote job type or location; the rest on-site', async () => {
    const ids = await createJobs(t.app, [
      { title: 'Old Flagged', organization: 'Old Org', remote: true, locations: ['Boston, MA'] },
      { title: 'Old Typed', organization: 'Old Org', jobType: 'Remote' },
      { title: 'Old Located', organization: 'Old Org', locations: ['Denver, CO', 'Remote'] },
      { title: 'Old Office', organization: 'Old Org', locations: ['Denver, CO'] },
    ]);
    await migrateDownThrough(t.db, '20261201020000_workplace_type');
    // As the previous release stored them: the flag only (a 'Remote' location with it unset too).
    await t.db('jobs').where('id', ids['Old Located']).update({ remote: false });
    await t.db('jobs').where('id', ids['Old Typed']).update({ remote: false });
    await t.db.migrate.latest({ migrationSource });

    const rows = await t
      .db('jobs')
      .whereIn('id', Object.values(ids))
      .orderBy('id')
      .select('workplace_type', 'remote_places');
    expect(rows).toEqual([
      { workplace_type: 'remote', remote_places: null },
      { workplace_type: 'remote', remote_places: null },
      { workplace_type: 'remote', remote_places: null },
      { workplace_type: 'on_site', remote_places: null },
    ]);
    // Nothing else lost: the jobs answer as before, now with their workplace.
    expect(await publicJob(ids['Old Office']!)).toMatchObject({
      title: 'Old Office',
      locations: ['Denver, CO'],
      workplaceType: 'on_site',
    });
    // A row the previous release writes after the migration (a rollback) has only its flag, and
    // the column's default type: read as remote, and found by the Remote filter.
    const rollback = await createJobs(t.app, [
      { title: 'Rollback Writer', organization: 'Old Org' },
    ]);
    await t.db('jobs').where('id', rollback['Rollback Writer']).update({ remote: true });
    expect(await publicJob(rollback['Rollback Writer']!)).toMatchObject({
      workplaceType: 'remote',
    });
    expect(await search({ query: 'Rollback Writer', workplace: { remote: true } })).toEqual([
      'Rollback Writer',
    ]);
    expect(await search({ query: 'Rollback Writer', workplace: { onSite: true } })).toEqual([]);
  });
});
