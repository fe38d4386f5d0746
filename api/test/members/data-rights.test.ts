import { MEMBER_MESSAGES } from '@jobboard/contract/members';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FakeGhost } from '../support/fake-ghost';
import { createJobs } from '../support/jobs';
import { signedInMember } from '../support/members';
import { buildTestApp, testDatabase, type TestApp } from '../support/test-app';
import { injectWithProof } from '../support/human-proof';

/**
 * Download and delete your data (docs/product.md#privacy): a signed-in member from /bookmarks (an
 * alert's reader by a data link: test/alerts/alert-links.test.ts). Each export holds exactly the
 * caller's data, a delete removes it.
 */

let ghost: FakeGhost;
let t: TestApp;
beforeAll(async () => {
  ghost = await FakeGhost.start();
});
afterAll(async () => {
  await ghost.stop();
});
beforeEach(async () => {
  t = await buildTestApp({ env: { GHOST_URL: ghost.url } });
  ghost.clock = t.clock;
});
afterEach(async () => {
  await t.close();
});

async function follow(email: string, search: string) {
  const res = await injectWithProof(t.app, {
    method: 'POST',
    url: '/api/alerts',
    payload: { email, frequency: 'weekly', search },
  });
  expect(res.statusCode).toBe(201);
}

async function counts() {
  const n = async (table: string) => Number((await t.db(table).count({ n: '*' }))[0]!.n);
  return {
    members: await n('members'),
    sessions: await n('member_sessions'),
    bookmarks: await n('member_bookmarks'),
    alerts: await n('job_alerts'),
  };
}

describe(`a member's data on ${testDatabase}`, () => {
  it('exports exactly their record, bookmarks and alerts; delete removes them all', async () => {
    const jobs = await createJobs(t.app, [{ title: 'Grants Lead' }, { title: 'Editor' }]);
    const first = jobs['Grants Lead']!;
    const second = jobs.Editor!;
    await follow('Member@Example.org', '?q=grants');
    await follow('member@example.org', '?remote=true');
    await follow('other@example.org', '?q=grants');
    const other = await signedInMember(t, ghost.token({ email: 'other@example.org' }));
    await other.as({ method: 'PUT', url: `/api/members/bookmarks/${second}` });
    const { as } = await signedInMember(t, ghost.token({ email: 'member@example.org' }));
    await as({ method: 'PUT', url: `/api/members/bookmarks/${first}` });

    const before = await counts();
    const exported = await as({ url: '/api/members/data' });
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['cache-control']).toBe('no-store');
    const data = exported.json();
    expect(data).toMatchObject({
      exportedAt: t.clock.now.toISOString(),
      member: { email: 'member@example.org', name: null },
      bookmarks: [{ jobId: first }],
    });
    expect(data.bookmarks).toHaveLength(1);
    expect(data.alerts.map((a: { email: string; search: string }) => [a.email, a.search])).toEqual([
      ['Member@Example.org', '?q=grants'],
      ['member@example.org', '?remote=true'],
    ]);
    // No link tokens in an export, and nobody else's address.
    expect(exported.body).not.toMatch(/token/i);
    expect(exported.body).not.toContain('other@example.org');
    // Reading changed nothing.
    expect(await counts()).toEqual(before);

    const deleted = await as({ method: 'DELETE', url: '/api/members/data' });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ message: MEMBER_MESSAGES.dataDeleted });
    expect(deleted.cookies.find((c) => c.name === 'board.member')?.value).toBe('');
    expect(await counts()).toEqual({ members: 1, sessions: 1, bookmarks: 1, alerts: 1 });
    expect(await t.db('job_alerts').pluck('email')).toEqual(['other@example.org']);
    // Their session is gone everywhere.
    expect((await as({ url: '/api/members/data' })).statusCode).toBe(401);

    // Signing in again starts an empty member: the next export holds nothing of before.
    const again = await signedInMember(t, ghost.token({ email: 'member@example.org' }));
    const next = (await again.as({ url: '/api/members/data' })).json();
    expect(next).toMatchObject({ bookmarks: [], alerts: [] });
    // The other member is untouched.
    expect((await other.as({ url: '/api/members/data' })).json()).toMatchObject({
      member: { email: 'other@example.org' },
      bookmarks: [{ jobId: second }],
      alerts: [{ email: 'other@example.org' }],
    });
  });

  it('needs a member session and the CSRF header', async () => {
    expect((await t.app.inject({ url: '/api/members/data' })).statusCode).toBe(401);
    const { cookie } = await signedInMember(t, ghost.token({ email: 'member@example.org' }));
    const noCsrf = await t.app.inject({
      method: 'DELETE',
      url: '/api/members/data',
      headers: { cookie },
    });
    expect(noCsrf.statusCode).toBe(403);
    expect((await counts()).members).toBe(1);
  });
});
