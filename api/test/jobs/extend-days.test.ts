import {
  EXTEND_DAYS,
  bulkSummary,
  type AdminJob,
  type BulkJobResult,
  type HistoryEntry,
} from '@jobboard/contract/admin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn } from '../support/admin';
import { createJobs } from '../support/jobs';
import { buildTestApp, testDatabase, type TestApp } from '../support/test-app';

/**
 * R2 of issue 41: how long an admin's Extend keeps a listing up has one home, the contract's
 * EXTEND_DAYS. One job's extend (the job page's button) and a bulk extend (the dashboard's bar)
 * both add it, and both say it, in the history and in the bulk action's message; the admin's
 * buttons state it too (mfe-admin: JobView.test.tsx). The days are the server's: a client that
 * asks for others is refused and nothing changes.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
const NOW = new Date('2026-11-22T12:00:00Z');
/** A listing still up, ending in ten days; and one that ended yesterday. */
const LIVE_END = new Date(NOW.getTime() + 10 * DAY_MS);
const ENDED = new Date(NOW.getTime() - DAY_MS);

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
let ids: Record<string, string>;

beforeAll(async () => {
  t = await buildTestApp({ now: NOW });
  admin = await signedIn(t);
  ids = await createJobs(t.app, [
    { title: 'One, live', expiresAt: LIVE_END },
    { title: 'Bulk, live', expiresAt: LIVE_END },
    { title: 'One, ended', expiresAt: ENDED },
    { title: 'Bulk, ended', expiresAt: ENDED },
    { title: 'Asked for other days', expiresAt: LIVE_END },
  ]);
});
afterAll(() => t.close());

const jobOf = async (title: string) =>
  (await admin({ url: `/api/admin/jobs/${ids[title]}` })).json() as AdminJob;
const lastLineOf = async (title: string) =>
  ((await admin({ url: `/api/admin/jobs/${ids[title]}/history` })).json() as HistoryEntry[]).at(
    -1,
  )!;
const extendOne = (title: string, payload?: object) =>
  admin({ method: 'POST', url: `/api/admin/jobs/${ids[title]}/extend`, payload });

describe(`an admin's Extend on ${testDatabase} (issue 41, R2)`, () => {
  it(`adds EXTEND_DAYS (${EXTEND_DAYS}) to one job and to many alike, from the end or from today`, async () => {
    // The admin area of this release sends no days; an earlier one sends { days: 30 }.
    expect((await extendOne('One, live')).statusCode).toBe(200);
    expect((await extendOne('One, ended', { days: EXTEND_DAYS })).statusCode).toBe(200);
    const bulk = await admin({
      method: 'POST',
      url: '/api/admin/jobs/bulk',
      payload: { action: 'extend', ids: [Number(ids['Bulk, live']), Number(ids['Bulk, ended'])] },
    });
    expect(bulk.statusCode, bulk.body).toBe(200);
    expect((bulk.json() as BulkJobResult).message).toBe(bulkSummary('extend', 2, 0));
    expect(bulkSummary('extend', 2, 0)).toContain(`extended by ${EXTEND_DAYS} days`);

    const fromEnd = new Date(LIVE_END.getTime() + EXTEND_DAYS * DAY_MS).toISOString();
    const fromToday = new Date(NOW.getTime() + EXTEND_DAYS * DAY_MS).toISOString();
    const ends = {
      'One, live': (await jobOf('One, live')).expiresAt,
      'Bulk, live': (await jobOf('Bulk, live')).expiresAt,
      'One, ended': (await jobOf('One, ended')).expiresAt,
      'Bulk, ended': (await jobOf('Bulk, ended')).expiresAt,
    };
    expect(ends).toEqual({
      'One, live': fromEnd,
      'Bulk, live': fromEnd,
      'One, ended': fromToday,
      'Bulk, ended': fromToday,
    });

    // Each history says so in the same words, whichever way it was extended.
    const said = `Extended by ${EXTEND_DAYS} days, to ${fromEnd.slice(0, 10)}`;
    expect((await lastLineOf('One, live')).summary).toBe(said);
    expect((await lastLineOf('Bulk, live')).summary).toBe(said);
    expect((await lastLineOf('One, ended')).summary).toBe(
      (await lastLineOf('Bulk, ended')).summary,
    );
  });

  it('refuses other days with a message naming the days it takes, and changes nothing', async () => {
    const before = await jobOf('Asked for other days');
    const refused = await extendOne('Asked for other days', { days: 14 });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields).toEqual({
      days: `A listing is extended by ${EXTEND_DAYS} days; send no days to extend it`,
    });
    expect(await jobOf('Asked for other days')).toEqual(before);
  });
});
