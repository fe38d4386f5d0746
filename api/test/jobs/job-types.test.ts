import type { SearchResponse } from '@jobboard/contract/jobs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import canonicalJobTypes from '../../migrations/20261124120500_canonical_job_types';
import { createJobs } from '../support/jobs';
import { buildTestApp, testDatabase, type TestApp } from '../support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

async function titles(jobType: Record<string, boolean>): Promise<string[]> {
  const res = await t.app.inject({ method: 'POST', url: '/api/jobs/search', payload: { jobType } });
  return (res.json<SearchResponse>().jobs ?? []).map((job) => job.title).sort();
}

describe(`job types on ${testDatabase}`, () => {
  it('stores our types in their own spelling, so the filters find every spelling sent', async () => {
    const ids = await createJobs(t.app, [
      { title: 'Shouted', jobType: 'FULL-TIME' },
      { title: 'Padded', jobType: ' part-time ' },
      { title: 'Synced remote', jobType: 'remote' },
      { title: 'Odd', jobType: 'Seasonal' },
    ]);
    const stored = await t.db('jobs').whereIn('id', Object.values(ids)).pluck('job_type');
    expect(stored.sort()).toEqual(['Full-time', 'Part-time', 'Remote', 'Seasonal']);
    expect(await titles({ fullTime: true })).toEqual(['Shouted']);
    expect(await titles({ partTime: true })).toEqual(['Padded']);
    expect(await titles({ remote: true })).toEqual(['Synced remote']);
  });

  it('the migration rewrites rows stored before in another spelling', async () => {
    const ids = await createJobs(t.app, [{ title: 'Old contract', jobType: 'Contract' }]);
    await t.db('jobs').where('id', ids['Old contract']).update({ job_type: 'CONTRACT' });
    await canonicalJobTypes.up(t.db);
    expect(await t.db('jobs').where('id', ids['Old contract']).first('job_type')).toEqual({
      job_type: 'Contract',
    });
  });
});
