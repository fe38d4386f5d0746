/**
 * Section 2: the API under load, as a ratio to a bare Fastify route answering a constant body of
 * the same size (same machine, same run, same client), and section 3: writes while slow searches
 * run. Both against the production site started as `pnpm start` starts it, on 127.0.0.1.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CATEGORY_CHOICES } from '@jobboard/contract/common';
import { VALID_SUBMISSION_PAYLOAD } from '../data/submission';
import { atLeast, atMost, ms, percentile, table, type Check, type SectionResult } from '../report';
import { proofFrom } from '@jobboard/api/test-support';
import { adminSession, throughput, timed, type Throughput } from '../support/http';
import { BENCH_ADMIN, freePort, REPO_ROOT, stopProcess, type RunningSite } from '../support/site';
import { boardSearchBody } from '../data/board-search';

const SECONDS = 8;
/** A figure with a target is the median of this many pairs of shorter runs. */
const PAIRED_RUNS = 5;
const PAIRED_SECONDS = 4;
const SORTS = ['recent', 'relevance', 'salary-high', 'salary-low'];
const CONNECTIONS = 10;

interface Endpoint {
  name: string;
  label: string;
  method: 'GET' | 'POST';
  path: string;
  body?: string;
  /** The target of its ratio to the bare route, when it has one. */
  target?: number;
}

export async function loadSection(site: RunningSite, jobId: string): Promise<SectionResult> {
  const endpoints: Endpoint[] = [
    {
      name: 'first-page',
      label: "The board's first page",
      method: 'POST',
      path: '/api/jobs/search',
      body: boardSearchBody({}),
      target: 0.8,
    },
    {
      name: 'text-search',
      label: "A text search ('nonprofit')",
      method: 'POST',
      path: '/api/jobs/search',
      body: boardSearchBody({ query: 'nonprofit' }),
    },
    {
      name: 'filtered-search',
      label: 'A filtered search (full-time, Fundraising, Chicago)',
      method: 'POST',
      path: '/api/jobs/search',
      body: boardSearchBody({
        jobType: { fullTime: true, partTime: false, contract: false, remote: false },
        category: ['Fundraising'],
        location: 'Chicago, IL',
      }),
    },
    {
      name: 'job',
      label: 'One job (GET /api/jobs/:id)',
      method: 'GET',
      path: `/api/jobs/${jobId}`,
    },
  ];

  // The bare yardstick answers each endpoint's own body, byte for byte.
  const bodies: Record<string, { method: string; body: string }> = {};
  for (const endpoint of endpoints) {
    const res = await fetch(`${site.url}${endpoint.path}`, {
      method: endpoint.method,
      body: endpoint.body,
      headers: endpoint.body ? { 'content-type': 'application/json' } : {},
    });
    if (!res.ok) throw new Error(`${endpoint.path}: ${res.status}`);
    bodies[endpoint.name] = { method: endpoint.method, body: await res.text() };
  }
  const bare = await startBareServer(bodies);
  const checks: Check[] = [];
  const rows: (string | number)[][] = [];
  try {
    for (const endpoint of endpoints) {
      // A figure with a target: the median of PAIRED_RUNS pairs (the yardstick, then ours), so
      // one noisy pair does not decide it; the row shows the pair with the median ratio.
      const runs = endpoint.target ? PAIRED_RUNS : 1;
      const pairs: { ours: Throughput; yardstick: Throughput; ratio: number }[] = [];
      for (let run = 0; run < runs; run += 1) {
        const seconds = runs > 1 ? PAIRED_SECONDS : SECONDS;
        const yardstick = await measure(`${bare.url}/bare/${endpoint.name}`, endpoint, seconds);
        const ours = await measure(`${site.url}${endpoint.path}`, endpoint, seconds);
        pairs.push({
          ours,
          yardstick,
          ratio: ours.requestsPerSecond / yardstick.requestsPerSecond,
        });
      }
      pairs.sort((a, b) => a.ratio - b.ratio);
      const { ours, yardstick, ratio } = pairs[Math.floor(pairs.length / 2)]!;
      rows.push(row(endpoint.label, bodies[endpoint.name]!.body.length, ours, yardstick, ratio));
      if (endpoint.target) {
        checks.push(
          atLeast(
            `${endpoint.label}: requests/s vs a bare route, warm, median of ${runs}`,
            ratio,
            endpoint.target,
            'x',
          ),
        );
      }
    }

    // The first page while an admin saves a job over and over: every save empties the cache.
    const firstPage = endpoints[0]!;
    const admin = await adminSession(site.url, BENCH_ADMIN.username, BENCH_ADMIN.password);
    let writing = true;
    let writes = 0;
    const writer = (async () => {
      while (writing) {
        const res = await admin(`/api/admin/jobs/${jobId}/extend`, {
          method: 'POST',
          body: '{}',
        });
        await res.arrayBuffer();
        if (res.ok) writes += 1;
      }
    })();
    const started = performance.now();
    const afterWrite = await measure(`${site.url}${firstPage.path}`, firstPage);
    writing = false;
    await writer;
    const writesPerSecond = writes / ((performance.now() - started) / 1000);
    const yardstick = await measure(`${bare.url}/bare/${firstPage.name}`, firstPage);
    const ratio = afterWrite.requestsPerSecond / yardstick.requestsPerSecond;
    rows.push(
      row(
        `The first page while an admin saves ${Math.round(writesPerSecond)} times a second`,
        bodies[firstPage.name]!.body.length,
        afterWrite,
        yardstick,
        ratio,
      ),
    );
    checks.push(
      atLeast(
        "The board's first page: requests/s vs a bare route, right after writes",
        ratio,
        0.1,
        'x',
      ),
    );

    // Every request a different search: nothing comes from the cache.
    let counter = 0;
    const uncached = await throughput({
      url: `${site.url}/api/jobs/search`,
      method: 'POST',
      body: boardSearchBody({ query: 'manager' }),
      seconds: SECONDS,
      connections: CONNECTIONS,
      setupBody: () => {
        // page x page size x sort x category: 160,000 different searches, none repeated in a run.
        const n = counter++;
        return boardSearchBody({
          query: 'manager',
          page: 1 + (n % 20),
          pageSize: 1 + (Math.floor(n / 20) % 100),
          sortOption: SORTS[Math.floor(n / 2000) % 4],
          category: [CATEGORY_CHOICES[Math.floor(n / 8000) % CATEGORY_CHOICES.length]!],
        });
      },
    });
    rows.push([
      'Text searches that are all different (no cache)',
      '-',
      Math.round(uncached.requestsPerSecond),
      ms(uncached.p50),
      ms(uncached.p99),
      '-',
      '-',
      uncached.errors + uncached.non2xx,
    ]);
  } finally {
    await bare.stop();
  }

  const body = [
    `autocannon on 127.0.0.1, ${CONNECTIONS} connections, ${SECONDS} s per run (a row with a ` +
      `target: the median of ${PAIRED_RUNS} pairs of ${PAIRED_SECONDS} s runs), without ` +
      `Accept-Encoding (identity bodies on both sides). The yardstick is a bare Fastify server ` +
      `(bench/src/support/bare-server.ts: no plugins, no hooks, no database) answering the very ` +
      `bytes the API answered, started as its own process like the site. The site runs on the ` +
      `100,000-job SQLite database. "While an admin saves" runs a loop of admin saves ` +
      `(POST /api/admin/jobs/:id/extend) beside the load; each save empties the public-read cache.`,
    '',
    table(['Request', 'Body', 'Our req/s', 'p50', 'p99', 'Bare req/s', 'Ratio', 'Errors'], rows),
  ].join('\n');
  return { title: '2. The API under load', body, checks };
}

function row(label: string, bytes: number, ours: Throughput, bare: Throughput, ratio: number) {
  return [
    label,
    `${(bytes / 1024).toFixed(1)} KB`,
    Math.round(ours.requestsPerSecond),
    ms(ours.p50),
    ms(ours.p99),
    Math.round(bare.requestsPerSecond),
    `${ratio.toFixed(2)}x`,
    ours.errors + ours.non2xx,
  ];
}

async function measure(url: string, endpoint: Endpoint, seconds = SECONDS): Promise<Throughput> {
  const options = { url, method: endpoint.method, body: endpoint.body, connections: CONNECTIONS };
  await throughput({ ...options, seconds: 2 }); // warm-up, not counted
  return throughput({ ...options, seconds });
}

export async function startBareServer(bodies: Record<string, { method: string; body: string }>) {
  const dir = mkdtempSync(path.join(tmpdir(), 'jobboard-bare-'));
  const file = path.join(dir, 'bodies.json');
  writeFileSync(file, JSON.stringify(bodies));
  const port = await freePort();
  const child = spawn(
    'pnpm',
    [
      '--filter',
      '@jobboard/bench',
      'exec',
      'tsx',
      'src/support/bare-server.ts',
      file,
      String(port),
    ],
    {
      cwd: REPO_ROOT,
      env: { ...process.env, NODE_ENV: 'production' },
      stdio: ['ignore', 'pipe', 'inherit'],
      detached: true,
    },
  );
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk) => String(chunk).includes('ready') && resolve());
    child.once('exit', (code) => reject(new Error(`bare server exited with ${code}`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    async stop() {
      await stopProcess(child);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Section 3: while slow searches run (four clients, each search different, so none comes from the
 * cache), an admin save and a public submission still answer promptly: nothing queues behind a
 * query.
 */
export async function isolationSection(site: RunningSite, jobId: string): Promise<SectionResult> {
  const admin = await adminSession(site.url, BENCH_ADMIN.username, BENCH_ADMIN.password);
  const save = () => admin(`/api/admin/jobs/${jobId}/extend`, { method: 'POST', body: '{}' });
  // Each with the spam check's proof (issue 45), solved before the clock starts: a form's
  // browser works it out while it is filled, never while it sends.
  const proofs = await Promise.all(Array.from({ length: 30 }, () => proofFrom(site.url)));
  const submit = () =>
    fetch(`${site.url}/api/submit-job-for-review`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...VALID_SUBMISSION_PAYLOAD, humanProof: proofs.pop() }),
    });

  const sample = async (request: () => Promise<Response>, times: number) => {
    const durations: number[] = [];
    for (let i = 0; i < times; i += 1) {
      const { ms: elapsed, status, body } = await timed(request);
      if (status >= 400) throw new Error(`${status} during the isolation run: ${body}`);
      durations.push(elapsed);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return durations;
  };

  const quiet = { save: await sample(save, 10), submit: await sample(submit, 10) };

  // Slow searches: broad words, deep pages, every filter, each one different.
  let running = true;
  const searchTimes: number[] = [];
  let n = 0;
  const searcher = async () => {
    while (running) {
      n += 1;
      const body = boardSearchBody({
        query: `develop ${'abcdefghijklmnopqrstuvwxyz'[n % 26]}`,
        sortOption: 'relevance',
        category: ['Fundraising', 'Communications'],
        page: 1 + (n % 90),
      });
      const { ms: elapsed } = await timed(() =>
        fetch(`${site.url}/api/jobs/search`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body,
        }),
      );
      searchTimes.push(elapsed);
    }
  };
  const searchers = Array.from({ length: 4 }, () => searcher());
  await new Promise((resolve) => setTimeout(resolve, 500));
  const busy = { save: await sample(save, 20), submit: await sample(submit, 20) };
  running = false;
  await Promise.all(searchers);

  const line = (label: string, values: number[]) => [
    label,
    ms(percentile(values, 50)),
    ms(percentile(values, 95)),
    ms(Math.max(...values)),
    values.length,
  ];
  const checks = [
    atMost(
      'An admin save while slow searches run, slowest of 20',
      Math.max(...busy.save),
      100,
      'ms',
    ),
    atMost(
      'A submission while slow searches run, slowest of 20',
      Math.max(...busy.submit),
      100,
      'ms',
    ),
  ];
  const body = [
    'Four clients search without pause (each search different, so none is served from the ' +
      "cache: 'develop' plus a letter, relevance, two categories, pages 1 to 90) while admin " +
      'saves and public submissions are timed one after another, 50 ms apart, end to end over HTTP.',
    '',
    table(
      ['Request', 'p50', 'p95', 'max', 'count'],
      [
        line('Admin save, quiet', quiet.save),
        line('Submission, quiet', quiet.submit),
        line('Admin save, during the searches', busy.save),
        line('Submission, during the searches', busy.submit),
        line('The slow searches themselves', searchTimes),
      ],
    ),
  ].join('\n');
  return { title: '3. Writes while slow searches run', body, checks };
}
