import { act } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { AnswerOf, ApiCall, FakeAnswer } from './api-answers';

/** A request the fake API received, for assertions on what a screen sent. */
export interface FakeRequest {
  method: string;
  /** The path without the query string: `/api/jobs/3`. */
  path: string;
  headers: Headers;
  /** The parsed JSON body, the text of any other (a file's bytes), or undefined without one. */
  body: unknown;
  /** The path parameters of the matched endpoint (`:id` -> `params.id`). */
  params: Record<string, string>;
}

export type FakeHandler<T> =
  FakeAnswer<T> | ((request: FakeRequest) => FakeAnswer<T> | Promise<FakeAnswer<T>>);

/** Each call and its answer (or a function of the request that gives it). */
export type FakeRoutes<K extends ApiCall> = { [C in K]: FakeHandler<AnswerOf<C>> };

// One server for the whole test file; each `fakeApi` call replaces its answers, and the shared
// test setup forgets them after every test (`resetFakeApi`).
const server = setupServer();
let listening = false;
let calls: FakeRequest[] = [];
/** The record of each request in flight, by MSW's request id (several can be in flight). */
const byId = new Map<string, FakeRequest>();
/** Every `fetch` the screen has started and not yet had its answer to (see `settled`). */
const unanswered = new Set<Promise<unknown>>();
/** MSW's `fetch`, which ours wraps while the fake API listens. */
let mswFetch: typeof fetch | null = null;

/** Whether a request's body is JSON (apiFetch's); a file upload's is its own type. */
const isJson = (request: Request) =>
  (request.headers.get('content-type') ?? 'application/json').includes('json');

/**
 * The point after which a screen's request would have been sent and answered: every `fetch`
 * started so far has its answer, the promises that follow have run (one turn of the event loop),
 * and React has rendered what they changed. Again, until no request is left unanswered. A test
 * that checks nothing was asked, or nothing was shown, waits for this instead of for a time.
 */
async function settled(): Promise<void> {
  do {
    const waiting = [...unanswered];
    await act(async () => {
      await Promise.allSettled(waiting);
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
  } while (unanswered.size > 0);
}

/**
 * Serves a fake API to `fetch` (Mock Service Worker, so the real `apiFetch` runs end to end):
 * `fakeApi({ 'GET /api/locations': [200, ['Remote']], 'GET /api/jobs/7': [404, { message }] })`.
 * Keys are `'METHOD /path'`, an endpoint of `ApiAnswers` or one concrete path of it, and each
 * answer is typed with that endpoint's response. Answers are JSON with a JSON content type, as
 * the API's; a call nobody answers gets the API's 404. Returns the requests received, in order.
 */
export function fakeApi<K extends ApiCall>(routes: FakeRoutes<K>) {
  calls = [];
  const received = {
    /** Every request so far, oldest first. */
    get calls(): readonly FakeRequest[] {
      return calls;
    },
    /** Until every request sent so far is answered and its answer rendered (see `settled`). */
    settled,
    /** The JSON bodies sent to one endpoint, in order. */
    bodies(method: string, path: string) {
      return calls
        .filter((call) => call.method === method && call.path === path)
        .map((call) => call.body as Record<string, unknown>);
    },
  };
  const handlers = (Object.entries(routes) as [string, FakeHandler<unknown>][]).map(
    ([call, handler]) => {
      const [method, path] = call.split(' ') as [string, string];
      return http[method.toLowerCase() as 'get'](path, async ({ params, requestId }) => {
        const request = byId.get(requestId)!;
        request.params = params as Record<string, string>;
        const [status, body] = typeof handler === 'function' ? await handler(request) : handler;
        return HttpResponse.json(body as never, { status });
      });
    },
  );
  server.resetHandlers(
    // Records every request first (answering nothing), then the test's answers, then the 404.
    http.all('*', async ({ request, requestId }) => {
      const text = await request.clone().text();
      const received: FakeRequest = {
        method: request.method,
        path: new URL(request.url).pathname,
        headers: request.headers,
        body: !text ? undefined : isJson(request) ? (JSON.parse(text) as unknown) : text,
        params: {},
      };
      calls.push(received);
      byId.set(requestId, received);
    }),
    ...handlers,
    http.all('*', () => HttpResponse.json({ message: 'Not found' }, { status: 404 })),
  );
  if (!listening) {
    server.listen({ onUnhandledRequest: 'error' });
    listening = true;
    // Counted the moment it is called (MSW sees a request only a few promises later).
    const intercepted = globalThis.fetch;
    mswFetch = intercepted;
    globalThis.fetch = (...args: Parameters<typeof fetch>) => {
      const answer = intercepted(...args);
      unanswered.add(answer);
      const done = () => void unanswered.delete(answer);
      answer.then(done, done);
      return answer;
    };
  }
  return received;
}

export type FakeApi = ReturnType<typeof fakeApi>;

/** After each test (the shared test setup calls it): no answers, no recorded calls. */
export function resetFakeApi() {
  server.resetHandlers();
  calls = [];
  byId.clear();
  unanswered.clear();
}

/** After each file: `fetch` is the real one again. */
export function closeFakeApi() {
  if (mswFetch) globalThis.fetch = mswFetch;
  mswFetch = null;
  if (listening) server.close();
  listening = false;
}
