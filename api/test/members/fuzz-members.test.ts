import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSRF } from '../support/admin';
import { FakeGhost } from '../support/fake-ghost';
import {
  fuzzBody,
  fuzzContentType,
  fuzzSegment,
  fuzzText,
  fuzzValue,
  nextAddress,
  wellFormed,
  fuzzRuns,
} from '../support/fuzz';
import { createJobs } from '../support/jobs';
import { MEMBER_COOKIE, signedInMember } from '../support/members';
import { invalidRows } from '../support/rows';
import { buildTestApp, testDatabase, type TestApp } from '../support/test-app';

/**
 * The member routes (issue 13) under arbitrary input, on both databases, as fuzz-public does for
 * the public ones: a sign-in body of any bytes, any token, any bookmark list, any job id in the
 * path, any member cookie. The API never answers with a 5xx, every error is JSON with a message,
 * and no invalid row is ever stored.
 */

let ghost: FakeGhost;
let t: TestApp;
let jobIds: string[];
let asMember: Awaited<ReturnType<typeof signedInMember>>['as'];
beforeAll(async () => {
  ghost = await FakeGhost.start();
  t = await buildTestApp({ env: { GHOST_URL: ghost.url } });
  ghost.clock = t.clock;
  jobIds = Object.values(await createJobs(t.app, [{ title: 'One' }, { title: 'Two' }]));
  ({ as: asMember } = await signedInMember(t, ghost.token()));
});
afterAll(async () => {
  await t.close();
  await ghost.stop();
});

const RUNS = fuzzRuns(100);

async function expectHandled(res: Awaited<ReturnType<TestApp['app']['inject']>>) {
  expect(res.statusCode, res.body.slice(0, 300)).toBeLessThan(500);
  if (res.statusCode >= 400) expect(typeof res.json().message).toBe('string');
}

const signIn = (payload: string | Buffer, type = 'application/json') =>
  t.app.inject({
    method: 'POST',
    url: '/api/members/session',
    headers: { 'content-type': type, ...CSRF },
    payload,
    // Past the sign-in's per-address limit, to the route itself.
    remoteAddress: nextAddress(),
  });

describe(`member routes under arbitrary input on ${testDatabase}`, () => {
  it('POST /api/members/session with any bytes under any content type', async () => {
    await fc.assert(
      fc.asyncProperty(fuzzBody, fuzzContentType, async (body, type) => {
        await expectHandled(await signIn(body, type));
      }),
      { numRuns: RUNS },
    );
  });

  it('POST /api/members/session with any token and any bookmark list', async () => {
    const validToken = ghost.token({ email: 'fuzz@example.org' });
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fuzzText, fuzzValue, fc.constant(validToken)),
        fc.option(fc.oneof(fuzzValue, fc.array(fuzzValue, { maxLength: 20 }))),
        async (token, bookmarks) => {
          const body = bookmarks === null ? { token } : { token, bookmarks };
          await expectHandled(await signIn(JSON.stringify(body)));
        },
      ),
      { numRuns: RUNS },
    );
    expect(await invalidRows(t.db)).toEqual([]);
  });

  it('PUT and DELETE /api/members/bookmarks/:id with any id', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fuzzSegment, fc.constantFrom(...jobIds)),
        fc.constantFrom('PUT', 'DELETE'),
        async (id, method) => {
          await expectHandled(await asMember({ method, url: `/api/members/bookmarks/${id}` }));
        },
      ),
      { numRuns: RUNS },
    );
    await expectHandled(await asMember({ url: '/api/members/bookmarks' }));
    expect(await invalidRows(t.db)).toEqual([]);
  });

  it('every member route with any member cookie', async () => {
    await fc.assert(
      fc.asyncProperty(fuzzText, async (value) => {
        const cookie = `${MEMBER_COOKIE}=${encodeURIComponent(wellFormed(value))}`;
        for (const [method, url] of [
          ['GET', '/api/members/me'],
          ['GET', '/api/members/bookmarks'],
          ['GET', '/api/members/data'],
          ['DELETE', '/api/members/data'],
          ['PUT', `/api/members/bookmarks/${jobIds[0]}`],
          ['DELETE', '/api/members/session'],
        ] as const) {
          const res = await t.app.inject({ method, url, headers: { ...CSRF, cookie } });
          await expectHandled(res);
          expect(res.statusCode, `${method} ${url}`).toBe(401);
        }
      }),
      { numRuns: RUNS },
    );
  });
});
