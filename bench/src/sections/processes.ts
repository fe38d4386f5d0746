/**
 * Several API processes on one PostgreSQL (issue 31): the search mix under load through
 * `jobboard serve --workers 1` and `--workers 2` (one port, Node's cluster), and how long an
 * admin's save through one process takes to show on another (two servers on their own ports, as
 * two hosts), which PostgreSQL's NOTIFY carries (jobs/job-change-listener.ts) rather than the
 * once-a-second version poll.
 */
import { CATEGORY_CHOICES } from '@jobboard/contract/common';
import { createBenchDatabase } from '../data/bench-database';
import { SEARCH_TERMS } from '../data/generate-jobs';
import { atMost, ms, percentile, table, type Check, type SectionResult } from '../report';
import { adminSession, throughput, type Throughput } from '../support/http';
import { startPgReplica } from '@jobboard/api/test-support';
import { BENCH_ADMIN, startSite, type RunningSite } from '../support/site';
import { boardSearchBody } from '../data/board-search';

const SECONDS = 8;
const CONNECTIONS = 10;
/** Saves timed from process A to process B. */
const SAVES = 20;
/** Target: the save's change served by the other process, p95. */
const TARGET_PROPAGATION_P95_MS = 200;
/** A save not seen on B after this long counts as this long (the poll would have shown it). */
const GIVE_UP_MS = 5_000;

/**
 * The search mix: the first page, a few text searches, a category, a later page, each asked again
 * and again (as visitors do: most answers come from each process's public-read cache).
 */
const MIX = [
  boardSearchBody({}),
  boardSearchBody({ page: 2 }),
  ...SEARCH_TERMS.slice(0, 6).map((query) => boardSearchBody({ query })),
  boardSearchBody({ category: [CATEGORY_CHOICES[0]] }),
  boardSearchBody({ query: 'manager', sortOption: 'relevance' }),
];

export async function processesSection(pgUrl: string, size: number): Promise<SectionResult> {
  const bench = await createBenchDatabase(size, pgUrl);
  const databaseUrl = (bench.config as { connectionString: string }).connectionString;
  await bench.db.destroy();
  const checks: Check[] = [];
  const rows: (string | number)[][] = [];
  try {
    // A streaming replica of the run's cluster (pg_basebackup -R, as docs/operations.md sets one
    // up), made once the bench database is in it.
    const replica = await startPgReplica(pgUrl);
    const replicaUrl = new URL(databaseUrl);
    replicaUrl.port = new URL(replica.url).port;
    const servers: { label: string; workers: number; env: Record<string, string> }[] = [
      { label: 'jobboard serve --workers 1', workers: 1, env: {} },
      { label: 'jobboard serve --workers 2', workers: 2, env: {} },
      {
        label: '`--workers 2`, public reads on a replica (`DATABASE_READ_URL`)',
        workers: 2,
        env: { DATABASE_READ_URL: replicaUrl.toString() },
      },
    ];
    try {
      for (const { label, workers, env } of servers) {
        const site = await startSite({ databaseUrl, workers, env });
        try {
          const result = await searchMix(site);
          rows.push([
            label,
            Math.round(result.requestsPerSecond),
            ms(result.p50),
            ms(result.p97_5),
            ms(result.p99),
            result.errors + result.non2xx,
          ]);
        } finally {
          await site.stop();
        }
      }
    } finally {
      replica.stop();
    }

    const a = await startSite({ databaseUrl });
    const b = await startSite({ databaseUrl });
    let runs: Propagation[];
    try {
      runs = await propagation(a, b);
    } finally {
      await Promise.all([a.stop(), b.stop()]);
    }
    const delays = runs.map((run) => run.total);
    const saves = runs.map((run) => run.save);
    const after = runs.map((run) => run.total - run.save);
    const p95 = percentile(delays, 95);
    checks.push(
      atMost(
        `An admin's save through process A served by process B, p95 (${SAVES} saves, PostgreSQL NOTIFY)`,
        p95,
        TARGET_PROPAGATION_P95_MS,
        'ms',
      ),
    );
    const body = [
      `${size.toLocaleString('en-US')} jobs on the run's PostgreSQL. The search mix ` +
        `(${MIX.length} board searches in turn: the first page and page 2, six text searches, a ` +
        `category, a relevance search; most answered from each process's public-read cache) under ` +
        `autocannon, ${CONNECTIONS} connections, ${SECONDS} s after a 2 s warm-up, through ` +
        '`jobboard serve --workers 1` and `--workers 2` on one port, then `--workers 2` with ' +
        "its public reads on a streaming replica of the run's cluster (on the same machine). " +
        'The load generator shares ' +
        "the machine's cores with the workers and the database: on 2 cores it takes about one, so " +
        'a second worker shares the other with the first, and the row shows what that costs; ' +
        'the workers pay off on a host with cores to spare, and keep the port served while one ' +
        'is replaced.',
      '',
      table(['Server', 'req/s', 'p50', 'p97.5', 'p99', 'Errors'], rows),
      '',
      `Then two servers of their own (process A and process B, as two hosts) on the same ` +
        `database: ${SAVES} times, process B's answer for the job is cached, an admin extends the ` +
        `job through A (POST /api/admin/jobs/:id/extend), and B is asked again and again until its ` +
        `answer changes, timed from the moment the save is sent. B's version poll runs every 30 s ` +
        `while its listener is connected, so what tells it is PostgreSQL's NOTIFY.`,
      '',
      table(
        [`Of ${SAVES} saves`, 'p50', 'p95', 'max'],
        [
          ['Save sent to A until B serves it', ...spread(delays)],
          ['of which the save (sent to answered)', ...spread(saves)],
          ['of which after the save answered', ...spread(after)],
        ],
      ),
    ].join('\n');
    return { title: 'Several API processes on one PostgreSQL', body, checks };
  } finally {
    await bench.close();
  }
}

const spread = (values: number[]) => [
  ms(percentile(values, 50)),
  ms(percentile(values, 95)),
  ms(Math.max(...values)),
];

async function searchMix(site: RunningSite): Promise<Throughput> {
  let n = 0;
  const options = {
    url: `${site.url}/api/jobs/search`,
    method: 'POST' as const,
    body: MIX[0],
    connections: CONNECTIONS,
    setupBody: () => MIX[n++ % MIX.length]!,
  };
  await throughput({ ...options, seconds: 2 }); // warm-up, not counted
  return throughput({ ...options, seconds: SECONDS });
}

interface Propagation {
  /** From the save sent to A to B's first answer showing it. */
  total: number;
  /** Of which the save itself (sent to answered: committed). */
  save: number;
}

/** Each save sent to A, timed until B's first answer showing it. */
async function propagation(a: RunningSite, b: RunningSite): Promise<Propagation[]> {
  const [first] = (await (await fetch(`${a.url}/api/jobs?pageSize=1`)).json()) as { id: string }[];
  const url = `${b.url}/api/jobs/${first!.id}`;
  const admin = await adminSession(a.url, BENCH_ADMIN.username, BENCH_ADMIN.password);
  const read = async () => (await fetch(url)).text();
  const delays: Propagation[] = [];
  for (let i = 0; i < SAVES; i += 1) {
    const before = await read();
    if ((await read()) !== before) throw new Error('process B answers differently without a save');
    const sent = performance.now();
    const saved = await admin(`/api/admin/jobs/${first!.id}/extend`, {
      method: 'POST',
      body: '{}',
    });
    if (!saved.ok) throw new Error(`the save answered ${saved.status}: ${await saved.text()}`);
    await saved.arrayBuffer();
    const save = performance.now() - sent;
    while ((await read()) === before) {
      if (performance.now() - sent > GIVE_UP_MS) break;
    }
    delays.push({ total: Math.min(performance.now() - sent, GIVE_UP_MS), save });
  }
  return delays;
}
