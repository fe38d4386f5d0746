import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from './pg-cluster';

/**
 * The real API server as a child process, started the way production starts it: the build in
 * api/dist run by plain `node` (what `pnpm --filter @jobboard/api start` runs once it has built).
 *
 *   const server = await start({ env: { DATABASE_URL: url } });
 *   await fetch(`${server.url}/api/jobs`);
 *   expect(await server.stop('SIGTERM')).toEqual({ code: 0, signal: null });
 *
 * The environment is the given `env` over test defaults, not the test process's own (a
 * DATABASE_URL in the developer's shell must never reach a test server): a free port on
 * 127.0.0.1, no demo data, warnings only in the log, no background mail, and a SQLite file in a
 * temporary folder of its own (deleted when the process has exited) unless `env` names
 * DATABASE_URL or SQLITE_FILE.
 */
export interface StartOptions {
  env?: Record<string, string>;
  /** How long the server may take to answer /healthz (default 30 s). */
  startTimeoutMs?: number;
}

export interface ExitStatus {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface ServerProcess {
  /** http://127.0.0.1:<port> */
  url: string;
  port: number;
  pid: number;
  /** Settles when the process has exited, however it ended. */
  exited: Promise<ExitStatus>;
  /** Send the signal (SIGTERM unless told) and wait for the exit. */
  stop(signal?: NodeJS.Signals): Promise<ExitStatus>;
  /** Everything the process wrote to stdout and stderr so far. */
  output(): string;
}

const API_DIR = path.resolve(import.meta.dirname, '..', '..');

/** The production start's process settings (api/package.json `start`). */
const PRODUCTION_ENV = { NODE_ENV: 'production', UV_THREADPOOL_SIZE: '16' };

export async function start(options: StartOptions = {}): Promise<ServerProcess> {
  buildOnce();
  const port = await freePort();
  const given = options.env ?? {};
  const scratch =
    given.DATABASE_URL || given.SQLITE_FILE
      ? null
      : mkdtempSync(path.join(tmpdir(), 'jobboard-server-'));
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: process.env.HOME ?? tmpdir(),
    ...PRODUCTION_ENV,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
    MAIL_POLL_SECONDS: '0',
    SESSION_SECRET: 'server-process-secret-server-process-secret',
    ...(scratch ? { SQLITE_FILE: path.join(scratch, 'board.sqlite') } : {}),
    ...given,
  };

  const child = spawn(process.execPath, ['--enable-source-maps', 'dist/server.js'], {
    cwd: API_DIR,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += String(chunk)));
  child.stderr.on('data', (chunk) => (output += String(chunk)));
  // A test that dies must not leave its server behind.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  const exited = new Promise<ExitStatus>((resolve) => {
    child.once('exit', (code, signal) => {
      process.removeListener('exit', killOnExit);
      if (scratch) rmSync(scratch, { recursive: true, force: true });
      resolve({ code, signal });
    });
  });

  const url = `http://127.0.0.1:${port}`;
  try {
    await untilHealthy(url, exited, options.startTimeoutMs ?? 30_000, () => output);
  } catch (error) {
    child.kill('SIGKILL');
    await exited;
    throw error;
  }
  return {
    url,
    port,
    pid: child.pid!,
    exited,
    async stop(signal: NodeJS.Signals = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
    output: () => output,
  };
}

let built = false;

/** `node scripts/build.mjs --if-needed` once per test file: dist/ as `pnpm start` would have it. */
export function buildOnce(): void {
  if (built) return;
  const result = spawnSync(process.execPath, ['scripts/build.mjs', '--if-needed'], {
    cwd: API_DIR,
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`the API build failed:\n${result.stderr}`);
  built = true;
}

async function untilHealthy(
  url: string,
  exited: Promise<ExitStatus>,
  timeoutMs: number,
  output: () => string,
): Promise<void> {
  let exit: ExitStatus | undefined;
  void exited.then((status) => (exit = status));
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (exit) throw new Error(`the server exited (${JSON.stringify(exit)}):\n${output()}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the server did not answer /healthz within ${timeoutMs} ms:\n${output()}`);
}
