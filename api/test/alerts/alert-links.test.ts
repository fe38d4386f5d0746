import { ALERT_LIMITS, ALERT_MESSAGES } from '@jobboard/contract/alerts';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { migrations } from '../../src/platform/db/migrations';
import { migrateLatest } from '../../src/platform/db/migrate';
import { RATE_LIMITS } from '../../src/platform/rate-limits';
import { parseMail, requestDataLink, tokenIn } from '../support/alert-mail';
import { APPLICANT, apply, jobTakingApplications } from '../support/applications';
import { createJobs } from '../support/jobs';
import { SmtpPeer } from '../support/smtp-peer';
import { buildTestApp, testDatabase, type TestApp } from '../support/test-app';
import { injectWithProof } from '../support/human-proof';

/**
 * An alert's links (issue 43, finding 7): the token of an alert's manage and unsubscribe links
 * reaches that one alert and nothing else of its address; the database keeps no token in the
 * clear (the alerts' links, the outbox's sent copies and their headers); the links e-mailed
 * before the upgrade keep working; and everything of an address is downloaded or deleted only
 * through a single-use link e-mailed to that address.
 */

const DAY_MS = 24 * 60 * 60_000;

let smtp: SmtpPeer;
const open: TestApp[] = [];
beforeAll(async () => {
  smtp = await new SmtpPeer().start();
});
afterAll(() => smtp.stop());
afterEach(async () => {
  vi.useRealTimers();
  while (open.length) await open.pop()!.close();
  smtp.received.length = 0;
});

async function appWithSmtp(): Promise<TestApp> {
  const t = await buildTestApp({ env: { SMTP_URL: smtp.url, MAIL_POLL_SECONDS: '0' } });
  open.push(t);
  return t;
}

let client = 0;
const nextClient = () => {
  client += 1;
  return `198.51.100.${(client % 250) + 1}`;
};

/** The body of the newest e-mail to `to` the SMTP peer got. */
function lastMailTo(to: string): string {
  const mail = smtp.received.filter((m) => m.to.some((address) => address.toLowerCase() === to));
  if (!mail.length) throw new Error(`no e-mail to ${to}`);
  return parseMail(mail.at(-1)!).body;
}

/** Follow a search and confirm it; the token of the confirmation e-mail's unsubscribe link. */
async function follow(t: TestApp, email: string, search: string): Promise<string> {
  const res = await injectWithProof(t.app, {
    method: 'POST',
    url: '/api/alerts',
    payload: { email, frequency: 'daily', search },
    remoteAddress: nextClient(),
  });
  expect(res.statusCode).toBe(201);
  await t.app.mailer.flush();
  const body = lastMailTo(email.toLowerCase());
  const confirm = tokenIn(body, 'confirm');
  const confirmed = await t.app.inject({ method: 'POST', url: `/api/alerts/${confirm}/confirm` });
  expect(confirmed.statusCode).toBe(200);
  return tokenIn(body, 'unsubscribe');
}

/** Every value stored in these tables, as one text. */
async function everythingStored(t: TestApp, tables: string[]): Promise<string> {
  const rows = await Promise.all(tables.map((table) => t.db(table).select()));
  return JSON.stringify(rows);
}

const ALERT_TABLES = ['job_alerts', 'job_alert_links', 'alert_data_links', 'outbox'];

describe(`an alert's links on ${testDatabase}`, () => {
  it('reach their one alert: the token of alert A cannot touch alert B of the same address', async () => {
    const t = await appWithSmtp();
    const a = await follow(t, 'reader@example.org', '?q=grants');
    const b = await follow(t, 'Reader@Example.org', '?remote=true');
    await follow(t, 'other@example.org', '?q=grants');

    expect((await t.app.inject(`/api/alerts/${a}`)).json().search).toBe('?q=grants');
    expect((await t.app.inject(`/api/alerts/${b}`)).json().search).toBe('?remote=true');

    // 'Download my data' from A's link (the deprecated endpoint): A alone, nothing else.
    const exported = await t.app.inject({ method: 'POST', url: `/api/alerts/${a}/data` });
    expect(exported.statusCode).toBe(200);
    expect(exported.json().alerts).toEqual([
      expect.objectContaining({ search: '?q=grants', email: 'reader@example.org' }),
    ]);
    expect(exported.json().applications).toEqual([]);
    expect(exported.body).not.toContain('?remote=true');

    // A's unsubscribe stops A only.
    const stopped = await t.app.inject({ method: 'POST', url: `/api/alerts/${a}/unsubscribe` });
    expect(stopped.json().status).toBe('unsubscribed');
    expect((await t.app.inject(`/api/alerts/${b}`)).json().status).toBe('confirmed');

    // 'Delete my data' from A's link deletes A, and B stays with its link.
    const deleted = await t.app.inject({ method: 'DELETE', url: `/api/alerts/${a}/data` });
    expect(deleted.json()).toEqual({ message: ALERT_MESSAGES.dataDeleted(1) });
    expect((await t.db('job_alerts').orderBy('id').pluck('search')).sort()).toEqual([
      '?q=grants',
      '?remote=true',
    ]);
    expect((await t.app.inject(`/api/alerts/${a}`)).statusCode).toBe(404);
    expect((await t.app.inject(`/api/alerts/${b}`)).statusCode).toBe(200);
    // And an alert's token is no data link.
    const asDataLink = await t.app.inject({ method: 'POST', url: `/api/alerts/data/${b}` });
    expect(asDataLink.statusCode).toBe(404);
  });

  it('are kept only as hashes: the database holds no clear token, sent copies and headers included', async () => {
    const t = await appWithSmtp();
    const confirmation = await follow(t, 'reader@example.org', '?q=grants');
    await createJobs(t.app, [{ title: 'Grants Officer' }]);
    t.clock.now = new Date(t.clock.now.getTime() + DAY_MS);
    expect(await t.app.alertDigests.run()).toMatchObject({ sent: 1 });
    // Not sent yet: the outbox holds the message as it will go, headers and all.
    const queued = await t.db('outbox').where({ template: 'alert-digest' }).first();
    expect(queued.headers).toContain('List-Unsubscribe');
    await t.app.mailer.flush();
    const digest = parseMail(smtp.received.at(-1)!);
    const token = tokenIn(digest.body, 'unsubscribe');
    expect(digest.headers).toContain(`/alerts/unsubscribe?token=${token}`);
    // Each e-mail carries a link of its own; both work.
    expect(token).not.toBe(confirmation);
    for (const link of [token, confirmation]) {
      expect((await t.app.inject(`/api/alerts/${link}`)).statusCode).toBe(200);
    }
    const dataLink = await requestDataLink(t, 'reader@example.org');
    await t.app.mailer.flush();

    const stored = await everythingStored(t, ALERT_TABLES);
    for (const secret of [token, confirmation, dataLink]) expect(stored).not.toContain(secret);
    const sent = await t.db('outbox').where({ template: 'alert-digest' }).first();
    expect(sent).toMatchObject({ status: 'sent', headers: null });
    expect(sent.text_body).toContain('/alerts/unsubscribe?token=[redacted]');
    expect(await t.db('job_alert_links').pluck('token_hash')).toHaveLength(2);
  });

  it('e-mailed before the upgrade keep working after the migration that hashes them', async () => {
    const t = await appWithSmtp();
    const source = {
      getMigrations: async () => migrations,
      getMigrationName: (m: (typeof migrations)[number]) => m.name,
      getMigration: async (m: (typeof migrations)[number]) => m,
    };
    const from = migrations.findIndex((m) => m.name === '20261129131000_hash_alert_links');
    expect(from).toBeGreaterThan(0);
    for (let i = from; i < migrations.length; i += 1) {
      await t.db.migrate.down({ migrationSource: source });
    }
    expect(Object.keys(await t.db('job_alerts').columnInfo())).toContain('manage_token');

    const now = t.clock.now.getTime();
    const emailed = 'M'.repeat(43);
    await t.db('job_alerts').insert({
      email: 'reader@example.org',
      email_key: 'reader@example.org',
      search: '?q=grants',
      frequency: 'weekly',
      status: 'confirmed',
      manage_token: emailed,
      last_job_id: 0,
      next_digest_at: now + DAY_MS,
      last_digest_at: now - DAY_MS,
      created_at: now - 30 * DAY_MS,
      confirmed_at: now - 30 * DAY_MS,
    });
    const unsubscribe = `http://localhost:3000/alerts/unsubscribe?token=${emailed}`;
    await t.db('outbox').insert({
      template: 'alert-digest',
      to_address: 'reader@example.org',
      subject: '1 new job',
      text_body: `Unsubscribe with one click: ${unsubscribe}\nChange how often: http://localhost:3000/alerts/manage?token=${emailed}`,
      headers: JSON.stringify({ 'List-Unsubscribe': `<${unsubscribe}>` }),
      status: 'sent',
      attempts: 1,
      next_attempt_at: now - DAY_MS,
      created_at: now - DAY_MS,
      sent_at: now - DAY_MS,
    });
    await migrateLatest(t.db);

    expect(await everythingStored(t, ALERT_TABLES)).not.toContain(emailed);
    const view = await t.app.inject(`/api/alerts/${emailed}`);
    expect(view.statusCode).toBe(200);
    expect(view.json()).toMatchObject({ search: '?q=grants', status: 'confirmed' });
    const stopped = await t.app.inject({
      method: 'POST',
      url: `/alerts/unsubscribe?token=${emailed}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(stopped.statusCode).toBe(200);
    expect((await t.db('job_alerts').first()).status).toBe('unsubscribed');
  });
});

describe(`an address's data by a link e-mailed to it on ${testDatabase}`, () => {
  it('answers the same for any address, and mails a link only to one the board knows', async () => {
    const t = await appWithSmtp();
    await follow(t, 'reader@example.org', '?q=grants');
    smtp.received.length = 0;
    const ask = (email: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/alerts/data-link',
        payload: { email },
        remoteAddress: nextClient(),
      });
    const known = await ask('Reader@Example.org');
    const unknown = await ask('stranger@example.org');
    expect(known.statusCode).toBe(202);
    expect(unknown.statusCode).toBe(202);
    expect(known.json()).toEqual({
      message: ALERT_MESSAGES.dataLinkRequested('Reader@Example.org'),
    });
    expect(unknown.json()).toEqual({
      message: ALERT_MESSAGES.dataLinkRequested('stranger@example.org'),
    });
    await t.app.mailer.flush();
    expect(smtp.received.map((m) => m.to[0]!.toLowerCase())).toEqual(['reader@example.org']);
    expect(lastMailTo('reader@example.org')).toMatch(/\/alerts\/data\?token=[\w-]{43}/);

    // Limited per address, counted whether or not the board knows it (so it tells nothing).
    const perAddress = RATE_LIMITS.dataLinksPerAddress.max;
    for (const email of ['reader@example.org', 'stranger@example.org']) {
      for (let i = 1; i < perAddress; i += 1) expect((await ask(email)).statusCode).toBe(202);
      const refused = await ask(email.toUpperCase());
      expect(refused.statusCode).toBe(429);
      expect(refused.json().message).toMatch(/^Several links were sent to this address/);
    }
  });

  it('downloads or deletes every alert and application of its address, once, within the hour', async () => {
    const t = await appWithSmtp();
    await follow(t, 'reader@example.org', '?q=grants');
    await follow(t, 'Reader@Example.org', '?remote=true');
    await follow(t, 'other@example.org', '?q=grants');
    const jobId = await jobTakingApplications(t, undefined, { title: 'Data Organizer' });
    const applied = await apply(
      t,
      jobId,
      { ...APPLICANT, name: 'Rae Reader', email: 'reader@example.org' },
      undefined,
      { remoteAddress: nextClient() },
    );
    expect(applied.statusCode).toBe(201);

    const link = await requestDataLink(t, 'reader@example.org', nextClient());
    // A GET (a mail scanner opening the link's page) spends nothing.
    expect((await t.app.inject(`/alerts/data?token=${link}`)).body).not.toContain('"alerts"');
    const exported = await t.app.inject({ method: 'POST', url: `/api/alerts/data/${link}` });
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['cache-control']).toBe('no-store');
    const data = exported.json();
    expect(data.email).toBe('reader@example.org');
    expect(data.alerts.map((a: { search: string }) => a.search).sort()).toEqual([
      '?q=grants',
      '?remote=true',
    ]);
    expect(data.applications.map((a: { title: string }) => a.title)).toEqual(['Data Organizer']);
    expect(exported.body).not.toContain('other@example.org');
    expect(exported.body).not.toContain(link);

    // Spent: the same link does nothing more.
    const again = await t.app.inject({ method: 'DELETE', url: `/api/alerts/data/${link}` });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ message: ALERT_MESSAGES.dataLinkInvalid });
    expect(await t.db('job_alerts').where({ email_key: 'reader@example.org' })).toHaveLength(2);

    // A link past its hour is refused.
    const late = await requestDataLink(t, 'reader@example.org', nextClient());
    t.clock.now = new Date(t.clock.now.getTime() + ALERT_LIMITS.dataLinkMinutes * 60_000);
    const expired = await t.app.inject({ method: 'DELETE', url: `/api/alerts/data/${late}` });
    expect(expired.statusCode).toBe(410);
    expect(expired.json()).toEqual({ message: ALERT_MESSAGES.dataLinkExpired });

    const remove = await requestDataLink(t, 'reader@example.org', nextClient());
    const deleted = await t.app.inject({ method: 'DELETE', url: `/api/alerts/data/${remove}` });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ message: ALERT_MESSAGES.dataDeleted(2, 1) });
    expect(await t.db('job_alerts').pluck('email')).toEqual(['other@example.org']);
    expect(Number((await t.db('applications').count({ n: '*' }))[0]!.n)).toBe(0);
  });

  it('stores a data link for the longest address an alert takes (PostgreSQL widths)', async () => {
    const t = await appWithSmtp();
    const email = `${'a'.repeat(ALERT_LIMITS.email - '@example.org'.length)}@example.org`;
    // (Pending is enough: an SMTP server refuses so long a name before the @, so no e-mail goes.)
    const subscribed = await injectWithProof(t.app, {
      method: 'POST',
      url: '/api/alerts',
      payload: { email, frequency: 'daily', search: '?q=grants' },
      remoteAddress: nextClient(),
    });
    expect(subscribed.statusCode).toBe(201);
    const link = await requestDataLink(t, email, nextClient());
    const [stored] = await t.db('alert_data_links');
    expect(stored.email_key).toHaveLength(ALERT_LIMITS.email);
    const exported = await t.app.inject({ method: 'POST', url: `/api/alerts/data/${link}` });
    expect(exported.json().alerts).toHaveLength(1);
  });

  it('answers 404 for a made-up link, and deletes nothing', async () => {
    const t = await appWithSmtp();
    await follow(t, 'reader@example.org', '?q=grants');
    for (const method of ['POST', 'DELETE'] as const) {
      const res = await t.app.inject({ method, url: `/api/alerts/data/${'x'.repeat(43)}` });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: ALERT_MESSAGES.dataLinkInvalid });
    }
    expect(await t.db('job_alerts').pluck('email')).toEqual(['reader@example.org']);
  });
});
