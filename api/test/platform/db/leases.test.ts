import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPLICATION_DIGEST_LEASE } from '../../../src/applications/applications-upkeep-repository';
import type { Lease } from '../../../src/platform/db/lease';
import { LINK_CHECK_LEASE } from '../../../src/link-checks/link-checks-repository';
import { NEWSLETTER_LEASE } from '../../../src/newsletter/newsletter-repository';
import { Conflict } from '../../../src/platform/domain-errors';
import { REMINDER_LEASE } from '../../../src/renewals/renewals-repository';
import { RETENTION_LEASE } from '../../../src/retention/retention-repository';
import { SYNC_LEASE } from '../../../src/sync/sync-repository';
import { airtableEnv, startFakeAirtable, type FakeAirtable } from '../../support/fake-airtable';
import { buildTestApp, testDatabase, type TestApp } from '../../support/test-app';

/**
 * The one lease (db/lease.ts, issue 41, R9) over its tables: the sync, the retention run, the
 * renewal reminders, the employers' application digests, the weekly newsletter draft and the
 * application-link checker (issue 45) behave alike, each with the work that takes it, on the app's clock (moved by the test, never
 * waited on).
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

let fake: FakeAirtable;
let t: TestApp;
beforeAll(async () => {
  fake = await startFakeAirtable();
  t = await buildTestApp({ env: airtableEnv(fake) });
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

interface LeaseUser {
  name: string;
  lease: Lease;
  table: string;
  /** The work that takes the lease, now: whether it ran (false: the lease was taken). */
  run(): Promise<boolean>;
}

const USERS: LeaseUser[] = [
  {
    name: 'the sync',
    lease: SYNC_LEASE,
    table: 'sync_lease',
    async run() {
      try {
        await t.app.sync.run('admin', t.clock.now, t.app.log);
        return true;
      } catch (error) {
        if (error instanceof Conflict) return false;
        throw error;
      }
    },
  },
  {
    name: 'the retention run',
    lease: RETENTION_LEASE,
    table: 'retention_lease',
    run: async () => (await t.app.retention.run()).ran,
  },
  {
    name: 'the renewal reminders',
    lease: REMINDER_LEASE,
    table: 'renewal_reminder_lease',
    run: async () => (await t.app.renewals.remind()).ran,
  },
  {
    name: "the employers' application digests",
    lease: APPLICATION_DIGEST_LEASE,
    table: 'application_digest_lease',
    run: async () => (await t.app.applicationUpkeep.sendDigests()).ran,
  },
  {
    name: 'the weekly newsletter draft',
    lease: NEWSLETTER_LEASE,
    table: 'newsletter_schedule',
    async run() {
      // Its week's slot due each time (a run that took it would wait a week for the next).
      await t.db('newsletter_schedule').update({ enabled: true, last_slot_at: null });
      return (await t.app.newsletter.runWeeklyDraft()).outcome !== 'busy';
    },
  },
  {
    name: 'the application-link checker',
    lease: LINK_CHECK_LEASE,
    table: 'link_check_lease',
    run: async () => (await t.app.linkChecks.run()).ran,
  },
];

const at = (ms: number) => (t.clock.now = new Date(ms));
const holderOf = async (table: string) =>
  ((await t.db(table).first('holder')) as { holder: string | null }).holder;

describe.each(USERS)(`$name's lease on ${testDatabase}`, ({ lease, table, run }) => {
  it('goes to one of two contenders at once', async () => {
    const now = t.clock.now.getTime();
    const won = await Promise.all(['a', 'b'].map((who) => lease.tryAcquire(t.db, who, now, HOUR)));
    expect(won.filter(Boolean)).toHaveLength(1);
    const winner = won[0] ? 'a' : 'b';
    expect(await holderOf(table)).toBe(winner);
    await lease.release(t.db, winner);
    expect(await holderOf(table)).toBeNull();
  });

  it('keeps its work from running while held and renewed; once it runs out, the work takes over', async () => {
    const start = t.clock.now.getTime();
    expect(await lease.tryAcquire(t.db, 'another process', start, MINUTE)).toBe(true);
    expect(await run()).toBe(false);

    at(start + MINUTE - 1);
    expect(await lease.renew(t.db, 'another process', t.clock.now.getTime(), MINUTE)).toBe(true);
    at(start + MINUTE + 1);
    expect(await run()).toBe(false);

    // Its holder died: past the renewed end, the work takes the lease, and lets go when done.
    at(start + 2 * MINUTE);
    expect(await run()).toBe(true);
    expect(await holderOf(table)).toBeNull();
    expect(await lease.renew(t.db, 'another process', t.clock.now.getTime(), MINUTE)).toBe(false);
  });

  it('is free at once when released', async () => {
    const now = t.clock.now.getTime();
    expect(await lease.tryAcquire(t.db, 'another process', now, HOUR)).toBe(true);
    await lease.release(t.db, 'another process');
    expect(await run()).toBe(true);
  });
});
