import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A record as Airtable's list records call answers it. */
export interface AirtableRecord {
  id: string;
  createdTime?: string;
  fields: Record<string, unknown>;
}

/**
 * How the next requests are answered, in order (each used once): the page itself ('ok'), a 429
 * (with or without Retry-After), a 500, a body that is not JSON, or no answer at all ('hang').
 */
export type FakeAnswer = 'ok' | '429' | '429-retry-after' | '500' | 'bad-json' | 'hang';

export interface FakeAirtable {
  /** http://127.0.0.1:port/v0: AIRTABLE_API_URL. */
  apiUrl: string;
  baseId: string;
  table: string;
  apiKey: string;
  /** The table's records, in order; tests change it between syncs. */
  records: AirtableRecord[];
  /** Answers for the next requests to the table (then 'ok'). */
  script: FakeAnswer[];
  /**
   * Hold the table's answers until `release()`: a sync held in the middle of its reading for as
   * long as the test needs. `arrived` settles once a request is being held.
   */
  hold(): { arrived: Promise<void>; release(): void };
  /** Arrival time (performance.now()) and query of every request to the table. */
  requests: { at: number; pageSize: string | null; offset: string | null; status: number }[];
  /** The JSON feed this server also serves at /feed.json (JOB_FEED_URL = feedUrl). */
  feed: unknown;
  feedScript: FakeAnswer[];
  feedUrl: string;
  /**
   * The largest number of requests that arrived within any one second. Arrival follows the
   * machine's load (a request sent on time can arrive late, next to the following one): a
   * figure to report, not to assert; the limit is asserted on when requests leave the API.
   */
  maxPerSecond(): number;
  close(): Promise<void>;
}

/** The largest number of the (ascending) times that fall within any one second. */
export function mostWithinASecond(times: number[]): number {
  let max = 0;
  for (let i = 0; i < times.length; i += 1) {
    let n = 0;
    for (let j = i; j < times.length && times[j]! - times[i]! < 1000; j += 1) n += 1;
    max = Math.max(max, n);
  }
  return max;
}

export const FAKE_AIRTABLE_BASE = 'appFAKEBASE000001';
const TABLE = 'Jobs Table';
const KEY = 'patFAKEKEY.secret';

/**
 * A local stand-in for Airtable's REST API (list records, https://airtable.com/developers/web/api/list-records):
 * `GET /v0/{baseId}/{table}?pageSize=&offset=` with `Authorization: Bearer {key}`, answering
 * `{ records, offset }` pages of at most 100, the offset an opaque token. Also a JSON feed at
 * /feed.json. Only on 127.0.0.1.
 */
export async function startFakeAirtable(options: { port?: number } = {}): Promise<FakeAirtable> {
  const { fake, listener, hanging } = fakeAirtable();
  const server = createServer(listener);
  fake.close = async () => {
    for (const res of hanging) res.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  fake.apiUrl = `http://127.0.0.1:${port}/v0`;
  fake.feedUrl = `http://127.0.0.1:${port}/feed.json`;
  return fake;
}

/**
 * The fake's state and its request listener, for a server of one's own (the end-to-end run serves
 * it beside its other fakes, on no extra port): `apiUrl` and `feedUrl` are `origin` + /v0 and
 * /feed.json, and `close` is the server's business.
 */
export function fakeAirtable(origin = ''): {
  fake: FakeAirtable;
  listener: (req: IncomingMessage, res: ServerResponse) => void;
  hanging: Set<ServerResponse>;
} {
  const hanging = new Set<ServerResponse>();
  /** The hold in force (hold()), if any. */
  let held: { gate: Promise<void>; reached(): void } | null = null;
  const fake: FakeAirtable = {
    apiUrl: `${origin}/v0`,
    baseId: FAKE_AIRTABLE_BASE,
    table: TABLE,
    apiKey: KEY,
    records: [],
    script: [],
    hold() {
      let release!: () => void;
      let reached!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      const arrived = new Promise<void>((resolve) => (reached = resolve));
      const current = { gate, reached };
      held = current;
      return {
        arrived,
        release() {
          if (held === current) held = null;
          release();
        },
      };
    },
    requests: [],
    feed: [],
    feedScript: [],
    feedUrl: `${origin}/feed.json`,
    maxPerSecond() {
      return mostWithinASecond(this.requests.map((r) => r.at));
    },
    close: async () => {
      for (const res of hanging) res.destroy();
    },
  };

  const answer = (res: ServerResponse, mode: FakeAnswer, body: () => unknown): number => {
    switch (mode) {
      case 'hang':
        hanging.add(res);
        return 0;
      case '429':
        send(res, 429, { errors: [{ error: 'RATE_LIMIT_REACHED' }] });
        return 429;
      case '429-retry-after':
        res.setHeader('Retry-After', '0');
        send(res, 429, { errors: [{ error: 'RATE_LIMIT_REACHED' }] });
        return 429;
      case '500':
        send(res, 500, { error: { type: 'SERVER_ERROR', message: 'Try again later' } });
        return 500;
      case 'bad-json':
        res.writeHead(200, { 'Content-Type': 'application/json' });
        res.end('{"records": [');
        return 200;
      default:
        send(res, 200, body());
        return 200;
    }
  };

  const listener = (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (url.pathname === '/feed.json') {
      answer(res, fake.feedScript.shift() ?? 'ok', () => fake.feed);
      return;
    }
    const expected = `/v0/${fake.baseId}/${encodeURIComponent(fake.table)}`;
    if (url.pathname !== expected) {
      send(res, 404, { error: 'NOT_FOUND' });
      return;
    }
    if (req.headers.authorization !== `Bearer ${fake.apiKey}`) {
      send(res, 401, { error: { type: 'AUTHENTICATION_REQUIRED', message: 'Bad key' } });
      return;
    }
    const entry = {
      at: performance.now(),
      pageSize: url.searchParams.get('pageSize'),
      offset: url.searchParams.get('offset'),
      status: 0,
    };
    fake.requests.push(entry);
    const mode = fake.script.shift() ?? 'ok';
    const respond = () => {
      entry.status = answer(res, mode, () => {
        const size = Math.min(100, Number(entry.pageSize ?? 100) || 100);
        const start = entry.offset ? Number(entry.offset.replace(/^itr\//, '')) : 0;
        const records = fake.records.slice(start, start + size);
        const next = start + size < fake.records.length ? `itr/${start + size}` : undefined;
        return { records, ...(next ? { offset: next } : {}) };
      });
    };
    if (held && mode === 'ok') {
      held.reached();
      void held.gate.then(respond);
    } else respond();
  };
  return { fake, listener, hanging };
}

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify(body));
}

/** The environment that points the API at this fake Airtable. */
export function airtableEnv(fake: FakeAirtable): Record<string, string> {
  return {
    AIRTABLE_API_KEY: fake.apiKey,
    AIRTABLE_BASE_ID: fake.baseId,
    AIRTABLE_TABLE: fake.table,
    AIRTABLE_API_URL: fake.apiUrl,
  };
}

/** A valid Airtable record of a job; `fields` overrides. */
export function airtableJob(n: number, fields: Record<string, unknown> = {}): AirtableRecord {
  return {
    id: `rec${String(n).padStart(14, '0')}`,
    createdTime: '2026-11-01T00:00:00.000Z',
    fields: {
      Title: `Synced Role ${n}`,
      Organization: `Source Org ${n % 7}`,
      Description: `Role number ${n}, read from Airtable. Plans and writes the campaigns.`,
      Location: n % 3 === 0 ? 'Remote' : 'Chicago, IL',
      'Job Type': 'Full-time',
      Category: n % 2 ? ['Communications', 'Fundraising'] : 'Communications',
      'Posted Date': '2026-11-20',
      'Salary Min': 50_000 + n,
      'Salary Max': 60_000 + n,
      'Application URL': `https://source.example/jobs/${n}`,
      Via: 'Airtable',
      ...fields,
    },
  };
}
