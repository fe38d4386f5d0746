import cluster, { type Worker } from 'node:cluster';
import pino from 'pino';
import { loadConfig } from '../platform/config';
import { answerWorkerScrapes } from '../platform/ops/cluster-metrics';

/*
 * `jobboard serve --workers N`: N server processes on one port (Node's cluster: the primary
 * accepts the connections and hands them to the workers in turn). Each worker is the server of
 * `jobboard serve` (src/server.ts), with its own pools, caches and listener; what they share is the
 * database (job changes reach every worker's cache by NOTIFY, the schedulers hold their leases in
 * it, the rate limits count in it). The primary serves nothing: it starts the workers, replaces
 * one that dies, and stops them all on SIGTERM / SIGINT.
 */

/** Why `--workers` above 1 is refused on SQLite (the operator reads it; tests import it). */
export const SQLITE_ONE_PROCESS =
  'jobboard serve --workers: several processes need PostgreSQL (DATABASE_URL). SQLite has one writer, and each process would keep its own rate limits and cache on one file; run one process on SQLite (--workers 1, the default).';

/** What the primary sends a worker to stop it (it drains as a server stopped by SIGTERM: server.ts). */
export const WORKER_STOP_MESSAGE = 'jobboard:stop';

/** The most workers `--workers` takes (far above a machine's cores; a typo is caught). */
export const MAX_WORKERS = 64;

/** More deaths than this within RESTART_WINDOW_MS: something is wrong at start, not by chance. */
export const MAX_RESTARTS = 5;
export const RESTART_WINDOW_MS = 60_000;

/** How long the workers may take to drain after the signal (each gives itself 10 s: server.ts). */
const STOP_TIMEOUT_MS = 12_000;

/** `--workers <n>`: a whole number from 1 to MAX_WORKERS, else a usage error. */
export function parseWorkers(raw: string): number {
  const n = Number(raw);
  if (!/^\d+$/.test(raw.trim()) || !Number.isSafeInteger(n) || n < 1 || n > MAX_WORKERS) {
    throw new Error(`--workers takes a whole number from 1 to ${MAX_WORKERS}, not "${raw}"`);
  }
  return n;
}

/** Whether this process is a worker that the primary of `serve --workers` started. */
export function isClusterWorker(): boolean {
  return cluster.isWorker;
}

/**
 * The primary of `serve --workers N` (N > 1): refuses SQLite, starts one worker and waits for it
 * to listen (it alone migrates when MIGRATE_ON_START is set, seeds the demo and creates the first
 * admin: no two workers race for those), then the others. Resolves with the exit status once the
 * workers have stopped: 0 after SIGTERM / SIGINT when every worker drained, 1 when a worker could
 * not start, when they died too often (MAX_RESTARTS within RESTART_WINDOW_MS) or did not stop.
 */
export async function servePrimary(workers: number): Promise<number> {
  const config = loadConfig();
  if (config.database.client === 'sqlite') {
    console.error(SQLITE_ONE_PROCESS);
    return 1;
  }
  // JSON lines like the workers' (issue 46), on stderr as before, whatever LOG_LEVEL: they are few
  // and each says something the operator acts on.
  const log = pino({ base: { pid: process.pid, role: 'primary' } }, pino.destination(2));
  const deaths: number[] = [];
  let starting = true;
  let stopping = false;
  let resolveExit!: (code: number) => void;
  const exited = new Promise<number>((resolve) => (resolveExit = resolve));
  let exitCode = 0;

  const stopAll = (code: number, reason: string) => {
    if (stopping) return;
    stopping = true;
    exitCode = code;
    log[code === 0 ? 'info' : 'error'](reason);
    const alive = Object.values(cluster.workers ?? {}).filter((w): w is Worker => !!w);
    if (alive.length === 0) resolveExit(exitCode);
    // A worker whose channel is closed already stops by itself (server.ts: the primary is gone).
    for (const worker of alive) if (worker.isConnected()) worker.send(WORKER_STOP_MESSAGE);
    const timer = setTimeout(() => {
      log.error(`workers still running after ${STOP_TIMEOUT_MS / 1000} s: killed`);
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGKILL');
      exitCode = 1;
    }, STOP_TIMEOUT_MS);
    timer.unref();
  };

  answerWorkerScrapes();

  cluster.on('exit', (worker, code, signal) => {
    const how = signal ? `signal ${signal}` : `exit code ${code}`;
    if (stopping) {
      if (code !== 0 && !signal) exitCode = 1;
      if (Object.keys(cluster.workers ?? {}).length === 0) resolveExit(exitCode);
      return;
    }
    if (starting) {
      stopAll(1, `worker ${worker.process.pid} ended while starting (${how}): stopping`);
      return;
    }
    const now = Date.now();
    deaths.push(now);
    while (deaths.length && deaths[0]! <= now - RESTART_WINDOW_MS) deaths.shift();
    if (deaths.length > MAX_RESTARTS) {
      stopAll(
        1,
        `${deaths.length} workers ended within ${RESTART_WINDOW_MS / 1000} s (last: ${how}): stopping rather than restarting again`,
      );
      return;
    }
    log.warn(
      { worker: worker.process.pid, code, signal },
      `worker ${worker.process.pid} ended (${how}): starting another`,
    );
    cluster.fork();
  });

  cluster.on('listening', (worker) => {
    if (!starting && !stopping)
      log.info(
        { worker: worker.process.pid },
        `worker ${worker.process.pid} listening (replacing one that ended)`,
      );
  });

  // A service manager's SIGTERM and a Ctrl-C reach every process of the group: the workers leave
  // them to the primary (server.ts), which asks each to stop, once.
  const onSignal = (signal: NodeJS.Signals) => stopAll(0, `${signal}: stopping ${workers} workers`);
  process.once('SIGTERM', onSignal);
  process.once('SIGINT', onSignal);

  const listening = (worker: Worker) =>
    new Promise<void>((resolve) => {
      worker.once('listening', () => resolve());
    });
  // The first worker alone does the start's database work; the others start on what it left.
  await Promise.race([listening(cluster.fork()), exited]);
  if (!stopping) {
    await Promise.race([
      Promise.all(Array.from({ length: workers - 1 }, () => listening(cluster.fork()))),
      exited,
    ]);
  }
  if (!stopping) {
    starting = false;
    log.info(
      { workers: workerPids() },
      `${workers} workers listening (pids ${workerPids().join(', ')})`,
    );
  }
  return exited;
}

function workerPids(): number[] {
  return Object.values(cluster.workers ?? {}).flatMap((w) =>
    w?.process.pid ? [w.process.pid] : [],
  );
}
