import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { signedIn } from '../support/admin';
import {
  airtableEnv,
  airtableJob,
  mostWithinASecond,
  startFakeAirtable,
  type FakeAirtable,
} from '../support/fake-airtable';
import { buildTestApp, testDatabase, type TestApp } from '../support/test-app';

/**
 * A sync of 1,000 records from the fake Airtable on the real clock: the requests leave the API at
 * most 5 a second, as Airtable allows, and the figure of the sync is printed as `[sync figure]`
 * (docs/operations.md). Real time is what this measures: the sync's pacing waits on real timers.
 * The pacing on a fake clock is in the fast tier (sync/sync-rate-limiter.test.ts), the sync's
 * answers in sync/sync-airtable.test.ts.
 */

const SYNC_ENV = { SYNC_RETRY_WAIT_SECONDS: '0.2', SYNC_REQUEST_TIMEOUT_SECONDS: '1' };

describe(`a sync of 1,000 records (10 pages) on ${testDatabase}`, () => {
  let big: FakeAirtable;
  let app: TestApp;
  beforeAll(async () => {
    big = await startFakeAirtable();
    app = await buildTestApp({ env: { ...airtableEnv(big), ...SYNC_ENV } });
  });
  afterAll(async () => {
    await app.close();
    await big.close();
  });

  it('keeps to 5 requests a second, and reports its counts and time', async () => {
    // When each request to Airtable leaves the API: the limit holds there. (Their arrival at the
    // fake follows the machine's load: a request sent on time may arrive late, next to the following
    // one; reported below, not asserted.)
    const sent: number[] = [];
    const realFetch = globalThis.fetch;
    globalThis.fetch = (input, init) => {
      if (String(input instanceof Request ? input.url : input).startsWith(big.apiUrl)) {
        sent.push(performance.now());
      }
      return realFetch(input, init);
    };
    onTestFinished(() => {
      globalThis.fetch = realFetch;
    });
    big.records = Array.from({ length: 1000 }, (_, i) => airtableJob(i + 1));
    const request = await signedIn(app);
    const started = performance.now();
    const res = await request({ url: '/api/refresh-jobs' });
    const ended = performance.now();
    const firstMs = ended - started;
    // The reading is paced by the rate limit (10 pages at 5 a second); the rest is ours.
    const readMs = big.requests.at(-1)!.at - started;
    const writeMs = ended - big.requests.at(-1)!.at;
    expect(res.json()).toMatchObject({ created: 1000, updated: 0, deactivated: 0, skipped: 0 });
    expect(big.requests).toHaveLength(10);
    expect(sent).toHaveLength(10);
    expect(mostWithinASecond(sent)).toBeLessThanOrEqual(5);

    const againStarted = performance.now();
    const again = await request({ url: '/api/refresh-jobs' });
    const againMs = performance.now() - againStarted;
    expect(again.json()).toMatchObject({ created: 0, updated: 0, unchanged: 1000 });

    for (const record of big.records) record.fields.Title = `${String(record.fields.Title)} (v2)`;
    const changedStarted = performance.now();
    const changed = await request({ url: '/api/refresh-jobs' });
    const changedMs = performance.now() - changedStarted;
    expect(changed.json()).toMatchObject({ created: 0, updated: 1000 });
    expect(sent).toHaveLength(30);
    expect(mostWithinASecond(sent)).toBeLessThanOrEqual(5);

    console.log(
      `[sync figure] ${testDatabase}: 1,000 records in 10 pages: first sync ${res.json().message} in ${Math.round(firstMs)} ms ` +
        `(${Math.round(readMs)} ms until the last page was asked for, ${Math.round(writeMs)} ms from there: mapping and the transaction); ` +
        `same again (1,000 unchanged) in ${Math.round(againMs)} ms; every record changed (1,000 updated) in ${Math.round(changedMs)} ms; ` +
        `at most ${mostWithinASecond(sent)} requests sent and ${big.maxPerSecond()} arrived in any second`,
    );
  }, 60_000);
});
