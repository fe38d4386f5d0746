import type { AdminJob, HistoryEntry } from '@jobboard/contract/admin';
import { distinctLabels, labelKey, sameLabels } from '@jobboard/contract/jobs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn } from '../support/admin';
import { startFakeAirtable, type FakeAirtable } from '../support/fake-airtable';
import { ADMIN_JOB_FORM } from '../support/jobs';
import { buildTestApp, testDatabase, type TestApp } from '../support/test-app';

/**
 * R4 of issue 41: when two location or category labels are one label has one home, the
 * contract's labelKey (trimmed, NFC, lower case), with distinctLabels and sameLabels on it. The
 * sync's mapping, the admin's form (which decides whether a job is remote again when its
 * locations change) and the admin's location field (mfe-admin's LocationsField: JobForm.test.tsx)
 * each had a copy that compared lower case only, so 'Mérida' written with a combining accent (NFD,
 * as macOS and some keyboards give it) was a second 'Mérida'.
 */

const COMPOSED = 'M\u00e9rida';
const DECOMPOSED = 'Me\u0301rida';
/** One label written four ways: composed or not, in capitals, with spaces around. */
const SPELLINGS = [DECOMPOSED, ` ${COMPOSED.toUpperCase()} `, COMPOSED, 'ME\u0301RIDA'];

let fake: FakeAirtable;
let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;

beforeAll(async () => {
  fake = await startFakeAirtable();
  t = await buildTestApp({ env: { JOB_FEED_URL: fake.feedUrl } });
  admin = await signedIn(t);
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

const jobs = async () => (await admin({ url: '/api/admin/jobs' })).json() as AdminJob[];
const historyOf = async (id: string) =>
  (await admin({ url: `/api/admin/jobs/${id}/history` })).json() as HistoryEntry[];

describe(`one label, however it is written, on ${testDatabase} (issue 41, R4)`, () => {
  it('is one key, kept once in its first spelling (what the location field shows and adds)', () => {
    expect(new Set(SPELLINGS.map(labelKey))).toEqual(new Set([labelKey(COMPOSED)]));
    expect(distinctLabels(SPELLINGS)).toEqual([DECOMPOSED]);
    expect(sameLabels([COMPOSED, 'Remote'], [DECOMPOSED, ' remote'])).toBe(true);
    expect(sameLabels([COMPOSED, 'Remote'], ['Remote', COMPOSED])).toBe(false);
  });

  it('the sync, the admin form and the label tables agree: one location, and the edit changes nothing', async () => {
    fake.feed = [
      {
        id: 'merida-1',
        title: 'Feed Role in Mérida',
        organization: 'Feed Org',
        company: { name: 'Feed Org', websiteUrl: 'https://feed.example' },
        locations: SPELLINGS,
        category: ['Communications', ' COMMUNICATIONS'],
        // The source says it is remote, whatever its locations say.
        remote: true,
        jobType: 'Full-time',
        description: 'Edits the newsletter.',
        postedDate: 'Today',
        applicationUrl: 'https://feed.example/apply/1',
      },
    ];
    const refreshed = await admin({ url: '/api/refresh-jobs' });
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    const synced = (await jobs()).find((job) => job.title === 'Feed Role in Mérida')!;
    expect(synced).toMatchObject({
      locations: [DECOMPOSED],
      category: ['Communications'],
      remote: true,
    });

    const created = await admin({
      method: 'POST',
      url: '/api/admin/jobs',
      payload: { ...ADMIN_JOB_FORM, locations: [COMPOSED, 'ME\u0301RIDA '] },
    });
    expect(created.statusCode, created.body).toBe(201);
    // One label, kept in the label table once, in the spelling the board had first (the sync's):
    // both jobs name it, and the board's Location filter offers it once.
    expect((created.json() as AdminJob).locations).toEqual([DECOMPOSED]);
    const offered = (await t.app.inject('/api/locations')).json() as string[];
    expect(offered.filter((label) => labelKey(label) === labelKey(COMPOSED))).toHaveLength(1);

    // The admin saves the synced job's locations as typed here: the same label, so nothing
    // changes, and the source's remote flag stays (decided again only when the locations change).
    const saved = await admin({
      method: 'PUT',
      url: `/api/admin/jobs/${synced.id}`,
      payload: { locations: [` ${COMPOSED.toUpperCase()}`] },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ locations: [DECOMPOSED], remote: true });
    const line = (await historyOf(synced.id)).at(-1)!;
    expect(line.summary).toBe('Edited: Saved unchanged');
    expect(line.changes ?? []).toEqual([]);
  });
});
