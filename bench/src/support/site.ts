import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '@jobboard/api/test-support';

export { freePort };

export const REPO_ROOT = path.resolve(import.meta.dirname, '..', '..', '..');

export const BENCH_ADMIN = { username: 'bench-admin', password: 'bench-admin-password-1' };

export interface RunningSite {
  url: string;
  port: number;
  stop(): Promise<void>;
}

/**
 * Build the front end of the checked-out code and promote it (`pnpm build`). Always, not only when
 * no build exists: the report must describe this commit, and a build left from an earlier checkout
 * would be measured in its place (it was, once: a morning's build stood for the evening's code).
 */
export function buildFrontEnd(): void {
  const result = spawnSync('pnpm', ['build'], { cwd: REPO_ROOT, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('building the front end failed');
}

/**
 * The production site (API + built front end on one port), started as `pnpm start` starts it, on a
 * free port, against the given database: a copy of a SQLite file (so a run never changes the
 * original) or a PostgreSQL URL. Stops with SIGTERM and waits for the process to end.
 */
export async function startSite(options: {
  sqliteFile?: string;
  databaseUrl?: string;
  env?: Record<string, string>;
  /** `jobboard serve --workers N` instead of `pnpm start` (PostgreSQL). */
  workers?: number;
}): Promise<RunningSite> {
  const port = await freePort();
  const dir = mkdtempSync(path.join(tmpdir(), 'jobboard-bench-site-'));
  const database: Record<string, string> = {};
  if (options.databaseUrl) database.DATABASE_URL = options.databaseUrl;
  if (options.sqliteFile) {
    const copy = path.join(dir, 'board.sqlite');
    copyFileSync(options.sqliteFile, copy);
    database.SQLITE_FILE = copy;
  }
  const command = options.workers
    ? ['jobboard', 'serve', '--workers', String(options.workers)]
    : ['start'];
  const child = spawn('pnpm', ['--filter', '@jobboard/api', ...command], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      SEED_DEMO: 'false',
      // Production leaves the migrations to the operator; the bench's database may be fresh.
      MIGRATE_ON_START: 'true',
      LOG_LEVEL: 'warn',
      SESSION_SECRET: 'bench-session-secret-bench-session-secret',
      TOTP_ENCRYPTION_KEY: 'Z2MJDacNd51WMQUw70AntvRrCsrLG6gmUP3NkI5eIYk=',
      HUMAN_PROOF_SECRET: 'bench-human-proof-secret-bench-human-proof',
      ADMIN_USERNAME: BENCH_ADMIN.username,
      ADMIN_PASSWORD: BENCH_ADMIN.password,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      SUBMISSION_RATE_LIMIT_MAX: '100000',
      // The load comes from one address: the counting bench measures counts, not the limit's
      // "not counted" past 120 views an hour.
      VIEW_RATE_LIMIT_MAX: '1000000000',
      APPLY_CLICK_RATE_LIMIT_MAX: '1000000000',
      MAIL_POLL_SECONDS: '0',
      // No SMTP server: production asks for one unless told the site runs without e-mail.
      MAIL_DISABLED: 'true',
      NODE_ENV: 'production',
      ...database,
      ...options.env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
    detached: true,
  });
  let stderr = '';
  child.stderr?.on('data', (chunk) => (stderr += String(chunk)));
  const url = `http://127.0.0.1:${port}`;
  await waitUntilUp(`${url}/api/site`, child, () => stderr);
  // The first worker answers as soon as it listens; the others start after it (serve-cluster.ts).
  if (options.workers && options.workers > 1) {
    const listening = `${options.workers} workers listening`;
    await waitUntil(
      () => stderr.includes(listening),
      child,
      () => stderr,
    );
  }
  return {
    url,
    port,
    async stop() {
      await stopProcess(child);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function waitUntilUp(url: string, child: ChildProcess, stderr: () => string) {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the site stopped at start:\n${stderr()}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the site did not start within 2 minutes:\n${stderr()}`);
}

async function waitUntil(done: () => boolean, child: ChildProcess, stderr: () => string) {
  const deadline = Date.now() + 120_000;
  while (!done()) {
    if (child.exitCode !== null) throw new Error(`the site stopped at start:\n${stderr()}`);
    if (Date.now() > deadline) throw new Error(`the site did not start in 2 minutes:\n${stderr()}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** SIGTERM to the process group (pnpm and the server under it); SIGKILL after 15 s. */
export async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || !child.pid) return;
  const ended = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  process.kill(-child.pid, 'SIGTERM');
  const timer = setTimeout(() => child.pid && process.kill(-child.pid, 'SIGKILL'), 15_000);
  await ended;
  clearTimeout(timer);
}
