import { ALERT_LIMITS, ALERT_MESSAGES } from '@jobboard/contract/alerts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { JobInput } from '../../src/jobs/job-input';
import { RATE_LIMITS } from '../../src/platform/rate-limits';
import { signedIn } from '../support/admin';
import { createJobs } from '../support/jobs';
import { fakeReleases } from '../support/releases';
import { invalidRows } from '../support/rows';
import { parseMail, tokenIn } from '../support/alert-mail';
import { SmtpPeer } from '../support/smtp-peer';
import { buildTestApp, testDatabase, type TestApp } from '../support/test-app';
import { injectWithProof } from '../support/human-proof';

/**
 * Job alerts (issue 17) end to end against a real SMTP server: double opt-in, digests of the new
 * matching jobs only, one-click unsubscribe, the links' expiry, the limits, and digest runs at
 * the same time sending each digest once.
 */

let smtp: SmtpPeer;
const open: TestApp[] = [];

beforeAll(async () => {
  smtp = await new SmtpPeer().start();
});
afterAll(() => smtp.stop());
afterEach(async () => {
  while (open.length) await open.pop()!.close();
  smtp.received.length = 0;
});

async function appWithSmtp(
  options: { sameDatabaseAs?: TestApp; env?: Record<string, string> } = {},
): Promise<TestApp> {
  const t = await buildTestApp({
    sameDatabaseAs: options.sameDatabaseAs,
    env: {
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Nonprofit Comms Jobs <jobs@board.example>',
      ...options.env,
    },
  });
  open.push(t);
  return t;
}

const DAY_MS = 24 * 60 * 60_000;

function subscribe(t: TestApp, body: Record<string, unknown>, remoteAddress = '203.0.113.10') {
  return injectWithProof(t.app, {
    method: 'POST',
    url: '/api/alerts',
    payload: body,
    remoteAddress,
  });
}

/** Subscribe and confirm through the e-mail; returns the alert's confirmation e-mail's text. */
async function followSearch(t: TestApp, email: string, search: string) {
  const res = await subscribe(t, { email, frequency: 'daily', search });
  expect(res.statusCode).toBe(201);
  await t.app.mailer.flush();
  const mail = smtp.received.filter((m) => m.to.includes(email)).at(-1)!;
  const token = tokenIn(parseMail(mail).body, 'confirm');
  const confirmed = await t.app.inject({ method: 'POST', url: `/api/alerts/${token}/confirm` });
  expect(confirmed.statusCode).toBe(200);
  return token;
}

/** What a mail client's unsubscribe button sends (List-Unsubscribe-Post, RFC 8058). */
function oneClickUnsubscribe(t: TestApp, manageToken: string) {
  return t.app.inject({
    method: 'POST',
    url: `/alerts/unsubscribe?token=${manageToken}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'List-Unsubscribe=One-Click',
  });
}

const grants: Partial<JobInput> = { title: 'Remote Grants Manager', remote: true };
const unrelated: Partial<JobInput> = { title: 'Office Program Associate', remote: false };
/** Partly remote (issue 47): not what an alert of `remote=true`, stored before hybrids, asked for. */
const hybrid: Partial<JobInput> = {
  title: 'Hybrid Grants Associate',
  workplaceType: 'hybrid',
  remotePlaces: 'MD, VA, DC',
  remote: false,
};
const SEARCH = '?remote=true&q=grants';

describe(`job alerts by e-mail on ${testDatabase}`, () => {
  it('subscribes with double opt-in, then sends exactly the new matching jobs, once', async () => {
    const t = await appWithSmtp();
    const email = 'Reader@Example.org';
    const res = await subscribe(t, { email, frequency: 'daily', search: SEARCH });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ message: ALERT_MESSAGES.checkInbox(email) });

    // Nothing but the confirmation before it is confirmed, whatever runs.
    await createJobs(t.app, [{ ...grants, title: 'Remote Grants Writer (before)' }]);
    expect(await t.app.alertDigests.run({ force: true })).toEqual({
      checked: 0,
      sent: 0,
      skipped: 0,
      failed: 0,
    });
    expect(await t.app.mailer.flush()).toMatchObject({ sent: 1 });
    expect(smtp.received).toHaveLength(1);
    const confirmation = parseMail(smtp.received[0]!);
    // nodemailer writes the domain in lower case.
    expect(smtp.received[0]!.to).toEqual(['Reader@example.org']);
    expect(confirmation.headers).toContain('Subject: Confirm your job alert');
    expect(confirmation.body).toContain('"grants" · Remote');
    // No link but the board's own confirm and cancel links: not even the search's, which would
    // carry the caller's text.
    expect(confirmation.body).not.toContain('?q=grants');
    const token = tokenIn(confirmation.body, 'confirm');
    // Only a hash of the token is kept, and the sent message's stored copy lost the link.
    const [row] = await t.db('job_alerts');
    expect(row.confirm_token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(token);
    const [stored] = await t.db('outbox').where({ template: 'alert-confirm' });
    expect(stored.text_body).not.toContain(token);

    const confirmed = await t.app.inject({ method: 'POST', url: `/api/alerts/${token}/confirm` });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toMatchObject({
      email,
      search: '?q=grants&remote=true',
      description: '"grants" · Remote',
      frequency: 'daily',
      status: 'confirmed',
    });

    await createJobs(t.app, [grants, unrelated, hybrid]);
    // Not due yet (daily): a scheduled run sends nothing.
    expect(await t.app.alertDigests.run()).toMatchObject({ checked: 0, sent: 0 });
    t.clock.now = new Date(t.clock.now.getTime() + DAY_MS);
    expect(await t.app.alertDigests.run()).toEqual({ checked: 1, sent: 1, skipped: 0, failed: 0 });
    expect(await t.app.mailer.flush()).toMatchObject({ sent: 1 });
    expect(smtp.received).toHaveLength(2);
    const digest = parseMail(smtp.received[1]!);
    expect(digest.body).toContain('Remote Grants Manager');
    expect(digest.body).not.toContain('Office Program Associate');
    expect(digest.body).not.toContain('Hybrid Grants Associate');
    // Jobs on the board before the confirmation are not news.
    expect(digest.body).not.toContain('Remote Grants Writer (before)');
    expect(digest.headers).toContain('Subject: 1 new job: "grants" · Remote');
    const manageToken = tokenIn(digest.body, 'unsubscribe');
    expect(digest.headers).toContain(
      `List-Unsubscribe: <http://localhost:3000/alerts/unsubscribe?token=${manageToken}>`,
    );
    expect(digest.headers).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    expect(digest.body).toContain(`/alerts/manage?token=${manageToken}`);
    expect(digest.body).toContain('The whole search: http://localhost:3000/?q=grants&remote=true');

    // A second run, forced, finds nothing new and sends nothing.
    expect(await t.app.alertDigests.run({ force: true })).toEqual({
      checked: 1,
      sent: 0,
      skipped: 0,
      failed: 0,
    });
    expect(await t.app.mailer.flush()).toEqual({ sent: 0, retrying: 0, failed: 0 });
    expect(smtp.received).toHaveLength(2);

    // The unsubscribe page reads the alert; a mail client's one-click POST stops it.
    const page = await t.app.inject({ method: 'GET', url: `/api/alerts/${manageToken}` });
    expect(page.json()).toMatchObject({ status: 'confirmed', email });
    const oneClick = await oneClickUnsubscribe(t, manageToken);
    expect(oneClick.statusCode).toBe(200);
    expect(oneClick.json()).toEqual({ message: ALERT_MESSAGES.unsubscribed });
    await createJobs(t.app, [{ ...grants, title: 'Remote Grants Director' }]);
    t.clock.now = new Date(t.clock.now.getTime() + 7 * DAY_MS);
    expect(await t.app.alertDigests.run({ force: true })).toMatchObject({ sent: 0 });
    await t.app.mailer.flush();
    expect(smtp.received).toHaveLength(2);
    const after = await t.app.inject({ method: 'GET', url: `/api/alerts/${manageToken}` });
    expect(after.json()).toMatchObject({ status: 'unsubscribed' });
  });

  it("lists at most 20 jobs and links to the whole search; the page's unsubscribe stops it", async () => {
    const t = await appWithSmtp();
    await followSearch(t, 'many@example.org', '?q=grants');
    await createJobs(
      t.app,
      Array.from({ length: ALERT_LIMITS.digestJobs + 3 }, (_, i) => ({
        title: `Grants Officer ${i + 1}`,
      })),
    );
    expect(await t.app.alertDigests.run({ force: true })).toMatchObject({ sent: 1 });
    await t.app.mailer.flush();
    const digest = parseMail(smtp.received.at(-1)!);
    expect(digest.headers).toContain('Subject: 23 new jobs: "grants"');
    expect(digest.body.match(/^Grants Officer \d+$/gm)).toHaveLength(ALERT_LIMITS.digestJobs);
    expect(digest.body).toContain('And 3 more. See them all: http://localhost:3000/?q=grants');

    const manageToken = tokenIn(digest.body, 'unsubscribe');
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/alerts/${manageToken}/unsubscribe`,
    });
    expect(res.json()).toMatchObject({ status: 'unsubscribed' });
    await createJobs(t.app, [{ title: 'Grants Officer 24' }]);
    expect(await t.app.alertDigests.run({ force: true })).toEqual({
      checked: 0,
      sent: 0,
      skipped: 0,
      failed: 0,
    });
  });

  it('sends the due digests by itself, on the schedule of ALERT_DIGEST_INTERVAL_MINUTES', async () => {
    const t = await appWithSmtp();
    await followSearch(t, 'scheduled@example.org', SEARCH);
    await createJobs(t.app, [grants]);
    // A day later another API process starts with the scheduler on: its first run is at start.
    const scheduled = await buildTestApp({
      sameDatabaseAs: t,
      now: new Date(t.clock.now.getTime() + DAY_MS),
      env: { SMTP_URL: smtp.url, ALERT_DIGEST_INTERVAL_MINUTES: '1' },
    });
    open.push(scheduled);
    // Its run at start is over once the scheduler is idle.
    await scheduled.app.alertDigests.idle();
    const digests = await t.db('outbox').where({ template: 'alert-digest' });
    expect(digests.map((m) => m.to_address)).toEqual(['scheduled@example.org']);
    const [alert] = await t.db('job_alerts').where({ email: 'scheduled@example.org' });
    expect(Number(alert.last_digest_at)).toBe(t.clock.now.getTime() + DAY_MS);
  });

  it('lets the confirmation e-mail cancel the request with one click, so it can no longer start', async () => {
    const t = await appWithSmtp();
    const body = { email: 'not-me@example.org', frequency: 'daily', search: '?q=grants' };
    expect((await subscribe(t, body)).statusCode).toBe(201);
    await t.app.mailer.flush();
    const mail = parseMail(smtp.received.at(-1)!);
    const confirmToken = tokenIn(mail.body, 'confirm');
    const manageToken = tokenIn(mail.body, 'unsubscribe');
    expect(mail.body).toContain(
      `Not yours? Cancel this request with one click: http://localhost:3000/alerts/unsubscribe?token=${manageToken}`,
    );
    expect(mail.headers.replace(/\r\n[ \t]+/g, ' ')).toContain(
      `List-Unsubscribe: <http://localhost:3000/alerts/unsubscribe?token=${manageToken}>`,
    );
    expect(mail.headers).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');

    const oneClick = await oneClickUnsubscribe(t, manageToken);
    expect(oneClick.statusCode).toBe(200);
    const late = await t.app.inject({ method: 'POST', url: `/api/alerts/${confirmToken}/confirm` });
    expect(late.statusCode).toBe(410);
    const [row] = await t.db('job_alerts').where({ email: body.email });
    expect(row.status).toBe('unsubscribed');
  });

  it('refuses an expired, a reused, a replaced or a made-up confirmation link', async () => {
    const t = await appWithSmtp();
    const body = { email: 'late@example.org', frequency: 'weekly', search: '?q=grants' };
    expect((await subscribe(t, body)).statusCode).toBe(201);
    await t.app.mailer.flush();
    const expired = tokenIn(parseMail(smtp.received.at(-1)!).body, 'confirm');
    t.clock.now = new Date(t.clock.now.getTime() + ALERT_LIMITS.confirmHours * 60 * 60_000);
    const late = await t.app.inject({ method: 'POST', url: `/api/alerts/${expired}/confirm` });
    expect(late.statusCode).toBe(410);
    expect(late.json()).toEqual({ message: ALERT_MESSAGES.confirmExpired });

    // Asking again sends a fresh link; the first one names nothing any more.
    expect((await subscribe(t, body)).statusCode).toBe(201);
    await t.app.mailer.flush();
    const fresh = tokenIn(parseMail(smtp.received.at(-1)!).body, 'confirm');
    const replaced = await t.app.inject({ method: 'POST', url: `/api/alerts/${expired}/confirm` });
    expect(replaced.statusCode).toBe(404);
    expect(replaced.json()).toEqual({ message: ALERT_MESSAGES.confirmInvalid });
    expect(await t.db('job_alerts').count({ n: '*' })).toEqual([{ n: 1 }]);

    const first = await t.app.inject({ method: 'POST', url: `/api/alerts/${fresh}/confirm` });
    expect(first.statusCode).toBe(200);
    const again = await t.app.inject({ method: 'POST', url: `/api/alerts/${fresh}/confirm` });
    expect(again.statusCode).toBe(410);
    expect(again.json()).toEqual({ message: ALERT_MESSAGES.confirmUsed });

    for (const token of ['x'.repeat(43), 'short', '%00']) {
      const res = await t.app.inject({ method: 'POST', url: `/api/alerts/${token}/confirm` });
      expect(res.statusCode).toBe(404);
      const manage = await t.app.inject({ method: 'GET', url: `/api/alerts/${token}` });
      expect(manage.statusCode).toBe(404);
      expect(manage.json()).toEqual({ message: ALERT_MESSAGES.linkInvalid });
    }
    // Subscribing again to a followed search sends nothing and says the same.
    const followed = await subscribe(t, body);
    expect(followed.statusCode).toBe(201);
    expect(await t.app.mailer.flush()).toMatchObject({ sent: 0 });
  });

  it('limits subscriptions per address and per client address: 429 with Retry-After', async () => {
    const t = await appWithSmtp();
    const email = 'busy@example.org';
    for (let i = 0; i < RATE_LIMITS.alertConfirmationsPerAddress.max; i += 1) {
      const res = await subscribe(t, { email, frequency: 'daily', search: `?q=word${i}` });
      expect(res.statusCode).toBe(201);
    }
    // Other letter case, other client address: the same address.
    const refused = await subscribe(
      t,
      { email: 'BUSY@example.org', frequency: 'daily', search: '?q=more' },
      '198.51.100.7',
    );
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('3600');
    expect(refused.json()).toEqual({ message: ALERT_MESSAGES.tooManyForAddress(60) });
    t.clock.now = new Date(t.clock.now.getTime() + 60 * 60_000 + 1);
    expect(
      (await subscribe(t, { email, frequency: 'daily', search: '?q=more' }, '198.51.100.8'))
        .statusCode,
    ).toBe(201);

    // One client address, many e-mail addresses.
    const client = '192.0.2.55';
    for (let i = 0; i < RATE_LIMITS.subscribeAlert.max; i += 1) {
      const res = await subscribe(
        t,
        { email: `person${i}@example.org`, frequency: 'weekly', search: '' },
        client,
      );
      expect(res.statusCode).toBe(201);
    }
    const tooMany = await subscribe(
      t,
      { email: 'one-more@example.org', frequency: 'weekly', search: '' },
      client,
    );
    expect(tooMany.statusCode).toBe(429);
    expect(Number(tooMany.headers['retry-after'])).toBeGreaterThan(0);
    expect(tooMany.json().message).toMatch(/Too many requests/);
  });

  it('refuses bad input with clear messages and stores nothing', async () => {
    const t = await appWithSmtp();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ email: 'not an address', frequency: 'daily', search: '' }, 'email', ALERT_MESSAGES.email],
      [{ email: 'a,b@example.org', frequency: 'daily', search: '' }, 'email', ALERT_MESSAGES.email],
      [
        { email: 'a@example.org', frequency: 'hourly', search: '' },
        'frequency',
        ALERT_MESSAGES.frequency,
      ],
      [
        { email: 'a@example.org', frequency: 'daily', search: 'q='.padEnd(2001, 'x') },
        'search',
        ALERT_MESSAGES.search,
      ],
    ];
    for (const [body, field, message] of cases) {
      const res = await subscribe(t, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().fields[field]).toBe(message);
    }
    expect((await subscribe(t, { email: 'a@example.org' })).statusCode).toBe(400);
    expect(await t.db('job_alerts')).toEqual([]);
    expect(await t.db('outbox')).toEqual([]);
  });

  it('stores the longest allowed address and search (PostgreSQL widths)', async () => {
    const t = await appWithSmtp();
    const email = `${'a'.repeat(ALERT_LIMITS.email - '@example.org'.length)}@example.org`;
    // A search whose normalised query string is exactly ALERT_LIMITS.search long.
    let search = `?q=${'q'.repeat(200)}`;
    for (let letter = 0; search.length < ALERT_LIMITS.search; letter += 1) {
      const room = ALERT_LIMITS.search - search.length - '&category='.length;
      search += `&category=${String.fromCharCode(97 + letter).repeat(Math.min(200, room))}`;
    }
    expect(search).toHaveLength(ALERT_LIMITS.search);
    const res = await subscribe(t, { email, frequency: 'weekly', search });
    expect(res.statusCode).toBe(201);
    const [row] = await t.db('job_alerts');
    expect(row.email).toHaveLength(ALERT_LIMITS.email);
    expect(row.search).toBe(search);
    expect(await invalidRows(t.db)).toEqual([]);

    // One character more, once normalised, is refused.
    const longer = await subscribe(t, { email, frequency: 'weekly', search: `${search}z` });
    expect(longer.statusCode).toBe(400);
    expect(longer.json().fields.search).toBe(ALERT_MESSAGES.search);
  });

  it('sends each digest once when two runs in two processes go at the same time', async () => {
    const one = await appWithSmtp();
    const two = await appWithSmtp({ sameDatabaseAs: one });
    const readers = Array.from({ length: 6 }, (_, i) => `reader${i}@example.org`);
    for (const email of readers) await followSearch(one, email, '?q=grants');
    smtp.received.length = 0;
    await createJobs(one.app, [{ title: 'Grants Coordinator' }]);

    const reports = await Promise.all([
      one.app.alertDigests.run({ force: true }),
      two.app.alertDigests.run({ force: true }),
      one.app.alertDigests.run({ force: true }),
    ]);
    expect(reports.reduce((sum, r) => sum + r.sent, 0)).toBe(readers.length);
    await Promise.all([one.app.mailer.flush(), two.app.mailer.flush()]);
    expect(smtp.received.map((m) => m.to[0]).sort()).toEqual(readers);
    expect(await one.db('outbox').where({ template: 'alert-digest' })).toHaveLength(readers.length);
    // Nothing held: every alert is free for the next run.
    expect(await one.db('job_alerts').whereNotNull('lease_until')).toEqual([]);
  });

  it("answers the e-mails' links with the board's pages, and a GET changes nothing", async () => {
    const t = await appWithSmtp({ env: { RELEASES_DIR: fakeReleases() } });
    await followSearch(t, 'pages@example.org', '?q=grants');
    const token = tokenIn(parseMail(smtp.received.at(-1)!).body, 'unsubscribe');
    for (const page of ['confirm', 'unsubscribe', 'manage']) {
      const res = await t.app.inject(`/alerts/${page}?token=${token}`);
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<div id="root">');
    }
    // A mail scanner that follows the unsubscribe link does not unsubscribe: the page's script
    // (or the mail client's one-click POST) does.
    expect(await t.db('job_alerts').where({ status: 'confirmed' })).toHaveLength(1);
  });

  it('counts confirmed alerts for the admin dashboard', async () => {
    const t = await appWithSmtp();
    await followSearch(t, 'one@example.org', '?q=grants');
    await subscribe(t, { email: 'two@example.org', frequency: 'daily', search: '' });
    const admin = await signedIn(t);
    const res = await admin({ method: 'GET', url: '/api/admin/stats' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ confirmedAlerts: 1 });
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/admin/stats' });
    expect(anonymous.statusCode).toBe(401);
  });
});
