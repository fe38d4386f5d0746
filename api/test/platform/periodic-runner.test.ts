import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PeriodicRunner } from '../../src/platform/periodic-runner';
import { airtableEnv, startFakeAirtable } from '../support/fake-airtable';
import { buildTestApp, testDatabase } from '../support/test-app';

/**
 * The one periodic runner (periodic-runner.ts, issue 41, R9), on fake timers: never two runs at
 * once, failures logged, stopped on close; and every background loop of the real app is one.
 */

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** A run that lasts until the test lets it end. */
function heldWork() {
  let inFlight = 0;
  let most = 0;
  const ends: (() => void)[] = [];
  return {
    run: () => {
      inFlight += 1;
      most = Math.max(most, inFlight);
      return new Promise<void>((resolve) =>
        ends.push(() => {
          inFlight -= 1;
          resolve();
        }),
      );
    },
    endAll: () => ends.splice(0).forEach((end) => end()),
    get most() {
      return most;
    },
  };
}

const quietLog = () => ({ error: vi.fn(), warn: vi.fn() });

describe('the periodic runner', () => {
  it('runs every interval on a timer that holds no process open, never two runs at once', async () => {
    vi.useFakeTimers();
    const work = heldWork();
    const runner = new PeriodicRunner({ name: 'work', everyMs: 1_000, run: work.run }, quietLog());
    runner.start();
    expect(vi.getTimerCount()).toBe(1);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(runner.runs).toBe(1);
    // Four more ticks while the first run is held: one run follows it, not four beside it.
    await vi.advanceTimersByTimeAsync(4_000);
    expect(runner.runs).toBe(1);
    work.endAll();
    await vi.advanceTimersByTimeAsync(0);
    expect(runner.runs).toBe(2);
    work.endAll();
    await runner.idle();
    expect(work.most).toBe(1);
    await runner.stop();
  });

  it('logs a failed run and runs again at the next tick', async () => {
    vi.useFakeTimers();
    const log = quietLog();
    const failure = new Error('database gone');
    const run = vi.fn().mockRejectedValueOnce(failure).mockResolvedValue(undefined);
    const runner = new PeriodicRunner(
      { name: 'purge', everyMs: 1_000, run, failureLevel: 'warn' },
      log,
    );
    runner.start();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(log.warn).toHaveBeenCalledWith({ err: failure }, 'purge failed');
    await vi.advanceTimersByTimeAsync(1_000);
    expect(run).toHaveBeenCalledTimes(2);
    await runner.stop();
  });

  it('stops: waits for the run in flight, then runs no more', async () => {
    vi.useFakeTimers();
    const work = heldWork();
    const runner = new PeriodicRunner({ name: 'work', everyMs: 1_000, run: work.run }, quietLog());
    runner.start();
    await vi.advanceTimersByTimeAsync(1_000);
    let stopped = false;
    const stopping = runner.stop().then(() => (stopped = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(stopped).toBe(false);
    work.endAll();
    await stopping;
    expect(vi.getTimerCount()).toBe(0);
    runner.runNow();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(runner.runs).toBe(1);
  });

  it('is off at an interval of 0: no timer, no run even when asked', async () => {
    vi.useFakeTimers();
    const run = vi.fn(async () => {});
    const runner = new PeriodicRunner({ name: 'off', everyMs: 0, run }, quietLog());
    runner.start();
    runner.runNow();
    await runner.idle();
    expect(vi.getTimerCount()).toBe(0);
    expect(run).not.toHaveBeenCalled();
  });
});

/** The app's background loops the issue names (R9), each with its scheduling setting on. */
const SCHEDULED = [
  'outbox run',
  'job-alert digest run',
  'renewal reminders',
  'application digest run',
  'retention run',
  'job stats roll-up',
  'scheduled job sync',
  'weekly newsletter draft',
  'social posts run',
  'still-hiring check-ins',
  'link check run',
  'scheduled backup',
];

describe(`the app's background loops on ${testDatabase}`, () => {
  it('are periodic runners: started when ready, one run at a time, stopped on close', async () => {
    const started: PeriodicRunner[] = [];
    const start = PeriodicRunner.prototype.start;
    vi.spyOn(PeriodicRunner.prototype, 'start').mockImplementation(function (this: PeriodicRunner) {
      started.push(this);
      start.call(this);
    });
    const fake = await startFakeAirtable();
    const dataDir = mkdtempSync(path.join(tmpdir(), 'jobboard-loops-'));
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const t = await buildTestApp({
      env: {
        ...airtableEnv(fake),
        SYNC_INTERVAL_MINUTES: '60',
        MAIL_POLL_SECONDS: '60',
        ALERT_DIGEST_INTERVAL_MINUTES: '60',
        RETENTION_INTERVAL_MINUTES: '60',
        RENEWAL_REMINDER_INTERVAL_MINUTES: '60',
        CHECK_IN_INTERVAL_MINUTES: '60',
        APPLICATION_DIGEST_INTERVAL_MINUTES: '60',
        NEWSLETTER_DRAFT_INTERVAL_MINUTES: '60',
        SOCIAL_POLL_SECONDS: '3600',
        LINK_CHECK_INTERVAL_MINUTES: '60',
        BACKUP_SCHEDULE: '03:00',
        // The scheduled backup's first look takes one: into a folder of the test's own.
        DATA_DIR: dataDir,
      },
    });
    // Those started when the app was ready (a sync starts one of its own to renew its lease).
    const loops = [...started];
    const runsSince = (before: number[]) => loops.map((runner, i) => runner.runs - before[i]!);
    try {
      expect(loops.map((runner) => runner.name)).toEqual(expect.arrayContaining(SCHEDULED));
      await Promise.all(loops.map((runner) => runner.idle())); // the runs at start
      const before = loops.map((runner) => runner.runs);
      // Five hours of ticks at once, before any run can end: each starts one run, no more.
      vi.advanceTimersByTime(5 * 60 * 60_000);
      expect(runsSince(before)).toEqual(loops.map(() => 1));
      await Promise.all(loops.map((runner) => runner.idle()));
      // The ticks that came while it ran make one run after it.
      expect(runsSince(before)).toEqual(loops.map(() => 2));
    } finally {
      await t.close();
      rmSync(dataDir, { recursive: true, force: true });
      await fake.close();
    }
    const closed = loops.map((runner) => runner.runs);
    vi.advanceTimersByTime(24 * 60 * 60_000);
    expect(runsSince(closed)).toEqual(loops.map(() => 0));
  });
});
