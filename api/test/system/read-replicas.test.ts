import type { AdminJob } from '@jobboard/contract/admin';
import { jobToAdminForm } from '@jobboard/contract/admin';
import type { Job, SearchResponse } from '@jobboard/contract/jobs';
import knexFactory from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKnex } from '../../src/platform/db/knex';
import { migrateLatest } from '../../src/platform/db/migrate';
import { signedIn } from '../support/admin';
import { jobInput } from '../support/jobs';
import {
  startPgCluster,
  startPgReplica,
  type PgCluster,
  type PgReplica,
} from '../support/pg-cluster';
import { buildTestApp, testDatabase, type TestApp } from '../support/test-app';

/**
 * DATABASE_READ_URL against a real streaming replica: a primary cluster of the test's own and a
 * hot standby made from it with `pg_basebackup -R`, both on free 127.0.0.1 ports, stopped and
 * removed afterwards. Public reads go to the replica; an admin reads their own write at once; a
 * replica killed mid-run or made to lag is skipped (the visitor sees no error) and used again
 * when it is well. PostgreSQL only (the replicas copy a PostgreSQL primary). Nothing waits a
 * fixed time: each wait polls for what it needs, with a deadline.
 */

/** The replica's URL carries a password (trust auth ignores it): it must never reach the log. */
const PASSWORD = 'replica-pw-never-logged';
const METRICS_TOKEN = 'metrics-token-for-the-replica-test';

let primary: PgCluster;
let replica: PgReplica;
let primaryUrl: string;
let replicaUrl: string;
let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
const log: string[] = [];
/** Queries the app ran on the replica's read pool that read jobs (not the health checks). */
let replicaJobReads = 0;
let jobId: number;

const inDatabase = (serverUrl: string, name: string, password?: string) => {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  if (password) url.password = password;
  return url.toString();
};

beforeAll(async () => {
  if (testDatabase !== 'postgres') return;
  primary = await startPgCluster({ full_page_writes: 'on' });
  const server = knexFactory({ client: 'pg', connection: primary.url, pool: { min: 0, max: 1 } });
  await server.raw('CREATE DATABASE board');
  await server.destroy();
  primaryUrl = inDatabase(primary.url, 'board');
  const db = createKnex({ client: 'postgres', connectionString: primaryUrl });
  await migrateLatest(db);
  await db.destroy();
  replica = await startPgReplica(primary.url);
  replicaUrl = inDatabase(replica.url, 'board', PASSWORD);
  t = await buildTestApp({
    database: { client: 'postgres', connectionString: primaryUrl },
    env: {
      DATABASE_URL: primaryUrl,
      DATABASE_READ_URL: replicaUrl,
      // Far above anything here: these tests show the reads follow the changes, not the lag limit.
      READ_REPLICA_MAX_LAG_SECONDS: '600',
      READ_REPLICA_CHECK_MS: '100',
      METRICS_TOKEN: METRICS_TOKEN,
    },
    logStream: { write: (line) => void log.push(line) },
  });
  countReplicaReads(t);
  admin = await signedIn(t);
  jobId = await t.app.jobs.create(
    jobInput({
      title: 'Quillwort Organizer',
      organization: 'Marshland Trust',
      description: 'Organize volunteers who restore the wetlands.',
      expiresAt: new Date(t.clock.now.getTime() + 10 * 86_400_000),
    }),
    t.clock.now,
  );
}, 180_000);

afterAll(async () => {
  if (testDatabase !== 'postgres') return;
  await t?.close();
  replica?.stop();
  primary?.stop();
});

/** Run `sql` on the replica (pause or resume its replay), on a connection of its own. */
async function onReplica(sql: string): Promise<void> {
  const db = knexFactory({ client: 'pg', connection: replica.url, pool: { min: 0, max: 1 } });
  try {
    await db.raw(sql);
  } finally {
    await db.destroy();
  }
}

function countReplicaReads(app: TestApp) {
  for (const replicaPool of app.app.readReplicas!.replicas) {
    replicaPool.db.on('query', (query: { sql: string }) => {
      if (query.sql.includes('"jobs"')) replicaJobReads += 1;
    });
  }
}

/** Poll `check` until it holds (every 25 ms), failing after `seconds`. */
async function until(what: string, check: () => boolean | Promise<boolean>, seconds = 60) {
  const deadline = Date.now() + seconds * 1000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not within ${seconds} s: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

type Readiness = { status: string; replicas?: { name: string; state: string }[] };
const readiness = async (app: TestApp): Promise<Readiness> => {
  // The replicas are named only to the metrics token (issue 43, finding 8).
  const res = await app.app.inject({
    url: '/readyz',
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Readiness;
};
const replicaState = async (app: TestApp) => (await readiness(app)).replicas?.[0]?.state;

/** The public reads of `app` go to its replica now (it is well and has every known change). */
const replicaInUse = (app: TestApp) => () => app.app.readReplicas!.pick() !== null;

/**
 * A public search for `word` as a visitor, computed afresh (the public-read cache is emptied
 * first, as a change would, without the change): the titles it finds.
 */
async function search(app: TestApp, word: string): Promise<string[]> {
  app.app.publicCache.invalidate();
  const res = await app.app.inject({
    method: 'POST',
    url: '/api/jobs/search',
    payload: { query: word },
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as SearchResponse).jobs.map((job) => job.title);
}

/**
 * Search until one search is served by the replica (a public read may go to the primary while a
 * job change is being caught up with: the jobs version poll learns of this process's own changes
 * too), checking every answer.
 */
async function servedByReplica(app: TestApp, word: string, titles: string[]) {
  await until(`a search for "${word}" served by the replica`, async () => {
    const before = replicaJobReads;
    expect(await search(app, word)).toEqual(titles);
    return replicaJobReads > before;
  });
}

/** The app's metrics, as Prometheus scrapes them. */
async function metrics(app: TestApp): Promise<string> {
  const res = await app.app.inject({
    url: '/metrics',
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  });
  expect(res.statusCode).toBe(200);
  return res.body;
}

/** The replica's name in the log, the metrics and /readyz: its URL without credentials. */
const replicaName = () => `postgres://${new URL(replica.url).host}/board`;

describe.runIf(testDatabase === 'postgres')('read replicas (DATABASE_READ_URL)', () => {
  it('serves the public searches from the replica once it is well', async () => {
    await until('the replica in use', replicaInUse(t));
    expect(await readiness(t)).toMatchObject({
      status: 'ok',
      replicas: [{ name: replicaName(), state: 'ok' }],
    });
    await servedByReplica(t, 'quillwort', ['Quillwort Organizer']);
    const scraped = await metrics(t);
    expect(scraped).toContain(`jobboard_read_replica_up{replica="${replicaName()}",state="ok"} 1`);
    expect(scraped).toMatch(
      new RegExp(`jobboard_read_replica_lag_seconds\\{replica="${replicaName()}"\\} [0-9.]+\\n`),
    );
    expect(scraped).toMatch(
      new RegExp(`jobboard_public_reads_total\\{target="${replicaName()}"\\} [1-9]`),
    );
    expect(scraped).toContain(`jobboard_db_pool_connections{pool="${replicaName()}",state="used"}`);
  });

  it('lets an admin read their own write at once, while the replica has not replayed it', async () => {
    await until('the replica in use', replicaInUse(t));
    // The replica stops replaying: whatever is written now is only on the primary.
    await onReplica('SELECT pg_wal_replay_pause()');
    try {
      const loaded = (await admin({ url: `/api/admin/jobs/${jobId}` })).json() as AdminJob;
      const form = jobToAdminForm(loaded, '2026-01-01');
      const payload = JSON.parse(
        JSON.stringify({ ...form, deadline: form.deadline || null, title: 'Sedge Organizer' }),
      ) as object;
      const saved = await admin({ method: 'PUT', url: `/api/admin/jobs/${jobId}`, payload });
      expect(saved.statusCode, saved.body).toBe(200);

      // At once, with no wait: the admin's public page and search, and a visitor's, show the save.
      const page = await admin({ url: `/api/jobs/${jobId}` });
      expect((page.json() as Job).title).toBe('Sedge Organizer');
      expect(await search(t, 'sedge')).toEqual(['Sedge Organizer']);
      expect(await search(t, 'quillwort')).toEqual([]);
      // The replica was not skipped for lag (its limit is 600 s): the reads went to the primary
      // because it had not replayed the save.
      expect(await replicaState(t)).toBe('ok');
      expect(t.app.readReplicas!.pick()).toBeNull();
    } finally {
      await onReplica('SELECT pg_wal_replay_resume()');
    }
    // Replayed: the replica serves again, and what it serves has the save.
    await servedByReplica(t, 'sedge', ['Sedge Organizer']);
  });

  it('keeps answering from the primary when the replica dies mid-run, and uses it again once back', async () => {
    await until('the replica in use', replicaInUse(t));
    const from = log.length;
    replica.kill();
    // Reads right after the crash: the ones sent to the replica run again on the primary.
    for (let i = 0; i < 5; i++) expect(await search(t, 'sedge')).toEqual(['Sedge Organizer']);
    await until('the replica reported down', async () => (await replicaState(t)) === 'down');
    const scraped = await metrics(t);
    expect(scraped).toContain(
      `jobboard_read_replica_up{replica="${replicaName()}",state="down"} 0`,
    );
    // prom-client writes NaN as `Nan` (Prometheus reads either).
    expect(scraped).toContain(`jobboard_read_replica_lag_seconds{replica="${replicaName()}"} Nan`);
    expect(await search(t, 'wetlands')).toEqual(['Sedge Organizer']);

    replica.start();
    await until('the replica back in use', replicaInUse(t));
    expect(await replicaState(t)).toBe('ok');
    await servedByReplica(t, 'wetlands', ['Sedge Organizer']);

    // Said once each, not per request or per check.
    const lines = log.slice(from).filter((line) => line.includes('read replica'));
    expect(lines.filter((line) => line.includes('read replica skipped'))).toHaveLength(1);
    expect(lines.filter((line) => line.includes('read replica back in use'))).toHaveLength(1);
  });

  it('skips a replica that lags past READ_REPLICA_MAX_LAG_SECONDS, and uses it again once caught up', async () => {
    const lagLog: string[] = [];
    const strict = await buildTestApp({
      database: { client: 'postgres', connectionString: primaryUrl },
      env: {
        DATABASE_URL: primaryUrl,
        DATABASE_READ_URL: replicaUrl,
        READ_REPLICA_MAX_LAG_SECONDS: '1',
        READ_REPLICA_CHECK_MS: '100',
        METRICS_TOKEN,
      },
      logStream: { write: (line) => void lagLog.push(line) },
    });
    try {
      countReplicaReads(strict);
      await until('the replica in use', replicaInUse(strict));
      const from = lagLog.length;
      await onReplica('SELECT pg_wal_replay_pause()');
      try {
        // Writes on the primary that the replica does not replay (not job changes: the reads
        // would go to the primary for those anyway); it falls behind as the time passes.
        const server = knexFactory({
          client: 'pg',
          connection: primary.url,
          pool: { min: 0, max: 1 },
        });
        try {
          await server.raw('CREATE TABLE IF NOT EXISTS lag_probe (n int)');
          await until('the replica reported lagging', async () => {
            await server.raw('INSERT INTO lag_probe VALUES (1)');
            return (await replicaState(strict)) === 'lagging';
          });
        } finally {
          await server.destroy();
        }
        const before = replicaJobReads;
        expect(await search(strict, 'sedge')).toEqual(['Sedge Organizer']);
        expect(replicaJobReads).toBe(before);
      } finally {
        await onReplica('SELECT pg_wal_replay_resume()');
      }
      await until('the replica back in use', replicaInUse(strict));
      await servedByReplica(strict, 'sedge', ['Sedge Organizer']);
      const skipped = lagLog.slice(from).filter((line) => line.includes('read replica skipped'));
      expect(skipped).toHaveLength(1);
      expect(skipped[0]).toContain('READ_REPLICA_MAX_LAG_SECONDS');
    } finally {
      await strict.close();
    }
    // The replica's password never reached a log line.
    expect([...log, ...lagLog].join('\n')).not.toContain(PASSWORD);
    expect(log.some((line) => line.includes(replicaName()))).toBe(true);
  });
});
