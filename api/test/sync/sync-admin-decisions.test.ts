import { JOB_LIMITS } from '@jobboard/contract/jobs';
import {
  SYNC_CONFLICT_MESSAGES,
  jobToAdminForm,
  type AdminJob,
  type HistoryEntry,
  type LastSync,
  type RefreshResult,
} from '@jobboard/contract/admin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn } from '../support/admin';
import {
  airtableEnv,
  airtableJob,
  startFakeAirtable,
  type FakeAirtable,
} from '../support/fake-airtable';
import { createJobs } from '../support/jobs';
import { invalidRows } from '../support/rows';
import { buildTestApp, testDatabase, type TestApp } from '../support/test-app';

/**
 * Admins outrank the source (issue 25; docs/product.md#re-sync): a re-sync through the fake Airtable after
 * an admin edited, switched off or deleted a synced job leaves what the admin decided, reports
 * the disagreement on the last-sync panel, and lets the admin give the job back to its source or
 * restore a deleted one.
 */

let fake: FakeAirtable;
let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;

beforeAll(async () => {
  fake = await startFakeAirtable();
  t = await buildTestApp({ env: { ...airtableEnv(fake), SYNC_RETRY_WAIT_SECONDS: '0.2' } });
  admin = await signedIn(t);
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

const refresh = async () => {
  const res = await admin({ url: '/api/refresh-jobs' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as RefreshResult;
};
const lastSync = async () => (await admin({ url: '/api/admin/sync/last' })).json() as LastSync;
const allJobs = async () => (await admin({ url: '/api/admin/jobs' })).json() as AdminJob[];
const jobOf = async (id: string) =>
  (await admin({ url: `/api/admin/jobs/${id}` })).json() as AdminJob;
const byTitle = async (title: string) => (await allJobs()).find((j) => j.title === title);
const historyOf = async (id: string) =>
  (await admin({ url: `/api/admin/jobs/${id}/history` })).json() as HistoryEntry[];
const record = (n: number) => fake.records.find((r) => r.id === airtableJob(n).id)!;

describe(`a re-sync after an admin's decisions on ${testDatabase}`, () => {
  let edited: AdminJob;
  let switchedOff: AdminJob;
  let deletedId: string;

  it('creates the jobs from the source, each with an audit line by the sync', async () => {
    fake.records = [1, 2, 3, 4].map((n) =>
      airtableJob(n, {
        Benefits: 'Health care\nA pension',
        'Company Description': 'From the source',
      }),
    );
    expect(await refresh()).toMatchObject({ created: 4, conflicts: 0 });
    edited = (await byTitle('Synced Role 1'))!;
    expect(edited).toMatchObject({ source: 'airtable', adminFields: [] });
    expect((await historyOf(edited.id))[0]).toMatchObject({
      kind: 'created',
      summary: 'Imported from Airtable',
      actor: 'sync:airtable',
    });
  });

  it('an admin edit: the fields the admin changed are the admin\u2019s, the job says so', async () => {
    const form = jobToAdminForm(edited, '2026-11-22');
    const res = await admin({
      method: 'PUT',
      url: `/api/admin/jobs/${edited.id}`,
      payload: { ...form, title: 'Lead Organizer (edited here)', benefits: ['Health care'] },
    });
    expect(res.statusCode, res.body).toBe(200);
    edited = res.json();
    expect(edited.adminFields).toEqual(['title', 'benefits']);
  });

  it('an admin switches a synced job off, and deletes another', async () => {
    switchedOff = (await byTitle('Synced Role 2'))!;
    const off = await admin({
      method: 'POST',
      url: '/api/admin/jobs/bulk',
      payload: { action: 'deactivate', ids: [switchedOff.id] },
    });
    expect(off.json()).toMatchObject({ changed: 1 });
    expect((await jobOf(switchedOff.id)).adminFields).toEqual(['active']);
    deletedId = (await byTitle('Synced Role 3'))!.id;
    expect(
      (await admin({ method: 'DELETE', url: `/api/admin/jobs/${deletedId}` })).statusCode,
    ).toBe(200);
  });

  it('the next sync keeps each decision, writes the rest of the source\u2019s changes, and reports the conflicts', async () => {
    record(1).fields.Title = 'Synced Role 1, renamed at the source';
    record(1).fields.Description = 'A new description from the source, long enough to read.';
    record(2).fields.Title = 'Synced Role 2, renamed at the source';
    const result = await refresh();
    expect(result).toMatchObject({ created: 0, updated: 2, deactivated: 0, conflicts: 3 });
    expect(result.message).toBe(
      'Jobs refreshed from Airtable: 0 created, 2 updated, 0 deactivated, 0 skipped, 3 kept as an admin set them.',
    );

    const one = await jobOf(edited.id);
    expect(one).toMatchObject({
      title: 'Lead Organizer (edited here)',
      benefits: ['Health care'],
      description: 'A new description from the source, long enough to read.',
      adminFields: ['title', 'benefits'],
    });
    // Switched off by an admin: still off, its other fields the source's.
    expect(await jobOf(switchedOff.id)).toMatchObject({
      active: false,
      title: 'Synced Role 2, renamed at the source',
    });
    expect((await t.app.inject(`/api/jobs/${switchedOff.id}`)).statusCode).toBe(404);
    // Deleted by an admin: not created again.
    expect((await allJobs()).filter((j) => j.title === 'Synced Role 3')).toEqual([]);

    const { last } = await lastSync();
    expect(last!.conflictRecords).toEqual([
      {
        kind: 'edited',
        externalId: record(1).id,
        title: 'Lead Organizer (edited here)',
        jobId: edited.id,
        deletionId: null,
        fields: ['title', 'benefits'],
      },
      {
        kind: 'deactivated',
        externalId: record(2).id,
        title: 'Synced Role 2, renamed at the source',
        jobId: switchedOff.id,
        deletionId: null,
        fields: ['active'],
      },
      {
        kind: 'deleted',
        externalId: record(3).id,
        title: 'Synced Role 3',
        jobId: null,
        deletionId: expect.any(String),
        fields: [],
      },
    ]);
    // The sync's changes are on the job's timeline, by the sync.
    expect((await historyOf(edited.id)).at(-1)).toMatchObject({
      kind: 'changed',
      actor: 'sync:airtable',
      summary: 'Updated from the source: Changed description',
      changes: [
        {
          field: 'description',
          from: 'Role number 1, read from Airtable. Plans and writes the campaigns.',
          to: 'A new description from the source, long enough to read.',
        },
      ],
    });
  });

  it('a sync that changes nothing of the source still lists the conflicts, and writes nothing', async () => {
    const before = await allJobs();
    expect(await refresh()).toMatchObject({ updated: 0, unchanged: 3, conflicts: 3 });
    expect(await allJobs()).toEqual(before);
  });

  it('an admin extends a synced job: the sync keeps its end (the source does not say when a listing ends)', async () => {
    const four = (await byTitle('Synced Role 4'))!;
    await admin({
      method: 'POST',
      url: `/api/admin/jobs/${four.id}/extend`,
      payload: { days: 30 },
    });
    const extended = await jobOf(four.id);
    expect(extended.expiresAt).toBe('2026-12-22T12:00:00.000Z');
    record(4).fields.Title = 'Synced Role 4, renamed';
    await refresh();
    expect(await jobOf(four.id)).toMatchObject({
      title: 'Synced Role 4, renamed',
      expiresAt: '2026-12-22T12:00:00.000Z',
      // The company's description is the source's still (a blank one would keep it too).
      company: { description: 'From the source' },
    });
  });

  it('"Return to the source": the admin\u2019s changes stop outranking it, and the next sync writes its values', async () => {
    const res = await admin({
      method: 'POST',
      url: `/api/admin/jobs/${edited.id}/return-to-source`,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ adminFields: [], title: 'Lead Organizer (edited here)' });
    expect((await historyOf(edited.id)).at(-1)).toMatchObject({
      kind: 'changed',
      actor: 'admin:alice',
      summary: `${SYNC_CONFLICT_MESSAGES.returned} (title, benefits)`,
    });
    // Settled: the panel no longer lists it.
    const kinds = (await lastSync()).last!.conflictRecords.map((c) => c.kind);
    expect(kinds).toEqual(['deactivated', 'deleted']);

    await refresh();
    expect(await jobOf(edited.id)).toMatchObject({
      title: 'Synced Role 1, renamed at the source',
      benefits: ['Health care', 'A pension'],
      adminFields: [],
    });
    // Switching the job back on is also an admin's decision: the source's 'on' no longer
    // conflicts, and it stays on.
    await admin({
      method: 'POST',
      url: '/api/admin/jobs/bulk',
      payload: { action: 'activate', ids: [switchedOff.id] },
    });
    expect(await refresh()).toMatchObject({ conflicts: 1 });
    expect(await jobOf(switchedOff.id)).toMatchObject({ active: true });
  });

  it('"Restore" a deleted synced job: the next sync creates it again, under a new id', async () => {
    const deleted = (await lastSync()).last!.conflictRecords.find((c) => c.kind === 'deleted')!;
    const res = await admin({
      method: 'POST',
      url: `/api/admin/sync/deleted/${deleted.deletionId}/restore`,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: SYNC_CONFLICT_MESSAGES.restored });
    expect((await lastSync()).last!.conflictRecords).toEqual([]);
    expect(await refresh()).toMatchObject({ created: 1, conflicts: 0 });
    const back = (await byTitle('Synced Role 3'))!;
    expect(back.id).not.toBe(deletedId);
    // Restored once: a second restore of the same deletion names nothing.
    const again = await admin({
      method: 'POST',
      url: `/api/admin/sync/deleted/${deleted.deletionId}/restore`,
    });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ message: SYNC_CONFLICT_MESSAGES.deletionNotFound });
  });

  it('a bulk delete is remembered as well, and a job from no source has none to return to', async () => {
    const four = (await byTitle('Synced Role 4, renamed'))!;
    const res = await admin({
      method: 'POST',
      url: '/api/admin/jobs/bulk',
      payload: { action: 'delete', ids: [four.id] },
    });
    expect(res.json()).toMatchObject({ changed: 1 });
    expect(await refresh()).toMatchObject({ created: 0, conflicts: 1 });
    expect((await lastSync()).last!.conflictRecords).toMatchObject([
      { kind: 'deleted', externalId: record(4).id, title: 'Synced Role 4, renamed' },
    ]);

    const ids = await createJobs(t.app, [{ title: 'Made here', source: 'admin' }]);
    const refused = await admin({
      method: 'POST',
      url: `/api/admin/jobs/${ids['Made here']}/return-to-source`,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: SYNC_CONFLICT_MESSAGES.notSynced });
    expect(
      (await admin({ method: 'POST', url: '/api/admin/jobs/2000000000/return-to-source' }))
        .statusCode,
    ).toBe(404);
  });

  it('remembers a deleted job with the longest title and record id its columns hold', async () => {
    const longest = {
      ...airtableJob(5, { Title: 'T'.repeat(JOB_LIMITS.title) }),
      id: 'r'.repeat(JOB_LIMITS.externalId),
    };
    fake.records.push(longest);
    expect(await refresh()).toMatchObject({ created: 1 });
    const job = (await byTitle('T'.repeat(JOB_LIMITS.title)))!;
    expect((await admin({ method: 'DELETE', url: `/api/admin/jobs/${job.id}` })).statusCode).toBe(
      200,
    );
    expect(await refresh()).toMatchObject({ created: 0 });
    expect((await lastSync()).last!.conflictRecords).toContainEqual(
      expect.objectContaining({
        kind: 'deleted',
        externalId: longest.id,
        title: 'T'.repeat(JOB_LIMITS.title),
      }),
    );
    expect(await invalidRows(t.db)).toEqual([]);
  });
});
