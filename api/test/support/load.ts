import { Agent, request as httpRequest } from 'node:http';

/**
 * A small closed-loop load generator on node:http: `clients` loops, each sending one request,
 * waiting for the whole answer, then the next, for `seconds`. Each request is of one of the
 * `kinds`, in proportion to their weights. Latency is measured per request, end to end.
 */

export interface LoadRequest {
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
}

export interface LoadKind {
  name: string;
  /** How many requests of this kind in every sum-of-weights requests. */
  weight: number;
  /** The `n`th request of this kind from `client`. */
  /** A request to send (made before its time is counted: a form's proof is worked out first). */
  request(client: number, n: number): LoadRequest | Promise<LoadRequest>;
}

export interface Answer {
  kind: string;
  request: LoadRequest;
  status: number;
  body: string;
}

export interface KindFigures {
  kind: string;
  requests: number;
  errors: number;
  p50: number;
  p99: number;
  max: number;
}

export interface LoadReport {
  clients: number;
  seconds: number;
  requests: number;
  errors: number;
  requestsPerSecond: number;
  kinds: KindFigures[];
  /** The first few failures, for the test's message. */
  failures: string[];
}

/** A request that takes longer than this counts as an error (the client gives up). */
const REQUEST_TIMEOUT_MS = 30_000;

export async function runLoad(options: {
  baseUrl: string;
  clients: number;
  seconds: number;
  kinds: LoadKind[];
  /** Every answer, as it arrives (a 2xx submission's id is recorded here). */
  onAnswer?: (answer: Answer) => void;
}): Promise<LoadReport> {
  const { clients, seconds, kinds } = options;
  const base = new URL(options.baseUrl);
  const agent = new Agent({ keepAlive: true, maxSockets: clients });
  // Kinds in an interleaved order of their weights, so each client mixes them from the start.
  const schedule = interleave(kinds);
  const latencies = new Map(kinds.map((k) => [k.name, [] as number[]]));
  const sent = new Map(kinds.map((k) => [k.name, 0]));
  const errors = new Map(kinds.map((k) => [k.name, 0]));
  const failures: string[] = [];
  const fail = (kind: string, what: string) => {
    errors.set(kind, errors.get(kind)! + 1);
    if (failures.length < 10) failures.push(`${kind}: ${what}`);
  };

  const started = performance.now();
  const until = started + seconds * 1000;
  const client = async (index: number) => {
    const counts = new Map<string, number>();
    // Clients start at different places of the schedule.
    for (let i = index; performance.now() < until; i += 1) {
      const kind = schedule[i % schedule.length]!;
      const n = counts.get(kind.name) ?? 0;
      counts.set(kind.name, n + 1);
      const request = await kind.request(index, n);
      sent.set(kind.name, sent.get(kind.name)! + 1);
      const at = performance.now();
      try {
        const { status, body } = await send(agent, base, request);
        latencies.get(kind.name)!.push(performance.now() - at);
        if (status < 200 || status >= 300) fail(kind.name, `${status} ${body.slice(0, 200)}`);
        options.onAnswer?.({ kind: kind.name, request, status, body });
      } catch (error) {
        fail(kind.name, (error as Error).message);
      }
    }
  };
  await Promise.all(Array.from({ length: clients }, (_, i) => client(i)));
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();

  // Latencies are those of the answered requests (any status); a request without one is an error.
  const figures = kinds.map((kind): KindFigures => {
    const sorted = latencies.get(kind.name)!.sort((a, b) => a - b);
    return {
      kind: kind.name,
      requests: sent.get(kind.name)!,
      errors: errors.get(kind.name)!,
      p50: percentile(sorted, 0.5),
      p99: percentile(sorted, 0.99),
      max: sorted.at(-1) ?? 0,
    };
  });
  const requests = figures.reduce((sum, f) => sum + f.requests, 0);
  return {
    clients,
    seconds,
    requests,
    errors: figures.reduce((sum, f) => sum + f.errors, 0),
    requestsPerSecond: requests / elapsed,
    kinds: figures,
    failures,
  };
}

/** One request over the keep-alive agent; the answer read whole as text. */
function send(
  agent: Agent,
  base: URL,
  request: LoadRequest,
): Promise<{ status: number; body: string }> {
  const body = request.body === undefined ? undefined : JSON.stringify(request.body);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        agent,
        host: base.hostname,
        port: base.port,
        method: request.method,
        path: request.path,
        headers: body
          ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }
          : {},
        timeout: REQUEST_TIMEOUT_MS,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
        );
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`no answer within ${REQUEST_TIMEOUT_MS} ms`)));
    req.on('error', reject);
    req.end(body);
  });
}

/** Each kind `weight` times in every round, spread out: [a, b, a, c, a, b, ...]. */
function interleave(kinds: LoadKind[]): LoadKind[] {
  const slots: { kind: LoadKind; at: number }[] = [];
  for (const kind of kinds) {
    for (let i = 0; i < kind.weight; i += 1) slots.push({ kind, at: (i + 0.5) / kind.weight });
  }
  return slots.sort((a, b) => a.at - b.at).map((s) => s.kind);
}

/** The value below which `fraction` of the sorted values lie (nearest rank). */
export function percentile(sorted: number[], fraction: number): number {
  if (!sorted.length) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)]!;
}

/** The report as a text table, for the test's output. */
export function formatReport(report: LoadReport, title: string): string {
  const ms = (n: number) => `${n.toFixed(1)} ms`;
  const rows = report.kinds.map((k) =>
    [k.kind.padEnd(16), String(k.requests).padStart(8), String(k.errors).padStart(7)]
      .concat([ms(k.p50), ms(k.p99), ms(k.max)].map((v) => v.padStart(11)))
      .join(' '),
  );
  return [
    `${title}: ${report.clients} clients for ${report.seconds} s, ${report.requests} requests ` +
      `(${Math.round(report.requestsPerSecond)}/s), ${report.errors} errors`,
    `${'kind'.padEnd(16)} ${'requests'.padStart(8)} ${'errors'.padStart(7)} ${'p50'.padStart(11)} ${'p99'.padStart(11)} ${'max'.padStart(11)}`,
    ...rows,
  ].join('\n');
}
