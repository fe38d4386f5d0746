import { describe, expect, it } from 'vitest';
import { AIRTABLE_REQUESTS_PER_SECOND, AirtableReader } from '../../src/sync/sources/airtable';
import { fetchJson } from '../../src/sync/sources/http';
import { RateLimiter } from '../../src/sync/sources/rate-limiter';
import { airtableJob, mostWithinASecond, startFakeAirtable } from '../support/fake-airtable';

/** A clock that only moves when the limiter waits (and, here, by a scheduler's lateness). */
function fakeTime(lateness: () => number = () => 0) {
  let now = 0;
  return {
    clock: () => now,
    wait: async (ms: number) => {
      now += ms + lateness();
    },
    advance(ms: number) {
      now += ms;
    },
  };
}

describe('the sync rate limiter (a fake clock: nothing here depends on the machine)', () => {
  it('lets 5 start at once, then one more each time the oldest start is a window old', async () => {
    const time = fakeTime();
    const limiter = new RateLimiter(5, time.clock, time.wait);
    const starts: number[] = [];
    for (let i = 0; i < 20; i += 1) {
      await limiter.take();
      starts.push(time.clock());
    }
    expect(starts.slice(0, 5)).toEqual([0, 0, 0, 0, 0]);
    expect(mostWithinASecond(starts)).toBe(5);
    // 20 starts need at least three full windows after the first five.
    expect(starts.at(-1)!).toBeGreaterThanOrEqual(3000);
  });

  it('never lets 6 start within a second, whatever the timers and the requests between take', async () => {
    let seed = 7;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    // Timers that fire up to 4 ms early or 300 ms late, requests that take 0 to 400 ms.
    const time = fakeTime(() => Math.floor(random() * 304) - 4);
    const limiter = new RateLimiter(5, time.clock, time.wait);
    const starts: number[] = [];
    for (let i = 0; i < 200; i += 1) {
      await limiter.take();
      starts.push(time.clock());
      time.advance(Math.floor(random() * 400));
    }
    expect(mostWithinASecond(starts)).toBeLessThanOrEqual(5);
  });
});

describe('the Airtable reader (a fake clock for its limiter)', () => {
  it('asks for each page only once its limiter lets it: 10 pages, at most 5 in any second', async () => {
    const fake = await startFakeAirtable();
    try {
      fake.records = Array.from({ length: 1000 }, (_, i) => airtableJob(i + 1));
      const time = fakeTime();
      const limiter = new RateLimiter(AIRTABLE_REQUESTS_PER_SECOND, time.clock, time.wait);
      const starts: number[] = [];
      const take = limiter.take.bind(limiter);
      limiter.take = async () => {
        await take();
        starts.push(time.clock());
      };
      const { apiKey, apiUrl, baseId, table } = fake;
      const reader = new AirtableReader(
        { apiKey, apiUrl, baseId, table, timeoutMs: 5_000, retryWaitMs: 0 },
        limiter,
      );
      expect(await reader.readAll()).toHaveLength(1000);
      expect(fake.requests).toHaveLength(10);
      expect(starts).toHaveLength(10);
      expect(mostWithinASecond(starts)).toBe(5);
    } finally {
      await fake.close();
    }
  });

  it('waits SYNC_RETRY_WAIT_SECONDS after a 429 that names no Retry-After, and what Retry-After names otherwise', async () => {
    const fake = await startFakeAirtable();
    try {
      fake.records = [airtableJob(1)];
      fake.script = ['429', '429-retry-after', 'ok'];
      const waits: number[] = [];
      const { apiKey, apiUrl, baseId, table } = fake;
      const page = await fetchJson(`${apiUrl}/${baseId}/${table}?pageSize=100`, {
        label: 'Airtable',
        headers: { authorization: `Bearer ${apiKey}` },
        timeoutMs: 5_000,
        retryWaitMs: 30_000,
        wait: async (ms) => {
          waits.push(ms);
        },
      });
      expect(page).toMatchObject({ records: [{ id: expect.any(String) }] });
      // Airtable's own advice without Retry-After is 30 s; the fake's Retry-After says 0.
      expect(waits).toEqual([30_000, 0]);
      expect(fake.requests.map((r) => r.status)).toEqual([429, 429, 200]);
    } finally {
      await fake.close();
    }
  });
});
