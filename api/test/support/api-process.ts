import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { DatabaseConfig } from '../../src/platform/config';
import { Challenges } from '../../src/human-proof/challenges';
import { solve } from './human-proof-solve';
import { freePort } from './pg-cluster';

/**
 * The API as production runs it, as a child process: the build in api/dist run by plain `node`
 * with the production settings of the package's `start` script, on a free port of 127.0.0.1.
 * The fault tests kill it (SIGKILL) or stop it (SIGTERM) and start it again on the same database
 * and port.
 *
 *   const api = await ApiProcess.start({ database });
 *   await fetch(`${api.url}/api/jobs`);
 *   expect(await api.stop()).toEqual({ code: 0, signal: null });
 *
 * The environment is `env` over test defaults, not the test process's own (a DATABASE_URL in the
 * developer's shell must never reach a test server): what production requires (SESSION_SECRET,
 * TOTP_ENCRYPTION_KEY, HUMAN_PROOF_SECRET, PUBLIC_URL, a sender, and MAIL_DISABLED=true unless the
 * test gives an SMTP_URL), migrations applied at start, no demo data, warnings only in the log, no
 * background mail, a first admin (API_PROCESS_ADMIN), and the test's own database.
 */

export const API_PROCESS_ADMIN = { username: 'site-admin', password: 'site-admin-password-1' };
/** The key of the admins' two-factor secrets production requires (TOTP_ENCRYPTION_KEY). */
export const API_PROCESS_TOTP_KEY = 'miWhCcgUsUsFlGZR7JUN04RzedXkCCznI2lI+8SH4gg=';
/** The spam check's key production requires (HUMAN_PROOF_SECRET): processProof signs with it. */
export const API_PROCESS_HUMAN_PROOF_SECRET = 'api-process-human-proof-secret-0000000001';

export interface ApiProcessOptions {
  /** The database the server runs on: a SQLite file or a PostgreSQL URL. */
  database: DatabaseConfig;
  /** More environment (SMTP_URL, STRIPE_*, SUBMISSION_RATE_LIMIT_MAX ...); wins over the defaults. */
  env?: Record<string, string>;
  /** How long the server may take to start (default 60 s: a busy 2-core machine; only for a hang). */
  startTimeoutMs?: number;
  /** The host name of PUBLIC_URL (default 127.0.0.1): the end-to-end site is `localhost`. */
  publicHost?: string;
  /**
   * What `node` runs, in api/ (default `dist/server.js`): `['dist/cli.js', 'serve', '--workers',
   * '2']` starts the server as `jobboard serve` does.
   */
  command?: string[];
}

export interface ExitStatus {
  code: number | null;
  signal: NodeJS.Signals | null;
}

const API_DIR = path.resolve(import.meta.dirname, '..', '..');
/** The production start's process settings (api/package.json `start`). */
const PRODUCTION_ENV = { NODE_ENV: 'production', UV_THREADPOOL_SIZE: '16' };
/** How much of the server's output is kept, for the message when it fails. */
const OUTPUT_TAIL = 20_000;
const STOP_TIMEOUT_MS = 15_000;
/** The first words of the banner the server prints once it listens (server.ts). */
const READY_BANNER = 'Job board ready at';

/** Every server still running, killed if the test process exits without stopping it. */
const running = new Set<ApiProcess>();
process.once('exit', () => {
  for (const api of running) api.killNow();
});

export class ApiProcess {
  private child: ChildProcess | null = null;
  private exit: Promise<ExitStatus> = Promise.resolve({ code: null, signal: null });
  private tail = '';
  /** Set when the process ended without stop() or kill() from the test. */
  private unexpectedEnd: string | null = null;
  private stopping = false;
  /** Waiting for a text in the output (outputIncludes). */
  private readonly watchers = new Set<() => void>();

  private constructor(
    readonly port: number,
    private readonly env: Record<string, string>,
    private readonly startTimeoutMs: number,
    private readonly command: string[],
  ) {}

  /**
   * Start the server and wait until it answers. A free port can be taken by another program
   * before the server listens on it: then it is tried again on another one.
   */
  static async start(options: ApiProcessOptions): Promise<ApiProcess> {
    buildOnce();
    for (let attempt = 1; ; attempt += 1) {
      const api = ApiProcess.create(await freePort(), options);
      try {
        await api.launch();
        return api;
      } catch (error) {
        if (attempt >= 3 || !api.output.includes('EADDRINUSE')) throw error;
      }
    }
  }

  private static create(port: number, options: ApiProcessOptions): ApiProcess {
    const database: Record<string, string> =
      options.database.client === 'sqlite'
        ? { SQLITE_FILE: options.database.filename }
        : { DATABASE_URL: options.database.connectionString };
    const env = {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      HOME: process.env.HOME ?? tmpdir(),
      ...PRODUCTION_ENV,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://${options.publicHost ?? '127.0.0.1'}:${port}`,
      SEED_DEMO: 'false',
      // Production leaves the migrations to the operator; the tests start on fresh databases.
      MIGRATE_ON_START: 'true',
      LOG_LEVEL: 'warn',
      SESSION_SECRET: 'api-process-secret-api-process-secret-0001',
      TOTP_ENCRYPTION_KEY: API_PROCESS_TOTP_KEY,
      HUMAN_PROOF_SECRET: API_PROCESS_HUMAN_PROOF_SECRET,
      ADMIN_USERNAME: API_PROCESS_ADMIN.username,
      ADMIN_PASSWORD: API_PROCESS_ADMIN.password,
      MAIL_POLL_SECONDS: '0',
      // No job-alert digest scheduler: a test sends digests when it means to.
      ALERT_DIGEST_INTERVAL_MINUTES: '0',
      // No renewal-reminder scheduler either, nor still-hiring check-ins.
      RENEWAL_REMINDER_INTERVAL_MINUTES: '0',
      CHECK_IN_INTERVAL_MINUTES: '0',
      // Production asks for an SMTP server and a real sender (issue 46): a test that gives
      // SMTP_URL sends from .test (reserved for tests); one that does not runs without e-mail.
      MAIL_FROM: 'Job board tests <jobs@board.test>',
      ...(options.env?.SMTP_URL ? {} : { MAIL_DISABLED: 'true' }),
      ...database,
      ...options.env,
    };
    return new ApiProcess(
      port,
      env,
      options.startTimeoutMs ?? 60_000,
      options.command ?? ['dist/server.js'],
    );
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** The running server's process id. */
  get pid(): number {
    return this.child!.pid!;
  }

  /** Settles when the current server process has exited, however it ended. */
  get exited(): Promise<ExitStatus> {
    return this.exit;
  }

  /** The last part of what the server wrote (stdout and stderr), for failure messages. */
  get output(): string {
    return this.tail;
  }

  /**
   * Settles once the server has written `text` (on stdout or stderr, since it was last started):
   * a log line (set LOG_LEVEL to see info lines) is the event a test waits for, not a time.
   * Rejects if the server exits first.
   */
  outputIncludes(text: string): Promise<void> {
    if (this.tail.includes(text)) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const check = () => {
        if (!this.tail.includes(text)) return;
        this.watchers.delete(check);
        resolve();
      };
      this.watchers.add(check);
      void this.exit.then(() => {
        if (!this.watchers.delete(check)) return;
        reject(new Error(`the server exited before writing "${text}":\n${this.tail}`));
      });
    });
  }

  /**
   * How the server ended when the test did not end it ('signal SIGTERM', 'exit code 1'), for the
   * failure message of a test whose requests started failing; null while it runs or was stopped.
   */
  get endedOnItsOwn(): string | null {
    return this.unexpectedEnd;
  }

  get alive(): boolean {
    return this.child !== null && this.child.exitCode === null && this.child.signalCode === null;
  }

  /**
   * SIGTERM unless told (as a service manager stops it: in-flight requests finish); waits for the
   * exit and for the port to be free, SIGKILL-ing a server that takes longer than 15 s.
   */
  async stop(signal: NodeJS.Signals = 'SIGTERM'): Promise<ExitStatus> {
    const child = this.child;
    if (!child || !this.alive) return this.exit;
    this.stopping = true;
    child.kill(signal);
    const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
    const status = await this.exit;
    clearTimeout(timer);
    const deadline = Date.now() + STOP_TIMEOUT_MS;
    while (await listening(this.port)) {
      if (Date.now() > deadline) {
        throw new Error(`port ${this.port} still takes connections after the server was stopped`);
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return status;
  }

  /** SIGKILL: no chance to clean up. */
  async kill(): Promise<void> {
    await this.stop('SIGKILL');
  }

  /** Start again on the same database and port, after `stop()` or `kill()`. */
  async restart(): Promise<void> {
    if (this.alive) await this.stop();
    await this.launch();
  }

  /** Synchronous last resort (process exit): SIGKILL without waiting. */
  killNow(): void {
    if (this.alive) this.child?.kill('SIGKILL');
  }

  private async launch(): Promise<void> {
    const child = spawn(process.execPath, ['--enable-source-maps', ...this.command], {
      cwd: API_DIR,
      env: this.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    this.stopping = false;
    this.unexpectedEnd = null;
    this.exit = new Promise((resolve) =>
      child.once('exit', (code, signal) => {
        if (!this.stopping) this.unexpectedEnd = signal ? `signal ${signal}` : `exit code ${code}`;
        running.delete(this);
        resolve({ code, signal });
      }),
    );
    this.tail = '';
    const keep = (chunk: Buffer) => {
      this.tail = (this.tail + chunk.toString('utf8')).slice(-OUTPUT_TAIL);
      for (const check of [...this.watchers]) check();
    };
    // Always read both pipes: a full pipe would block the server's logging, and so the server.
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    running.add(this);
    await this.untilHealthy();
  }

  /**
   * Until the server prints its banner (server.ts, once it listens), then one /healthz. The start
   * timeout is only a last resort for a server that hangs.
   */
  private async untilHealthy(): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const hung = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => {
        this.killNow();
        reject(
          new Error(`the server did not start within ${this.startTimeoutMs} ms:\n${this.tail}`),
        );
      }, this.startTimeoutMs);
    });
    try {
      await Promise.race([
        this.outputIncludes(READY_BANNER).catch(() => {
          throw new Error(`the server stopped while starting:\n${this.tail}`);
        }),
        hung,
      ]);
    } finally {
      clearTimeout(timer);
    }
    const health = await fetch(`${this.url}/healthz`);
    if (!health.ok) throw new Error(`/healthz answered ${health.status}:\n${this.tail}`);
  }
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

/** Whether something accepts TCP connections on 127.0.0.1:port. */
function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/**
 * A solved proof of the spam check (issue 45) for a form sent to an ApiProcess: a challenge signed
 * with the process's key by the API's own code, solved as a browser does. Not fetched from the
 * process, whose challenge route has its own limit per client: the load and crash tests send far
 * more forms from 127.0.0.1 than a person does.
 */
export async function processProof(): Promise<string> {
  return solve(await new Challenges(API_PROCESS_HUMAN_PROOF_SECRET).issue(new Date()));
}
