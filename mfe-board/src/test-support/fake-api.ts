import { vi } from 'vitest';

/** What a fake endpoint answers: a status and a JSON body. */
export type FakeAnswer = readonly [status: number, body: unknown];
export type FakeHandler = FakeAnswer | ((body: unknown, url: string) => FakeAnswer);

/**
 * Replaces `fetch` with a fake API: `{ 'GET /api/locations': [200, ['Remote']] }`. A path ending in
 * `*` matches any suffix. Unknown calls answer 404. Returns the mock to inspect the calls.
 */
export function fakeApi(routes: Record<string, FakeHandler>) {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    const handler = findHandler(routes, `${method} ${url}`);
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    const [status, json] = !handler
      ? ([404, { message: 'Not found' }] as FakeAnswer)
      : typeof handler === 'function'
        ? handler(body, url)
        : handler;
    return new Response(JSON.stringify(json), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function findHandler(routes: Record<string, FakeHandler>, call: string) {
  if (call in routes) return routes[call];
  const prefix = Object.keys(routes).find(
    (r) => r.endsWith('*') && call.startsWith(r.slice(0, -1)),
  );
  return prefix ? routes[prefix] : undefined;
}

/** The JSON bodies sent to one endpoint, in order. */
export function sentBodies(fetchMock: ReturnType<typeof fakeApi>, method: string, url: string) {
  return fetchMock.mock.calls
    .filter(([u, init]) => u === url && (init?.method ?? 'GET') === method)
    .map(([, init]) => JSON.parse(String(init?.body)) as Record<string, unknown>);
}
