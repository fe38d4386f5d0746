import { spawnSync } from 'node:child_process';
import { request } from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SQLITE_ONE_PROCESS } from '../../src/cli/serve-cluster';
import { API_PROCESS_ADMIN, ApiProcess, buildOnce } from '../support/api-process';
import { freshDatabase, testDatabase, type TestDatabase } from '../support/test-app';
import { API_DIR } from '../support/paths';

/**
 * `jobboard serve --workers 2` as production runs it (the build's dist/cli.js, a child process):
 * two workers answer on one port, a change through one is served by the other (NOTIFY), a worker
 * that dies is replaced, SIGTERM stops everything with status 0; on SQLite it refuses.
 */

interface Answer {
  status: number;
  body: string;
  cookie?: string;
}

/** One request on a connection of its own (the cluster hands each new connection to the next worker). */
function send(
  api: ApiProcess,
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: unknown } = {},
): Promise<Answer> {
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  return new Promise((resolve, reject) => {
    const req = request(
      `${api.url}${url}`,
      {
        method: options.method ?? 'GET',
        agent: false,
        headers: {
          ...(payload ? { 'content-type': 'application/json' } : {}),
          ...options.headers,
        },
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => {
          const cookie = res.headers['set-cookie']?.find((c) => c.startsWith('board.sid='));
          resolve({ status: res.statusCode ?? 0, body, cookie: cookie?.split(';')[0] });
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

let probes = 0;

/** Which worker answered a request: its pid in the log line of the request's id. */
async function servedBy(api: ApiProcess, url: string): Promise<{ pid: number; answer: Answer }> {
  probes += 1;
  const id = `probe-${probes}-${Date.now()}`;
  const answer = await send(api, url, { headers: { 'x-request-id': id } });
  await api.outputIncludes(`"requestId":"${id}"`);
  const line = api.output.split('\n').find((l) => l.includes(`"requestId":"${id}"`))!;
  return { pid: (JSON.parse(line) as { pid: number }).pid, answer };
}

/**
 * Ask until every one of `pids` has answered `url` with an answer that `ok` accepts (the
 * connections go to the workers in turn); fails after `attempts` requests.
 */
async function untilEachWorker(
  api: ApiProcess,
  url: string,
  ok: (answer: Answer) => boolean,
  workers: number,
  attempts = 60,
): Promise<Set<number>> {
  const good = new Set<number>();
  for (let i = 0; i < attempts && good.size < workers; i += 1) {
    const { pid, answer } = await servedBy(api, url);
    if (ok(answer)) good.add(pid);
  }
  return good;
}

/** Whether a process of this id still runs (signal 0 only asks). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

const METRICS_TOKEN = 'serve-workers-metrics-token-0001';

/** GET /api/jobs answered 200, as the scrape counts them (the request histogram's count). */
function jobsAnswered(exposition: string): number {
  const line = exposition
    .split('\n')
    .find(
      (l) =>
        l.startsWith('http_request_duration_seconds_count{') &&
        l.includes('method="GET"') &&
        l.includes('route="/api/jobs"') &&
        l.includes('status_code="200"'),
    );
  return line ? Number(line.split(' ').pop()) : 0;
}

/**
 * Every line of a server's output as JSON (a line that is not fails the test). The kept output is
 * its tail: a first line cut by it is left out.
 */
function jsonLines(output: string): Record<string, unknown>[] {
  const lines = output.split('\n').filter((line) => line.trim() !== '');
  if (output.length >= 20_000) lines.shift();
  return lines.map((line) => {
    try {
      return JSON.parse(line) as Record<string, unknown>;
    } catch {
      throw new Error(`not a JSON line: ${line}`);
    }
  });
}

const titlesIn = (answer: Answer) =>
  (JSON.parse(answer.body) as { title: string }[]).map((job) => job.title);

describe.runIf(testDatabase === 'postgres')('jobboard serve --workers 2 on PostgreSQL', () => {
  let database: TestDatabase;
  let api: ApiProcess;
  beforeAll(async () => {
    database = await freshDatabase();
    api = await ApiProcess.start({
      database: database.database,
      command: ['dist/cli.js', 'serve', '--workers', '2'],
      env: { LOG_LEVEL: 'info', METRICS_TOKEN: METRICS_TOKEN },
    });
    await api.outputIncludes('2 workers listening');
  });
  afterAll(async () => {
    if (api?.alive) await api.stop();
    await database?.dispose();
  });

  it('answers through two worker processes, and a change through one shows through the other', async () => {
    // Each worker has the empty board in its cache.
    const warm = await untilEachWorker(api, '/api/jobs', (a) => a.status === 200, 2);
    expect(warm.size).toBe(2);
    expect(warm.has(api.pid)).toBe(false); // the primary serves nothing

    const signIn = await send(api, '/api/admin/login', {
      method: 'POST',
      headers: { 'x-requested-with': 'fetch' },
      body: API_PROCESS_ADMIN,
    });
    expect(signIn.status, signIn.body).toBe(200);
    const created = await send(api, '/api/admin/jobs', {
      method: 'POST',
      headers: { 'x-requested-with': 'fetch', cookie: signIn.cookie! },
      body: {
        title: 'Cluster Cartographer',
        organization: 'Harbor Health Alliance',
        applicationUrl: 'https://harborhealth.example/jobs/maps',
        description: 'Draw the maps of the newsroom, across every process of the board.',
        category: ['Fundraising'],
        locations: ['Remote'],
        jobType: 'Full-time',
        via: 'Organization website',
        postedDate: new Date().toISOString().slice(0, 10),
        active: true,
        featured: false,
      },
    });
    expect(created.status, created.body).toBe(201);

    // Both workers serve it, the one that did not make the change too (its cache was dropped).
    const seen = await untilEachWorker(
      api,
      '/api/jobs',
      (a) => a.status === 200 && titlesIn(a).includes('Cluster Cartographer'),
      2,
    );
    expect([...seen].sort()).toEqual([...warm].sort());
  });

  it('counts the requests of every worker in each scrape of /metrics (issue 46)', async () => {
    const scrape = () =>
      send(api, '/metrics', { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    const before = await scrape();
    expect(before.status, before.body).toBe(200);
    const baseline = jobsAnswered(before.body);

    // K requests, spread over both workers (each on a connection of its own).
    const K = 6;
    const pids = new Set<number>();
    for (let i = 0; i < K; i += 1) {
      const { pid, answer } = await servedBy(api, '/api/jobs');
      expect(answer.status).toBe(200);
      pids.add(pid);
    }
    expect(pids.size).toBe(2);

    // Each scrape, whichever worker takes it, counts all K.
    for (let i = 0; i < 4; i += 1) {
      const after = await scrape();
      expect(after.status).toBe(200);
      expect(jobsAnswered(after.body)).toBe(baseline + K);
    }
    // Still the operators' token only.
    expect((await send(api, '/metrics')).status).toBe(401);
  });

  it('replaces a worker that dies', async () => {
    const [victim] = await untilEachWorker(api, '/api/jobs', (a) => a.status === 200, 1);
    process.kill(victim!, 'SIGKILL');
    await api.outputIncludes(`worker ${victim} ended (signal SIGKILL): starting another`);
    await api.outputIncludes('listening (replacing one that ended)');
    const now = await untilEachWorker(api, '/api/jobs', (a) => a.status === 200, 2);
    expect(now.size).toBe(2);
    expect(now.has(victim!)).toBe(false);
  });

  it('SIGTERM stops the primary and every worker, with status 0, also when every process gets it', async () => {
    // A service manager stops the whole group (systemd's default): each worker gets SIGTERM too,
    // and leaves it to the primary, which asks each to drain once.
    const workers = await untilEachWorker(api, '/api/jobs', (a) => a.status === 200, 2);
    for (const pid of workers) process.kill(pid, 'SIGTERM');
    expect(await api.stop('SIGTERM')).toEqual({ code: 0, signal: null });
    for (const pid of workers) expect(alive(pid)).toBe(false);
    expect(api.output).toContain('SIGTERM: stopping 2 workers');

    // Issue 46: every line is JSON, the workers' start lines and the primary's included.
    const lines = jsonLines(api.output);
    const starts = lines.filter((l) => String(l.msg).startsWith('Job board ready at'));
    expect(starts.length).toBeGreaterThanOrEqual(2);
    for (const start of starts) {
      expect(start).toMatchObject({
        database: 'PostgreSQL',
        adminLogin: `${start.url}/admin/login`,
      });
      expect(start.worker).toBe(start.pid);
    }
    const primary = lines.filter((l) => l.role === 'primary').map((l) => l.msg);
    expect(primary).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^2 workers listening/),
        expect.stringMatching(/ended \(signal SIGKILL\): starting another$/),
        'SIGTERM: stopping 2 workers',
      ]),
    );
  });
});

describe('jobboard serve --workers 2 on SQLite', () => {
  it('refuses, and says why', () => {
    buildOnce();
    const result = spawnSync(process.execPath, ['dist/cli.js', 'serve', '--workers', '2'], {
      cwd: API_DIR,
      encoding: 'utf8',
      env: {
        PATH: process.env.PATH ?? '/usr/bin:/bin',
        SQLITE_FILE: path.join(API_DIR, 'never-created.sqlite'),
        SESSION_SECRET: 'api-process-secret-api-process-secret-0001',
        PUBLIC_URL: 'http://127.0.0.1:1',
      },
    });
    expect(result.status).toBe(1);
    expect(result.stderr.trim()).toBe(SQLITE_ONE_PROCESS);
  });

  it('takes only a number of workers (a usage error otherwise)', () => {
    buildOnce();
    const result = spawnSync(process.execPath, ['dist/cli.js', 'serve', '--workers', 'two'], {
      cwd: API_DIR,
      encoding: 'utf8',
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin' },
    });
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('--workers takes a whole number from 1 to 64, not "two"');
  });
});
