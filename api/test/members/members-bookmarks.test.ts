import { MAX_INT4 } from '@jobboard/contract/jobs';
import { MAX_MEMBER_BOOKMARKS, MEMBER_MESSAGES } from '@jobboard/contract/members';
import type { InjectOptions } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { signedIn as adminSignedIn } from '../support/admin';
import { FakeGhost } from '../support/fake-ghost';
import { jobInput, createJobs } from '../support/jobs';
import { CSRF } from '../support/admin';
import { memberCookieOf, memberSignIn, signedInMember } from '../support/members';
import { invalidRows } from '../support/rows';
import { buildTestApp, testDatabase, type TestApp } from '../support/test-app';

/**
 * Member bookmarks (issue 13): kept server-side per member, merged with the browser's list at
 * sign-in, seen by no one else; member routes need a member session, and the admins' and the
 * members' sessions open only their own routes.
 */

let ghost: FakeGhost;
let t: TestApp;
let jobs: Record<string, string>;
beforeAll(async () => {
  ghost = await FakeGhost.start();
});
afterAll(() => ghost.stop());
beforeEach(async () => {
  t = await buildTestApp({ env: { GHOST_URL: ghost.url } });
  ghost.clock = t.clock;
  jobs = await createJobs(t.app, [{ title: 'One' }, { title: 'Two' }, { title: 'Three' }]);
});
afterEach(() => t.close());

const member = async (email: string, bookmarks?: unknown[]) =>
  signedInMember(t, ghost.token({ email }), bookmarks);
const list = async (as: (o: InjectOptions) => Promise<{ json(): unknown }>) =>
  (await as({ url: '/api/members/bookmarks' })).json();
/** Bookmark a job, a second later than the last (the list is in the order they were saved). */
const add = (as: (o: InjectOptions) => unknown, id: string | number) => {
  t.clock.now = new Date(t.clock.now.getTime() + 1000);
  return as({ method: 'PUT', url: `/api/members/bookmarks/${id}` }) as ReturnType<
    TestApp['app']['inject']
  >;
};
const remove = (as: (o: InjectOptions) => unknown, id: string | number) =>
  as({ method: 'DELETE', url: `/api/members/bookmarks/${id}` }) as ReturnType<
    TestApp['app']['inject']
  >;

const MEMBER_ROUTES: InjectOptions[] = [
  { method: 'GET', url: '/api/members/me' },
  { method: 'GET', url: '/api/members/bookmarks' },
  { method: 'PUT', url: '/api/members/bookmarks/1' },
  { method: 'DELETE', url: '/api/members/bookmarks/1' },
  { method: 'DELETE', url: '/api/members/session' },
];

describe("a member's bookmarks", () => {
  it('are added, listed oldest first and removed', async () => {
    const { as } = await member('a@example.org');
    expect((await add(as, jobs.Two!)).json()).toEqual({ message: MEMBER_MESSAGES.bookmarkSaved });
    await add(as, jobs.One!);
    await add(as, jobs.One!); // again: nothing changes
    expect(await list(as)).toEqual({ ids: [jobs.Two, jobs.One], removedIds: [] });
    expect((await remove(as, jobs.Two!)).json()).toEqual({
      message: MEMBER_MESSAGES.bookmarkRemoved,
    });
    expect(await list(as)).toEqual({ ids: [jobs.One], removedIds: [] });
  });

  it('a member reads and writes only their own', async () => {
    const alice = await member('alice@example.org');
    const bob = await member('bob@example.org');
    await add(alice.as, jobs.One!);
    await add(bob.as, jobs.Two!);
    await remove(bob.as, jobs.One!); // bob removing what only alice saved changes nothing of hers
    expect(await list(alice.as)).toEqual({ ids: [jobs.One], removedIds: [] });
    expect(await list(bob.as)).toEqual({ ids: [jobs.Two], removedIds: [] });
    expect((await alice.as({ url: '/api/members/me' })).json()).toEqual({
      email: 'alice@example.org',
      name: null,
    });
  });

  it('follow the member to another browser (a second sign-in)', async () => {
    const first = await member('a@example.org');
    await add(first.as, jobs.One!);
    await add(first.as, jobs.Three!);
    const second = await member('a@example.org');
    expect(second.res.json().bookmarks).toEqual({ ids: [jobs.One, jobs.Three], removedIds: [] });
  });

  it("are merged with the browser's own at sign-in: the union, saved on the server", async () => {
    const first = await member('a@example.org');
    await add(first.as, jobs.Two!);
    await add(first.as, jobs.Three!);
    // This browser kept One and Two; 999999 is a job the board never had: it stays local only.
    const second = await member('a@example.org', [jobs.One, jobs.Two, '999999']);
    expect(second.res.json().bookmarks).toEqual({
      ids: [jobs.Two, jobs.Three, jobs.One],
      removedIds: [],
    });
    expect(await list(first.as)).toEqual({ ids: [jobs.Two, jobs.Three, jobs.One], removedIds: [] });
  });

  it('of a job that was removed or unpublished show as removed, not dropped', async () => {
    const { as } = await member('a@example.org');
    await add(as, jobs.One!);
    await add(as, jobs.Two!);
    await add(as, jobs.Three!);
    await t.app.jobs.delete(Number(jobs.One));
    await t.app.jobs.update(
      Number(jobs.Two),
      jobInput({ title: 'Two', active: false }),
      t.app.now(),
    );
    expect(await list(as)).toEqual({
      ids: [jobs.One, jobs.Two, jobs.Three],
      removedIds: [jobs.One, jobs.Two],
    });
    // A removed job cannot be bookmarked anew, but its bookmark can be removed.
    const again = await add(as, '999999');
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ message: 'Job not found' });
    expect((await remove(as, jobs.One!)).statusCode).toBe(200);
    expect(await list(as)).toEqual({ ids: [jobs.Two, jobs.Three], removedIds: [jobs.Two] });
  });
});

describe('member sessions', () => {
  it('every member route answers 401 without a member session', async () => {
    for (const route of MEMBER_ROUTES) {
      const res = await t.app.inject({ ...route, headers: CSRF });
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(401);
      expect(res.json()).toEqual({ message: MEMBER_MESSAGES.signInRequired });
    }
  });

  it('a made-up or ended member cookie opens nothing, and is cleared', async () => {
    const { as, cookie } = await member('a@example.org');
    expect((await as({ method: 'DELETE', url: '/api/members/session' })).statusCode).toBe(200);
    for (const value of [cookie, 'board.member=made-up']) {
      for (const route of MEMBER_ROUTES) {
        const res = await t.app.inject({ ...route, headers: { ...CSRF, cookie: value } });
        expect(res.statusCode, `${route.method} ${route.url}`).toBe(401);
        expect(res.json()).toEqual({ message: MEMBER_MESSAGES.sessionEnded });
      }
    }
  });

  it(`a session ends after 30 days`, async () => {
    const { as } = await member('a@example.org');
    t.clock.now = new Date(t.clock.now.getTime() + 30 * 24 * 3_600_000 + 1);
    expect((await as({ url: '/api/members/me' })).statusCode).toBe(401);
  });

  it('member writes need the CSRF header', async () => {
    const { cookie } = await member('a@example.org');
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/members/bookmarks/${jobs.One}`,
      headers: { cookie },
    });
    expect(res.statusCode).toBe(403);
  });

  it('an admin session opens no member route', async () => {
    const admin = await adminSignedIn(t);
    expect((await admin({ url: '/api/admin/check-auth' })).statusCode).toBe(200);
    for (const route of MEMBER_ROUTES) {
      const res = await admin(route);
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(401);
    }
  });

  it('a member session opens no admin route, even sent to /api/admin by hand', async () => {
    const { cookie } = await member('a@example.org');
    for (const url of ['/api/admin/check-auth', '/api/admin/jobs', '/api/admin/submissions']) {
      const res = await t.app.inject({ url, headers: { ...CSRF, cookie } });
      expect(res.statusCode, url).toBe(401);
    }
    // Not even under the admins' cookie name.
    const value = cookie.split('=')[1]!;
    const res = await t.app.inject({
      url: '/api/admin/check-auth',
      headers: { ...CSRF, cookie: `board.sid=${value}` },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('bounds', () => {
  it('job ids outside int4 are answered as no such job, not a 500', async () => {
    const { as } = await member('a@example.org');
    for (const id of [String(MAX_INT4 + 1), '0', '-1', '1e3', '99999999999999999999']) {
      const res = await add(as, id);
      expect(res.statusCode, id).toBe(404);
      expect(res.json()).toEqual({ message: 'Job not found' });
    }
    expect((await add(as, MAX_INT4)).statusCode).toBe(404);
  });

  it('a sign-in with ids outside int4 or too many of them is refused whole, and opens no session', async () => {
    const token = ghost.token();
    for (const bookmarks of [
      [MAX_INT4 + 1],
      ['abc'],
      Array.from({ length: MAX_MEMBER_BOOKMARKS + 1 }, (_, i) => i + 1),
    ]) {
      const res = await memberSignIn(t, token, bookmarks);
      expect(res.statusCode).toBe(400);
      expect(memberCookieOf(res)).toBeUndefined();
    }
    const long = await memberSignIn(t, 'x'.repeat(9000));
    expect(long.statusCode).toBe(400);
  });

  it(`a member keeps at most ${MAX_MEMBER_BOOKMARKS} bookmarks; the merge fills up to it`, async () => {
    const many = await t.app.jobs.createMany(
      Array.from({ length: MAX_MEMBER_BOOKMARKS + 2 }, (_, i) => jobInput({ title: `Job ${i}` })),
      t.app.now(),
    );
    const { as } = await member('a@example.org', many.slice(0, MAX_MEMBER_BOOKMARKS));
    expect(((await list(as)) as { ids: string[] }).ids).toHaveLength(MAX_MEMBER_BOOKMARKS);
    const over = await add(as, many[MAX_MEMBER_BOOKMARKS]!);
    expect(over.statusCode).toBe(409);
    expect(over.json()).toEqual({ message: MEMBER_MESSAGES.tooManyBookmarks });
    // Signing in elsewhere with more local bookmarks saves none past the limit.
    const again = await member('a@example.org', many.slice(MAX_MEMBER_BOOKMARKS));
    expect(again.res.json().bookmarks.ids).toHaveLength(MAX_MEMBER_BOOKMARKS);
  });

  it(`the longest e-mail a token may carry (320 characters) is stored (${testDatabase})`, async () => {
    const email = `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(63)}.${'e'.repeat(63)}`;
    expect(email).toHaveLength(320);
    const { as } = await member(email, [jobs.One]);
    expect((await as({ url: '/api/members/me' })).json()).toEqual({ email, name: null });
    expect(await invalidRows(t.db)).toEqual([]);
    const tooLong = await memberSignIn(t, ghost.token({ email: `a${email}` }));
    expect(tooLong.statusCode).toBe(401);
  });
});
