import autocannon from 'autocannon';

export interface Throughput {
  requestsPerSecond: number;
  p50: number;
  /** autocannon's percentile nearest p95 (it reports 90, 97.5 and 99). */
  p97_5: number;
  p99: number;
  errors: number;
  non2xx: number;
}

/** Requests per second against one URL from `connections` clients (autocannon, in this process). */
export async function throughput(options: {
  url: string;
  method?: 'GET' | 'POST';
  body?: string;
  headers?: Record<string, string>;
  seconds: number;
  connections?: number;
  /** A new body for every request (each one a different search). */
  setupBody?: () => string;
  /** New headers for every request (each one a different visitor). */
  setupHeaders?: () => Record<string, string>;
}): Promise<Throughput> {
  const { setupBody, setupHeaders } = options;
  const result = await autocannon({
    url: options.url,
    method: options.method ?? 'GET',
    body: options.body,
    headers: {
      ...(options.body ? { 'content-type': 'application/json' } : {}),
      ...options.headers,
    },
    duration: options.seconds,
    connections: options.connections ?? 10,
    ...(setupBody || setupHeaders
      ? {
          requests: [
            {
              setupRequest: (request) => ({
                ...request,
                ...(setupBody ? { body: setupBody() } : {}),
                ...(setupHeaders ? { headers: { ...request.headers, ...setupHeaders() } } : {}),
              }),
            },
          ],
        }
      : {}),
  });
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p97_5: result.latency.p97_5,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

/** An admin session on the site: a request function sending its cookie and the CSRF header. */
export async function adminSession(baseUrl: string, username: string, password: string) {
  const login = await fetch(`${baseUrl}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-requested-with': 'fetch' },
    body: JSON.stringify({ username, password }),
  });
  if (!login.ok) throw new Error(`admin login failed: ${login.status} ${await login.text()}`);
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  return (path: string, init: RequestInit = {}) =>
    fetch(`${baseUrl}${path}`, {
      ...init,
      headers: {
        cookie,
        'x-requested-with': 'fetch',
        ...(init.body ? { 'content-type': 'application/json' } : {}),
        ...(init.headers as Record<string, string>),
      },
    });
}

/** Milliseconds one request takes, end to end (the body read). */
export async function timed(
  request: () => Promise<Response>,
): Promise<{ ms: number; status: number; body: string }> {
  const started = performance.now();
  const res = await request();
  const body = await res.text();
  return { ms: performance.now() - started, status: res.status, body };
}
