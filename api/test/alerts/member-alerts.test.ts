import { ALERT_MESSAGES } from '@jobboard/contract/alerts';
import { MAX_INT4 } from '@jobboard/contract/jobs';
import { MEMBER_MESSAGES } from '@jobboard/contract/members';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { parseMail, tokenIn } from '../support/alert-mail';
import { CSRF, createAdmin, login, sessionCookie } from '../support/admin';
import { FakeGhost } from '../support/fake-ghost';
import { createJobs } from '../support/jobs';
import { signedInMember } from '../support/members';
import { SmtpPeer } from '../support/smtp-peer';
import { buildTestApp, testDatabase, type TestApp } from '../support/test-app';
import { injectWithProof } from '../support/human-proof';

/**
 * A signed-in member's job alerts (issue 17 with the members of issue 13): the alerts of the
 * member's address are listed on /bookmarks and removed there, without the e-mail's link; no one
 * else's, and nothing without a member session.
 */

let ghost: FakeGhost;
let smtp: SmtpPeer;
let t: TestApp;
beforeAll(async () => {
  ghost = await FakeGhost.start();
  smtp = await new SmtpPeer().start();
});
afterAll(async () => {
  await ghost.stop();
  await smtp.stop();
});
beforeEach(async () => {
  t = await buildTestApp({
    env: {
      GHOST_URL: ghost.url,
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Nonprofit Comms Jobs <jobs@board.example>',
    },
  });
  ghost.clock = t.clock;
});
afterEach(async () => {
  await t.close();
  smtp.received.length = 0;
});

const DAY_MS = 24 * 60 * 60_000;

/** Ask for an alert from the board; confirm it through its e-mail unless `pending`. */
async function follow(email: string, search: string, options: { pending?: boolean } = {}) {
  const res = await injectWithProof(t.app, {
    method: 'POST',
    url: '/api/alerts',
    payload: { email, frequency: 'daily', search },
  });
  expect(res.statusCode).toBe(201);
  await t.app.mailer.flush();
  if (options.pending) return;
  // nodemailer writes the domain in lower case.
  const to = email.toLowerCase();
  const mail = smtp.received.filter((m) => m.to.some((a) => a.toLowerCase() === to)).at(-1)!;
  const token = tokenIn(parseMail(mail).body, 'confirm');
  const confirmed = await t.app.inject({ method: 'POST', url: `/api/alerts/${token}/confirm` });
  expect(confirmed.statusCode).toBe(200);
}

/** The id of the alert of `search` (any address), as the member list names it. */
async function alertId(search: string, email: string): Promise<string> {
  const row = await t.db('job_alerts').where({ search, email }).first();
  return String(row.id);
}

/** Post a job every alert above follows, a day later, and run the digests: who got one. */
async function digestRecipients(): Promise<string[]> {
  smtp.received.length = 0;
  await createJobs(t.app, [{ title: 'Remote Grants Manager', remote: true }]);
  t.clock.now = new Date(t.clock.now.getTime() + DAY_MS);
  await t.app.alertDigests.run({ force: true });
  await t.app.mailer.flush();
  return smtp.received.flatMap((m) => m.to).sort();
}

describe(`a signed-in member's job alerts on ${testDatabase}`, () => {
  it("lists the alerts of the member's address, newest first, and removes one", async () => {
    await follow('Member@Example.org', '?q=grants');
    t.clock.now = new Date(t.clock.now.getTime() + 1000);
    await follow('member@example.org', '?remote=true', { pending: true });
    await follow('other@example.org', '?q=grants');
    const { as } = await signedInMember(t, ghost.token({ email: 'member@example.org' }));

    const listed = await as({ url: '/api/members/alerts' });
    expect(listed.statusCode).toBe(200);
    expect(listed.headers['cache-control']).toBe('no-store');
    const grantsId = await alertId('?q=grants', 'Member@Example.org');
    expect(listed.json()).toMatchObject({
      alerts: [
        {
          id: await alertId('?remote=true', 'member@example.org'),
          email: 'member@example.org',
          search: '?remote=true',
          description: 'Remote',
          frequency: 'daily',
          status: 'pending',
          confirmedAt: null,
        },
        {
          id: grantsId,
          email: 'Member@Example.org',
          search: '?q=grants',
          description: '"grants"',
          status: 'confirmed',
        },
      ],
    });
    expect(listed.json().alerts).toHaveLength(2);

    const removed = await as({ method: 'DELETE', url: `/api/members/alerts/${grantsId}` });
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ message: ALERT_MESSAGES.memberAlertRemoved });
    expect((await as({ url: '/api/members/alerts' })).json().alerts).toMatchObject([
      { search: '?remote=true' },
    ]);
    // Removed is unsubscribed: the member's address gets no digest; the other address still does.
    expect(await digestRecipients()).toEqual(['other@example.org']);
  });

  it("cannot remove another address's alert, one removed already, or one that does not exist", async () => {
    await follow('member@example.org', '?q=grants');
    await follow('other@example.org', '?q=grants');
    const { as } = await signedInMember(t, ghost.token({ email: 'member@example.org' }));
    const mine = await alertId('?q=grants', 'member@example.org');
    const theirs = await alertId('?q=grants', 'other@example.org');

    const notFound = { message: ALERT_MESSAGES.memberAlertNotFound };
    for (const id of [theirs, '999999', String(MAX_INT4 + 1), 'abc', '-1']) {
      const res = await as({ method: 'DELETE', url: `/api/members/alerts/${id}` });
      expect(res.statusCode, id).toBe(404);
      expect(res.json(), id).toEqual(notFound);
    }
    expect((await as({ method: 'DELETE', url: `/api/members/alerts/${mine}` })).statusCode).toBe(
      200,
    );
    const again = await as({ method: 'DELETE', url: `/api/members/alerts/${mine}` });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual(notFound);
    // The other address's alert was never touched.
    expect(await digestRecipients()).toEqual(['other@example.org']);
  });

  it('refuses the alert routes without a member session, and an admin session does not open them', async () => {
    await follow('member@example.org', '?q=grants');
    const id = await alertId('?q=grants', 'member@example.org');
    await createAdmin(t);
    const adminCookie = sessionCookie(await login(t));
    for (const headers of [CSRF, { ...CSRF, cookie: adminCookie }]) {
      const list = await t.app.inject({ url: '/api/members/alerts', headers });
      expect(list.statusCode).toBe(401);
      expect(list.json()).toEqual({ message: MEMBER_MESSAGES.signInRequired });
      const remove = await t.app.inject({
        method: 'DELETE',
        url: `/api/members/alerts/${id}`,
        headers,
      });
      expect(remove.statusCode).toBe(401);
    }
    // A member's removal must come from the site (the CSRF header), like every member write.
    const { cookie } = await signedInMember(t, ghost.token({ email: 'member@example.org' }));
    const forged = await t.app.inject({
      method: 'DELETE',
      url: `/api/members/alerts/${id}`,
      headers: { cookie },
    });
    expect(forged.statusCode).toBe(403);
    expect(await digestRecipients()).toEqual(['member@example.org']);
  });
});
