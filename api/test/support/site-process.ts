import { spawn, type ChildProcess } from 'node:child_process';
import { connect } from 'node:net';
import path from 'node:path';
import type { DatabaseConfig } from '../../src/config';
import { freePort } from './pg-cluster';

/**
 * The API as production runs it: a child process started with `pnpm --filter @jobboard/api start`
 * (the package's own `start` script, so a change of that script is what the tests run), on a free
 * port of 127.0.0.1, against a database the test owns. The fault tests kill it (SIGKILL) or stop
 * it (SIGTERM) and start it again on the same database and port.
 */

const REPO_ROOT = path.resolve(import.meta.dirname, '..', '..', '..');

export const SITE_ADMIN = { username: 'site-admin', password: 'site-admin-password-1' };

/** How much of the server's output is kept, for the message when it fails. */
const OUTPUT_TAIL = 20_000;
const START_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 15_000;

export interface SiteProcessOptions {
  /** The database the server runs on: a SQLite file or a PostgreSQL URL. */
  database: DatabaseConfig;
  /** More environment (SMTP_URL, STRIPE_*, SUBMISSION_RATE_LIMIT_MAX ...); wins over the defaults. */
  env?: Record<string, string>;
}

/** Every site still running, killed if the test process exits without stopping it. */
const running = new Set<SiteProcess>();
process.once('exit', () => {
  for (const site of running) site.killNow();
});

export class SiteProcess {
  private child: ChildProcess | null = null;
  private exited: Promise<void> = Promise.resolve();
  private tail = '';
  /** Set when the process ended without stop() or kill() from the test. */
  private unexpectedEnd: string | null = null;
  private stopping = false;

  private readonly env: Record<string, string>;

  private constructor(
    readonly port: number,
    options: SiteProcessOptions,
  ) {
    const database: Record<string, string> =
      options.database.client === 'sqlite'
        ? { SQLITE_FILE: options.database.filename }
        : { DATABASE_URL: options.database.connectionString };
    this.env = {
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      SESSION_SECRET: 'site-process-secret-site-process-secret-01',
      ADMIN_USERNAME: SITE_ADMIN.username,
      ADMIN_PASSWORD: SITE_ADMIN.password,
      MAIL_POLL_SECONDS: '0',
      ...database,
      ...options.env,
    };
  }

  /**
   * Start the server and wait until it answers. A free port can be taken by another program
   * before the server listens on it: then it is tried again on another one.
   */
  static async start(options: SiteProcessOptions): Promise<SiteProcess> {
    for (let attempt = 1; ; attempt += 1) {
      const site = new SiteProcess(await freePort(), options);
      try {
        await site.launch();
        return site;
      } catch (error) {
        if (attempt >= 3 || !site.output.includes('EADDRINUSE')) throw error;
      }
    }
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** The last part of what the server wrote (stdout and stderr), for failure messages. */
  get output(): string {
    return this.tail;
  }

  /**
   * How the server ended when the test did not end it ('signal SIGTERM', 'exit code 1'), for the
   * failure message of a test whose requests started failing; null while it runs or was stopped.
   */
  get endedOnItsOwn(): string | null {
    return this.unexpectedEnd;
  }

  /** Whether the server process (and pnpm above it) is still running. */
  get alive(): boolean {
    return this.child !== null && this.child.exitCode === null && this.child.signalCode === null;
  }

  /** SIGTERM, as a service manager stops it: in-flight requests finish. Waits for the exit. */
  async stop(): Promise<void> {
    await this.signal('SIGTERM');
  }

  /** SIGKILL to the whole process group (pnpm, tsx, the server): no chance to clean up. */
  async kill(): Promise<void> {
    await this.signal('SIGKILL');
  }

  /** Start again on the same database and port, after `stop()` or `kill()`. */
  async restart(): Promise<void> {
    if (this.alive) await this.stop();
    await this.launch();
  }

  /** Synchronous last resort (process exit): SIGKILL without waiting. */
  killNow(): void {
    if (this.alive && this.child?.pid) {
      try {
        process.kill(-this.child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
  }

  private async launch(): Promise<void> {
    const inherited = { ...process.env };
    // The parent's own choice of database must never leak into the server's.
    delete inherited.DATABASE_URL;
    delete inherited.SQLITE_FILE;
    // Its own process group (detached), so a signal reaches pnpm, tsx and the server at once.
    const child = spawn('pnpm', ['--filter', '@jobboard/api', 'start'], {
      cwd: REPO_ROOT,
      env: { ...inherited, NODE_ENV: 'production', ...this.env },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    this.child = child;
    this.stopping = false;
    this.unexpectedEnd = null;
    this.exited = new Promise((resolve) =>
      child.once('exit', (code, signal) => {
        if (!this.stopping) this.unexpectedEnd = signal ? `signal ${signal}` : `exit code ${code}`;
        resolve();
      }),
    );
    const keep = (chunk: Buffer) => {
      this.tail = (this.tail + chunk.toString('utf8')).slice(-OUTPUT_TAIL);
    };
    // Always read both pipes: a full pipe would block the server's logging, and so the server.
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    running.add(this);
    void this.exited.then(() => running.delete(this));
    await this.waitUntilUp();
  }

  private async waitUntilUp(): Promise<void> {
    const deadline = Date.now() + START_TIMEOUT_MS;
    while (Date.now() < deadline) {
      if (!this.alive) throw new Error(`the server stopped while starting:\n${this.tail}`);
      try {
        const res = await fetch(`${this.url}/api/site`);
        await res.arrayBuffer();
        if (res.ok) return;
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    this.killNow();
    throw new Error(`the server did not answer within ${START_TIMEOUT_MS} ms:\n${this.tail}`);
  }

  private async signal(signal: 'SIGTERM' | 'SIGKILL'): Promise<void> {
    const pid = this.child?.pid;
    if (!this.alive || !pid) return;
    this.stopping = true;
    process.kill(-pid, signal);
    // pnpm exits before the server under it: wait until no process of the group is left (the
    // server has finished closing), SIGKILL-ing it after STOP_TIMEOUT_MS.
    const deadline = Date.now() + STOP_TIMEOUT_MS;
    while (groupAlive(pid) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    if (groupAlive(pid)) process.kill(-pid, 'SIGKILL');
    await this.exited;
    while (await listening(this.port)) {
      if (Date.now() > deadline + STOP_TIMEOUT_MS) {
        throw new Error(`port ${this.port} still takes connections after the server was stopped`);
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

/** Whether any process of the group is left (signal 0 only checks). */
function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
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
