import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LIVE_AT, daysAfterLive, liveListing, setSettings } from '../support/check-ins';
import { planOf, queriesOf } from '../support/query-plans';
import { buildTestApp, testDatabase, type TestApp } from '../support/test-app';

/**
 * The still-hiring check-ins' run (issue 45) finds the submission each listing came from by the
 * submissions' index on their job (migration 20261130011000): the run asks it for every batch of
 * listings with one due and for each listing it takes off the board, and without the index each
 * question read every submission (at 100,000 listings, 2.8 s for an hour's 48 check-ins on
 * SQLite: `pnpm bench --only=trust`).
 */

let t: TestApp;
beforeEach(async () => {
  t = await buildTestApp({ now: LIVE_AT });
});
afterEach(() => t.close());

/** The queries of `submissions` by job among those the app ran. */
const bySubmissionJob = <Q extends { sql: string }>(queries: Q[]) =>
  queries.filter(({ sql }) => /from ["`]submissions["`]/.test(sql) && sql.includes('job_id'));

describe(`the check-ins' run's reads on ${testDatabase}`, () => {
  it("reads each listing's submission through the submissions' job index", async () => {
    await setSettings(t, { checkInAutoClose: true });
    await liveListing(t);
    daysAfterLive(t, 14);
    let report: unknown;
    const asking = await queriesOf(t.db, async () => (report = await t.app.checkIns.run()));
    expect(report).toMatchObject({ sent: 1 });
    daysAfterLive(t, 21.5);
    const closing = await queriesOf(t.db, async () => (report = await t.app.checkIns.run()));
    expect(report).toMatchObject({ flagged: 1, closed: 1 });

    const reads = [...bySubmissionJob(asking), ...bySubmissionJob(closing)];
    // The batch's read when asking, the listing's when taking it off.
    expect(bySubmissionJob(asking).length).toBeGreaterThanOrEqual(1);
    expect(bySubmissionJob(closing).length).toBeGreaterThanOrEqual(1);
    for (const { sql, bindings } of reads) {
      expect(await planOf(t.db, sql, bindings)).toContain('submissions_job_id_index');
    }
  });
});
