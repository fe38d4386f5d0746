import type { Knex } from 'knex';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { migrations } from '../../src/platform/db/migrations';
import { createKnex } from '../../src/platform/db/knex';
import { migrateLatest } from '../../src/platform/db/migrate';
import { JOB_CHANGES_CHANNEL, type JobChangeListener } from '../../src/jobs/job-change-listener';
import { CSRF, createAdmin, login, sessionCookie } from '../support/admin';
import { parseMail, tokenIn } from '../support/alert-mail';
import { ADMIN_JOB_FORM, createJobs } from '../support/jobs';
import { SmtpPeer } from '../support/smtp-peer';
import { buildTestApp, freshDatabase, testDatabase, type TestApp } from '../support/test-app';
import { injectWithProof } from '../support/human-proof';

/**
 * Two API processes on one database (two app instances here, each with its own pools and
 * memory, as two processes have): a sign-in made on one holds on the other, a job changed through
 * one is served by the other within the public cache's bound (on PostgreSQL as soon as its
 * NOTIFY arrives, and by the poll while the listener is away), and two starts at once migrate once.
 *
 * Covered in their own files, on two app instances on one database: each digest sent once
 * (alerts.test.ts, "sends each digest once when two runs in two processes go at the same time"),
 * the outbox delivered once (mail.test.ts, "never lets two senders (two server processes) deliver
 * the same message"), one sync at a time (sync-airtable.test.ts, "never interleaves two syncs, in
 * one process or two"), the renewal reminder once (renewals.test.ts, "goes once across two app
 * instances on one database"), the rate limits shared (shared-limits.test.ts). The schedulers
 * firing in both instances at once are below.
 */

let one: TestApp;
let two: TestApp;
beforeAll(async () => {
  one = await buildTestApp();
  two = await buildTestApp({ sameDatabaseAs: one });
});
afterAll(async () => {
  await two.close();
  await one.close();
});

/** The public cache compares the jobs version at most this often (jobs/public-cache.ts). */
const VERSION_CHECK_MS = 1000;

describe(`two API processes on one ${testDatabase} database`, () => {
  it('a sign-in made on one works on the other, and a sign-out on either ends it', async () => {
    await createAdmin(one);
    const cookie = sessionCookie(await login(one));
    const checkAuth = (t: TestApp) =>
      t.app.inject({ url: '/api/admin/check-auth', headers: { cookie } });
    expect((await checkAuth(one)).statusCode).toBe(200);
    const onTwo = await checkAuth(two);
    expect(onTwo.statusCode).toBe(200);
    expect(onTwo.json()).toMatchObject({ username: 'alice' });
    // A write on the other process with that session.
    const created = await two.app.inject({
      method: 'POST',
      url: '/api/admin/promo-codes',
      headers: { ...CSRF, cookie },
      payload: { code: 'TWOPROC', percentOff: 10 },
    });
    expect(created.statusCode, created.body).toBe(201);

    const out = await two.app.inject({
      method: 'POST',
      url: '/api/admin/logout',
      headers: { ...CSRF, cookie },
    });
    expect(out.statusCode).toBe(200);
    expect((await checkAuth(one)).statusCode).toBe(401);
    expect((await checkAuth(two)).statusCode).toBe(401);
  });

  it.runIf(testDatabase === 'sqlite')(
    `serves a job added through the other process within ${VERSION_CHECK_MS} ms`,
    async () => {
      const titles = async (t: TestApp) => {
        const list = await t.app.inject('/api/jobs');
        const search = await t.app.inject({
          method: 'POST',
          url: '/api/jobs/search',
          payload: { query: 'cartographer' },
        });
        return {
          list: list.json().map((job: { title: string }) => job.title) as string[],
          search: search.json().jobs.map((job: { title: string }) => job.title) as string[],
        };
      };
      // Both answers are in the second process's cache.
      expect(await titles(two)).toEqual({ list: [], search: [] });
      expect(await titles(two)).toEqual({ list: [], search: [] });

      // The cache's bound is kept by the real clock (Date.now): stopped here and moved by hand, so
      // the bound is checked exactly, however long the requests take on a busy machine.
      vi.useFakeTimers({ toFake: ['Date'] });
      try {
        await createJobs(one.app, [{ title: 'Newsroom Cartographer' }]);
        expect((await titles(one)).search).toEqual(['Newsroom Cartographer']); // at once on its own

        vi.setSystemTime(Date.now() + VERSION_CHECK_MS);
        const seen = await titles(two);
        expect(seen).toEqual({
          list: ['Newsroom Cartographer'],
          search: ['Newsroom Cartographer'],
        });
      } finally {
        vi.useRealTimers();
      }
    },
  );
});

describe.runIf(testDatabase === 'postgres')('job changes heard through PostgreSQL NOTIFY', () => {
  let admin: (options: InjectOptions) => Promise<LightMyRequestResponse>;
  let jobId: number;
  const listenerOf = (t: TestApp): JobChangeListener => t.app.jobChangeListener!;
  const titleOn = async (t: TestApp) => {
    const answer = await t.app.inject(`/api/jobs/${jobId}`);
    return answer.json<{ title: string }>().title;
  };
  /** An admin's save through the first process. */
  const rename = async (title: string) => {
    const saved = await admin({
      method: 'PUT',
      url: `/api/admin/jobs/${jobId}`,
      payload: { ...ADMIN_JOB_FORM, title },
    });
    expect(saved.statusCode, saved.body).toBe(200);
  };

  beforeAll(async () => {
    await createAdmin(one);
    const cookie = sessionCookie(await login(one));
    admin = (options) => one.app.inject({ ...options, headers: { ...CSRF, cookie } });
    const created = await admin({
      method: 'POST',
      url: '/api/admin/jobs',
      payload: ADMIN_JOB_FORM,
    });
    expect(created.statusCode, created.body).toBe(201);
    jobId = created.json<{ id: number }>().id;
    await Promise.all([listenerOf(one).whenConnected(), listenerOf(two).whenConnected()]);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("an admin's save through one is served by the other as soon as its notification arrives", async () => {
    expect(await titleOn(two)).toBe(ADMIN_JOB_FORM.title); // in the second process's cache
    // The real clock stopped: the cache cannot compare the version by time, only NOTIFY can
    // tell the second process.
    vi.useFakeTimers({ toFake: ['Date'] });
    const heard = listenerOf(two).nextNotice();
    const saved = performance.now();
    await rename('Grants Director');
    await heard;
    const afterMs = performance.now() - saved;
    expect(await titleOn(two)).toBe('Grants Director');
    expect(afterMs).toBeLessThan(1000); // well within the poll's second (a few ms when idle)
  });

  it('after the listener loses its connection the poll still shows a change, and NOTIFY is back once it reconnects', async () => {
    expect(await titleOn(two)).toBe('Grants Director');
    const pid = listenerOf(two).backendPid!;
    const lost = listenerOf(two).whenDisconnected();
    await one.db.raw('SELECT pg_terminate_backend(?)', [pid]);
    await lost;

    // While it is away: the version is compared every second again.
    vi.useFakeTimers({ toFake: ['Date'] });
    await rename('Grants Lead');
    vi.setSystemTime(Date.now() + VERSION_CHECK_MS);
    expect(await titleOn(two)).toBe('Grants Lead');

    // It reconnects by itself (another backend), and hears the next change with the clock stopped.
    await listenerOf(two).whenConnected();
    expect(listenerOf(two).backendPid).not.toBe(pid);
    expect(await titleOn(two)).toBe('Grants Lead');
    const heard = listenerOf(two).nextNotice();
    await rename('Grants Manager');
    await heard;
    expect(await titleOn(two)).toBe('Grants Manager');
  });

  it('a change made while the listener is away and before the poll is due is seen once it reconnects', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    expect(await titleOn(two)).toBe('Grants Manager');
    const lost = listenerOf(two).whenDisconnected();
    await one.db.raw('SELECT pg_terminate_backend(?)', [listenerOf(two).backendPid!]);
    await lost;
    await rename('Grants Chief'); // its NOTIFY reaches no listener of the second process
    await listenerOf(two).whenConnected();
    // The clock has not moved: the reconnect itself compared the version.
    await vi.waitUntil(async () => (await titleOn(two)) === 'Grants Chief', { timeout: 10_000 });
  });

  it('a process does not drop its cache again for its own notification', async () => {
    const heard = listenerOf(one).nextNotice();
    await rename('Grants Officer');
    expect(await titleOn(one)).toBe('Grants Officer'); // dropped on commit, cached again
    expect((await heard).sender).toBe(one.app.jobChanges.sender);
    // Its notice is only a wake-up (a read of the jobs version), never a reason to drop answers.
    let queries = 0;
    const count = (query: { sql: string }) => {
      if (!query.sql.includes('cache_versions')) queries += 1;
    };
    one.app.db.on('query', count);
    try {
      expect(await titleOn(one)).toBe('Grants Officer');
    } finally {
      one.app.db.removeListener('query', count);
    }
    expect(queries).toBe(0); // still the cached answer
  });

  it("a forged notification cannot hold a process's answers stale (issue 43, finding 11)", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    expect(await titleOn(two)).toBe('Grants Officer');
    // Someone who can reach the database announces a huge version, as the process itself.
    const forged = listenerOf(two).nextNotice();
    await one.db.raw('SELECT pg_notify(?, ?)', [
      JOB_CHANGES_CHANNEL,
      `${Number.MAX_SAFE_INTEGER} ${two.app.jobChanges.sender}`,
    ]);
    await forged;
    expect(await titleOn(two)).toBe('Grants Officer');
    // The next real change is served by the other process as soon as it hears it, the clock stopped.
    const heard = listenerOf(two).nextNotice();
    await rename('Grants Partner');
    await heard;
    expect(await titleOn(two)).toBe('Grants Partner');
  });
});

describe(`both processes' schedulers on, on one ${testDatabase} database`, () => {
  let smtp: SmtpPeer;
  const apps: TestApp[] = [];
  beforeAll(async () => {
    smtp = await new SmtpPeer().start();
  });
  afterAll(async () => {
    while (apps.length) await apps.pop()!.close();
    await smtp.stop();
  });

  it('sends each due digest once, and delivers each e-mail once, when both schedulers fire', async () => {
    const mail = { SMTP_URL: smtp.url, MAIL_FROM: 'Jobs <jobs@board.example>' };
    // The alerts are made on a third instance with its schedulers off (the tests' default).
    const base = await buildTestApp({ env: mail });
    apps.push(base);
    const readers = Array.from({ length: 5 }, (_, i) => `both${i}@example.org`);
    for (const email of readers) {
      const subscribed = await injectWithProof(base.app, {
        method: 'POST',
        url: '/api/alerts',
        payload: { email, frequency: 'daily', search: '?q=grants' },
        remoteAddress: '203.0.113.20',
      });
      expect(subscribed.statusCode, subscribed.body).toBe(201);
    }
    await base.app.mailer.flush();
    for (const email of readers) {
      const confirmation = smtp.received.find((m) => m.to.includes(email))!;
      const token = tokenIn(parseMail(confirmation).body, 'confirm');
      const confirmed = await base.app.inject({
        method: 'POST',
        url: `/api/alerts/${token}/confirm`,
      });
      expect(confirmed.statusCode).toBe(200);
    }
    await createJobs(base.app, [{ title: 'Grants Coordinator' }]);
    smtp.received.length = 0;

    // A day later two processes start together, each with the digest scheduler (its first run at
    // start) and the e-mail sender (every second) on.
    const later = new Date(base.clock.now.getTime() + 24 * 60 * 60_000);
    const env = { ...mail, ALERT_DIGEST_INTERVAL_MINUTES: '1', MAIL_POLL_SECONDS: '1' };
    const both = await Promise.all(
      [1, 2].map(() => buildTestApp({ sameDatabaseAs: base, now: later, env })),
    );
    apps.push(...both);
    await Promise.all(both.map((t) => t.app.alertDigests.idle()));

    const digests = await base.db('outbox').where({ template: 'alert-digest' });
    expect(digests.map((row: { to_address: string }) => row.to_address).sort()).toEqual(readers);
    await vi.waitUntil(() => smtp.received.length >= readers.length, { timeout: 30_000 });
    await Promise.all(both.map((t) => t.app.mailer.flush()));
    expect(smtp.received.map((m) => m.to[0]).sort()).toEqual(readers);
    expect(await base.db('job_alerts').whereNotNull('lease_until')).toEqual([]);
  });
});

describe(`starting together on a fresh ${testDatabase} database`, () => {
  const pools: Knex[] = [];
  let dispose: () => Promise<void>;
  afterAll(async () => {
    await Promise.all(pools.map((pool) => pool.destroy()));
    await dispose?.();
  });

  it('migrates once: every start succeeds and each migration is applied exactly once', async () => {
    const fresh = await freshDatabase();
    dispose = fresh.dispose;
    // Three processes, each with its own pool, as three servers starting at once.
    pools.push(...[1, 2, 3].map(() => createKnex(fresh.database)));
    const results = await Promise.allSettled(pools.map((pool) => migrateLatest(pool)));
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled']);

    const applied = results.flatMap((result) =>
      result.status === 'fulfilled' ? result.value : [],
    );
    const names = migrations.map((migration) => migration.name);
    expect([...applied].sort()).toEqual([...names].sort()); // each by exactly one of them
    const rows = await pools[0]!('knex_migrations').select('name').orderBy('id');
    expect(rows.map((row: { name: string }) => row.name)).toEqual(names);
    const locks = await pools[0]!('knex_migrations_lock').select('is_locked');
    expect(locks).toEqual([{ is_locked: 0 }]);

    // A later start finds nothing to do.
    expect(await migrateLatest(pools[1]!)).toEqual([]);
  });
});
