import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { defaultSearchFilter } from '@jobboard/contract/jobs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createJobs } from '../../support/jobs';
import { buildTestApp, testDatabase, type TestApp } from '../../support/test-app';

/**
 * The fast path of the cached reads (http/fast-reads.ts), over a real socket (inject never takes
 * it): the board's search answered from the public cache before Fastify, with the very answer and
 * headers Fastify's route sends, and everything it cannot answer handed to Fastify intact.
 */
let t: TestApp;
let base: { host: string; port: number };
let fastAnswers = 0;
beforeAll(async () => {
  // The cache compares the jobs version with the database once a second of the wall clock, and
  // the fast path leaves a due comparison to Fastify's way: a frozen wall clock keeps the held
  // answers current however slowly the machine runs (a save in this process still empties it).
  vi.useFakeTimers({ toFake: ['Date'] });
  t = await buildTestApp();
  await createJobs(
    t.app,
    Array.from({ length: 30 }, (_, i) => ({ title: `Program Associate ${i + 1}` })),
  );
  t.app.fastReads.onAnswer(() => (fastAnswers += 1));
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = { host: '127.0.0.1', port: (t.app.server.address() as AddressInfo).port };
});
afterAll(async () => {
  await t.close();
  vi.useRealTimers();
});

/** The board's first page, as the board asks for it. */
const FIRST_PAGE = { ...defaultSearchFilter(), page: 1, pageSize: 10 };

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** POST /api/jobs/search as a browser sends it (a body with its length), or as asked. */
function search(
  body: string,
  headers: Record<string, string> = {},
  options: { chunked?: boolean } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        ...base,
        method: 'POST',
        path: '/api/jobs/search',
        headers: {
          'content-type': 'application/json',
          ...(options.chunked ? {} : { 'content-length': Buffer.byteLength(body) }),
          ...headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      },
    );
    req.on('error', reject);
    if (options.chunked) {
      // Two writes without a length: sent chunked.
      req.write(body.slice(0, 10));
      req.end(body.slice(10));
    } else {
      req.end(body);
    }
  });
}

/** Headers that differ between any two answers: the request's own id, the clock, the socket. */
const sameEverywhere = (headers: IncomingHttpHeaders) => {
  const { date: _date, 'x-request-id': _id, 'keep-alive': _k, connection: _c, ...rest } = headers;
  return rest;
};

/** The number of answers the fast path gave while `run` ran. */
async function fastDuring(run: () => Promise<unknown>): Promise<number> {
  const before = fastAnswers;
  await run();
  return fastAnswers - before;
}

describe(`the fast path of the cached reads on ${testDatabase}`, () => {
  it('answers a search it holds with what the route answers, byte for byte and header for header', async () => {
    const text = JSON.stringify({ ...FIRST_PAGE, query: 'program' });
    let first!: Answer;
    let again!: Answer;
    expect(await fastDuring(async () => (first = await search(text)))).toBe(0);
    expect(await fastDuring(async () => (again = await search(text)))).toBe(1);
    expect(first.status).toBe(200);
    expect(again.status).toBe(200);
    expect(again.body.equals(first.body)).toBe(true);
    expect(sameEverywhere(again.headers)).toEqual(sameEverywhere(first.headers));
    expect(JSON.parse(again.body.toString())).toMatchObject({ total: 30 });
    expect(again.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("keeps the caller's request id, answers 304 to its ETag, and compresses as the client accepts", async () => {
    const text = JSON.stringify(FIRST_PAGE);
    const plain = await search(text);
    expect(plain.body.length).toBeGreaterThan(1024);
    const fast = await fastDuring(async () => {
      const withId = await search(text, { 'x-request-id': 'proxy-7f3a.42' });
      expect(withId.headers['x-request-id']).toBe('proxy-7f3a.42');

      const revalidated = await search(text, { 'if-none-match': plain.headers.etag! });
      expect(revalidated.status).toBe(304);
      expect(revalidated.body.length).toBe(0);
      expect(revalidated.headers.etag).toBe(plain.headers.etag);

      const gzip = await search(text, { 'accept-encoding': 'gzip' });
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gzip.body).equals(plain.body)).toBe(true);
      const br = await search(text, { 'accept-encoding': 'gzip, br' });
      expect(br.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
      expect(Number(br.headers['content-length'])).toBe(br.body.length);
    });
    expect(fast).toBe(4);
  });

  it('serves a change at once: a job saved empties the cache, and the next search is computed', async () => {
    const text = JSON.stringify({ ...FIRST_PAGE, query: 'associate' });
    await search(text);
    expect(await fastDuring(() => search(text))).toBe(1);
    await createJobs(t.app, [{ title: 'Associate Editor, Fast Desk' }]);
    let after!: Answer;
    expect(await fastDuring(async () => (after = await search(text)))).toBe(0);
    expect(JSON.parse(after.body.toString())).toMatchObject({ total: 31 });
    expect(after.body.toString()).toContain('Associate Editor, Fast Desk');
    expect(await fastDuring(() => search(text))).toBe(1);
  });

  it('hands to Fastify, intact, what it cannot answer: a new search, bad JSON, a chunked body', async () => {
    const fresh = JSON.stringify({ ...FIRST_PAGE, query: 'associate 3' });
    let answer!: Answer;
    expect(await fastDuring(async () => (answer = await search(fresh)))).toBe(0);
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body.toString())).toMatchObject({ jobs: expect.any(Array) });

    // Refused as the route refuses it without the fast path (public-jobs.test.ts).
    const broken = await search('{"query": "program",');
    expect(broken.status).toBe(400);
    expect(JSON.parse(broken.body.toString()).message).toMatch(/JSON/);
    expect(broken.headers['x-request-id']).toBeDefined();

    const wrong = await search(JSON.stringify({ ...FIRST_PAGE, pageSize: 'ten' }));
    expect(wrong.status).toBe(400);
    expect(JSON.parse(wrong.body.toString())).toMatchObject({ field: 'pageSize' });

    const chunked = await search(JSON.stringify(FIRST_PAGE), {}, { chunked: true });
    expect(chunked.status).toBe(200);
    expect(JSON.parse(chunked.body.toString())).toMatchObject({ jobs: expect.any(Array) });
  });
});
