/**
 * Counting views and apply clicks (issue 30): what a count costs the request that makes it, and
 * what writing a batch costs. The view beacon (POST /api/jobs/:id/view) and the Apply redirect
 * (GET /jobs/:id/apply) under load against the production site, every request a new visitor (a
 * different client: the worst case, each one a row to write) and the same visitor again (the
 * buffer and the insert drop it), beside a bare Fastify route answering the same empty 204 and
 * the API's cached read of the job, the latter driven both ways too (autocannon rebuilding each
 * request for a new client costs the load generator, on the same cores, about a quarter more); then
 * the flush of 10,000 buffered views, in the key's order, 2,000 rows a statement, duplicates
 * ignored, on SQLite and PostgreSQL.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createKnex, migrateLatest, toolJobs, toolJobStats } from '@jobboard/api/tooling';
import { BENCH_NOW, sqliteFileWithJobs } from '../data/bench-database';
import { generateJobs } from '../data/generate-jobs';
import { atLeast, atMost, ms, table, type Check, type SectionResult } from '../report';
import { throughput, type Throughput } from '../support/http';
import { startSite } from '../support/site';
import { startBareServer } from './load';

const SECONDS = 8;
const CONNECTIONS = 10;
/** The views one flush writes in the flush figure. */
const FLUSH_VIEWS = 10_000;
/**
 * The channels of the flush's views, in turn (issue 44): a job's visitors of a day come by a few
 * channels, all written in the key's order in one pass, each row with its channel.
 */
const FLUSH_CHANNELS = ['board', 'direct', 'newsletter', 'feed'] as const;

/**
 * Targets: a count costs its request little next to the API's own cheapest read of the same job
 * (GET /api/jobs/:id from the public-read cache: the same stack of hooks, no count).
 */
const TARGET_RATIO = 0.8;
const TARGET_P99_MS = 25;
const TARGET_FLUSH_MS = 2_000;
/** What counting adds to one request in the API's own code (hash, buffer), in microseconds. */
const TARGET_COUNT_US = 50;

const agent = (n: number) =>
  `Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0 bench/${n}`;
/**
 * The `n`th client (an IPv4 address of 10.0.0.0/8). Since issue 45 a visitor is the client alone
 * (its user agent plays no part), so a new visitor is a new client: the site trusts the bench's
 * X-Forwarded-For from 127.0.0.1 (TRUST_PROXY), as it would a proxy's.
 */
const client = (n: number) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;

export async function countingSection(pgUrl: string): Promise<SectionResult> {
  const checks: Check[] = [];
  const rows: (string | number)[][] = [];
  const jobsFile = await sqliteFileWithJobs(1_000);
  // The load generator on 127.0.0.1 is the proxy that names each request's client.
  const site = await startSite({ sqliteFile: jobsFile.file, env: { TRUST_PROXY: '127.0.0.1' } });
  const bare = await startBareServer({ view: { method: 'POST', body: '' } });
  try {
    const [first] = (await (await fetch(`${site.url}/api/jobs?pageSize=1`)).json()) as {
      id: string;
    }[];
    const id = first!.id;
    let n = 0;
    const everyOneNew = () => ({ 'user-agent': agent(n), 'x-forwarded-for': client(n++) });
    const run = async (
      label: string,
      url: string,
      method: 'GET' | 'POST',
      setupHeaders?: () => Record<string, string>,
    ) => {
      const options = {
        url,
        method,
        connections: CONNECTIONS,
        headers: { 'user-agent': agent(-1) },
        setupHeaders,
      };
      await throughput({ ...options, seconds: 2 }); // warm-up, not counted
      const result = await throughput({ ...options, seconds: SECONDS });
      return { label, result };
    };
    const bareRun = await run('A bare route answering 204', `${bare.url}/bare/view`, 'POST');
    const yardstick = await run(
      'GET /api/jobs/:id (cached; no count), one agent',
      `${site.url}/api/jobs/${id}`,
      'GET',
    );
    // The new visitors' yardstick: the same read driven as they are, a new agent each request.
    const yardstickNew = await run(
      'GET /api/jobs/:id (cached; no count), a new agent each request',
      `${site.url}/api/jobs/${id}`,
      'GET',
      everyOneNew,
    );
    const measured = [
      {
        ...(await run(
          'View beacon, every request a new visitor',
          `${site.url}/api/jobs/${id}/view?via=board`,
          'POST',
          everyOneNew,
        )),
        against: yardstickNew,
      },
      {
        ...(await run(
          'View beacon, the same visitor again',
          `${site.url}/api/jobs/${id}/view?via=board`,
          'POST',
        )),
        against: yardstick,
      },
      {
        ...(await run(
          'Apply redirect (303), every request a new visitor',
          `${site.url}/jobs/${id}/apply?via=newsletter`,
          'GET',
          everyOneNew,
        )),
        against: yardstickNew,
      },
    ];
    const ratioTo = (r: Throughput, to: Throughput) =>
      `${(r.requestsPerSecond / to.requestsPerSecond).toFixed(2)}x`;
    const line = (
      { label, result }: { label: string; result: Throughput },
      against = yardstick,
    ) => [
      label,
      Math.round(result.requestsPerSecond),
      ms(result.p50),
      ms(result.p97_5),
      ms(result.p99),
      ratioTo(result, bareRun.result),
      ratioTo(result, against.result),
      result.errors,
    ];
    rows.push(line(bareRun), line(yardstick), line(yardstickNew, yardstick));
    for (const m of measured) {
      const ratio = m.result.requestsPerSecond / m.against.result.requestsPerSecond;
      rows.push(line(m, m.against));
      checks.push(
        atLeast(`${m.label}: requests/s vs the cached job read`, ratio, TARGET_RATIO, 'x'),
      );
      checks.push(atMost(`${m.label}: p99`, m.result.p99, TARGET_P99_MS, ' ms'));
    }
  } finally {
    await bare.stop();
    await site.stop();
    jobsFile.remove();
  }

  const flushes: (string | number)[][] = [];
  for (const database of ['SQLite', 'PostgreSQL'] as const) {
    const dir = mkdtempSync(path.join(tmpdir(), 'jobboard-bench-counting-'));
    const db =
      database === 'SQLite'
        ? createKnex({ client: 'sqlite', filename: path.join(dir, 'board.sqlite') })
        : createKnex({ client: 'postgres', connectionString: await freshPgDatabase(pgUrl) });
    try {
      await migrateLatest(db);
      const [jobId] = await toolJobs(db, database === 'SQLite' ? 'sqlite' : 'postgres').createMany(
        generateJobs({ count: 1, now: BENCH_NOW }),
        BENCH_NOW,
      );
      const stats = toolJobStats(db);
      // The first count of the day reads (or makes) the day's salt: not a request's usual cost.
      await stats.count('view', jobId!, 'board', client(0), BENCH_NOW);
      const counting = performance.now();
      for (let i = 1; i < FLUSH_VIEWS; i += 1) {
        const channel = FLUSH_CHANNELS[i % FLUSH_CHANNELS.length]!;
        await stats.count('view', jobId!, channel, client(i), BENCH_NOW);
      }
      const perCountUs = ((performance.now() - counting) * 1000) / (FLUSH_VIEWS - 1);
      if (database === 'SQLite') {
        checks.push(
          atMost(
            'What a count adds to its request (hash and buffer), per count',
            perCountUs,
            TARGET_COUNT_US,
            ' µs',
          ),
        );
      }
      const started = performance.now();
      await stats.flush();
      const took = performance.now() - started;
      const written = (await stats.kept()).visitors;
      if (written !== FLUSH_VIEWS) throw new Error(`counting bench: ${written} views written`);
      flushes.push([
        database,
        FLUSH_VIEWS.toLocaleString('en-US'),
        `${perCountUs.toFixed(1)} µs`,
        ms(took),
      ]);
      checks.push(
        atMost(
          `Flush of ${FLUSH_VIEWS.toLocaleString('en-US')} buffered views, ${database}`,
          took,
          TARGET_FLUSH_MS,
          ' ms',
        ),
      );
    } finally {
      await db.destroy();
      rmSync(dir, { recursive: true, force: true });
    }
  }

  const body = [
    `autocannon on 127.0.0.1, ${CONNECTIONS} connections, ${SECONDS} s per run after a 2 s ` +
      `warm-up, against the production site on a 1,000-job SQLite database. "A new visitor" ` +
      `is a new client each request (a new X-Forwarded-For, which the site trusts from ` +
      `127.0.0.1 through TRUST_PROXY, as from a proxy; since issue 45 the user agent plays no ` +
      `part in who a visitor is) with a new user agent, so each is checked for a bot, hashed, ` +
      `buffered and written (in one batch a second, in the key's order); "the same visitor" is ` +
      `one client and one agent throughout. Every row, the reads included, goes through the ` +
      `trusted proxy's address parsing. The yardsticks are a bare Fastify route answering an empty body ` +
      `(bench/src/support/bare-server.ts) and the API's own cached read of the same job (the ` +
      `same hooks, no count): the targets compare with the latter, which is what a count adds, ` +
      `driven the same way as the row. The counted requests name their channel as the board ` +
      `sends them (the beacon \`?via=board\`, Apply \`?via=newsletter\`; issue 44). A new agent each request means autocannon rebuilds each ` +
      `request (its setupRequest), which costs the load generator, on the same 2 cores as the ` +
      `site, about a quarter more CPU a request (some 5 µs): so the new visitors compare with ` +
      `the read driven the same way (its own row, "a new agent each request"; its "vs cached ` +
      `read" is against the read with one agent), and the same visitor with the read with one ` +
      `agent. ` +
      `autocannon reports p97.5, not p95: the table gives p97.5 and p99.`,
    '',
    table(['Request', 'req/s', 'p50', 'p97.5', 'p99', 'vs bare', 'vs cached read', 'Errors'], rows),
    '',
    `The flush: ${FLUSH_VIEWS.toLocaleString('en-US')} different visitors of one job counted ` +
      `into the buffer (the API's JobStats, its timer out of the way; each count timed: what ` +
      `counting adds to a request in the API's code), by ${FLUSH_CHANNELS.length} channels in ` +
      `turn (${FLUSH_CHANNELS.join(', ')}), then written by one flush: in the primary key's ` +
      `order, each visitor with its channel, 2,000 rows a statement (one JSON parameter), ` +
      `duplicates ignored.`,
    '',
    table(['Database', 'Views', 'Each count (hash, buffer)', 'Flush took'], flushes),
  ].join('\n');
  return { title: 'Counting views and apply clicks', body, checks };
}

/** A new, empty database in the bench's PostgreSQL cluster. */
async function freshPgDatabase(clusterUrl: string): Promise<string> {
  const admin = createKnex({ client: 'postgres', connectionString: clusterUrl });
  const name = `bench_counting_${Date.now()}`;
  try {
    await admin.raw(`CREATE DATABASE ${name}`);
  } finally {
    await admin.destroy();
  }
  const url = new URL(clusterUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
