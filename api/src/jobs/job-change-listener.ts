import pg from 'pg';

/**
 * The PostgreSQL channel a committed job change is announced on (job-changes.ts sends it inside
 * the change's transaction, so it is delivered only if and when the change commits).
 */
export const JOB_CHANGES_CHANNEL = 'jobboard_jobs';

/** What a notification on the channel says: the jobs version the change raised, and who sent it. */
export interface JobChangeNotice {
  version: number;
  /** The sending process's token (JobChanges.sender): a process knows its own changes already. */
  sender: string;
}

/** A sender's token: the process's random UUID (JobChanges.sender). */
const SENDER = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * `<version> <sender>`, as job-changes.ts writes it; anything else is ignored. Even a well-formed
 * notice is only a wake-up (PublicCache.changed reads the true version): anyone who can reach the
 * database can send one.
 */
export function parseNotice(payload: string | undefined): JobChangeNotice | undefined {
  if (!payload || payload.length > 60) return undefined;
  const [version, sender, ...rest] = payload.split(' ');
  const number = Number(version);
  if (rest.length || !/^[0-9]{1,16}$/.test(version ?? '') || !Number.isSafeInteger(number)) {
    return undefined;
  }
  if (!sender || !SENDER.test(sender)) return undefined;
  return { version: number, sender };
}

export interface JobChangeListenerOptions {
  connectionString: string;
  /** A committed job change of any process (this one's too). */
  onNotice(notice: JobChangeNotice): void;
  /** The listener is connected (again): changes made while it was not must be looked for now. */
  onConnected(): void;
  /** The listener lost its connection (or could not connect): until it is back, poll. */
  onDisconnected(error: Error): void;
  /** First wait before reconnecting; doubled after each failure up to maxBackoffMs. */
  minBackoffMs?: number;
  maxBackoffMs?: number;
}

type Waiter = () => void;

/**
 * One dedicated connection per process (a `pg` client of its own, not from knex's pool, which
 * would hand it back and lose the LISTEN) that hears every committed job change on
 * JOB_CHANGES_CHANNEL. It reconnects by itself after a lost connection or a database restart,
 * waiting longer after each failure (100 ms doubling to 10 s), and says so through
 * onDisconnected / onConnected, so that the public cache polls meanwhile and looks at the version
 * once it is back (a change made during the gap is not missed). `close()` ends it for good.
 */
export class JobChangeListener {
  private client: pg.Client | null = null;
  private closed = false;
  private failures = 0;
  private retry: NodeJS.Timeout | undefined;
  private pid: number | undefined;
  private readonly connectWaiters = new Set<Waiter>();
  private readonly disconnectWaiters = new Set<Waiter>();
  private readonly noticeWaiters = new Set<(notice: JobChangeNotice) => void>();
  private readonly minBackoffMs: number;
  private readonly maxBackoffMs: number;

  constructor(private readonly options: JobChangeListenerOptions) {
    this.minBackoffMs = options.minBackoffMs ?? 100;
    this.maxBackoffMs = options.maxBackoffMs ?? 10_000;
  }

  /** Connect in the background (a database that is down is retried; start never fails). */
  start(): void {
    void this.connect();
  }

  /** Whether it listens now. */
  get connected(): boolean {
    return this.pid !== undefined;
  }

  /** The server process id of its connection while connected (pg_stat_activity, tests). */
  get backendPid(): number | undefined {
    return this.pid;
  }

  /** Settles once it listens (at once if it does). */
  whenConnected(): Promise<void> {
    if (this.connected) return Promise.resolve();
    return new Promise((resolve) => this.connectWaiters.add(resolve));
  }

  /** Settles once it has lost its connection (at once if it has none). */
  whenDisconnected(): Promise<void> {
    if (!this.connected) return Promise.resolve();
    return new Promise((resolve) => this.disconnectWaiters.add(resolve));
  }

  /** Settles with the next change it hears, once onNotice has had it (tests, the bench). */
  nextNotice(): Promise<JobChangeNotice> {
    return new Promise((resolve) => this.noticeWaiters.add(resolve));
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.retry);
    const client = this.client;
    this.client = null;
    this.pid = undefined;
    if (client) await client.end().catch(() => {});
  }

  private async connect(): Promise<void> {
    if (this.closed) return;
    const client = new pg.Client({
      connectionString: this.options.connectionString,
      // A connection that went away without a word (a host gone) is noticed, not waited on for ever.
      keepAlive: true,
      connectionTimeoutMillis: 10_000,
      application_name: 'jobboard job-change listener',
    });
    this.client = client;
    let lost = false;
    const onLost = (error: Error) => {
      if (lost || this.client !== client) return;
      lost = true;
      this.lost(client, error);
    };
    client.on('error', onLost);
    client.on('end', () => onLost(new Error('the connection ended')));
    client.on('notification', (message) => {
      if (message.channel !== JOB_CHANGES_CHANNEL) return;
      const notice = parseNotice(message.payload);
      if (!notice) return;
      this.options.onNotice(notice);
      for (const waiter of [...this.noticeWaiters]) waiter(notice);
      this.noticeWaiters.clear();
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${JOB_CHANGES_CHANNEL}`);
      const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
      if (this.closed || lost) return;
      this.pid = rows[0]!.pid;
      this.failures = 0;
      this.options.onConnected();
      for (const waiter of [...this.connectWaiters]) waiter();
      this.connectWaiters.clear();
    } catch (error) {
      onLost(error instanceof Error ? error : new Error(String(error)));
    }
  }

  private lost(client: pg.Client, error: Error): void {
    const wasConnected = this.pid !== undefined;
    this.pid = undefined;
    this.client = null;
    client.end().catch(() => {});
    if (this.closed) return;
    this.options.onDisconnected(error);
    if (wasConnected) {
      for (const waiter of [...this.disconnectWaiters]) waiter();
      this.disconnectWaiters.clear();
    }
    const wait = Math.min(this.maxBackoffMs, this.minBackoffMs * 2 ** this.failures);
    this.failures += 1;
    this.retry = setTimeout(() => void this.connect(), wait);
    this.retry.unref();
  }
}
