import { createHash } from 'node:crypto';
import { PAY_LINK_MESSAGES } from '@jobboard/contract/payments';
import type { Knex } from 'knex';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { migrations } from '../../src/platform/db/migrations';
import { migrateLatest } from '../../src/platform/db/migrate';
import { signedIn } from '../support/admin';
import { startFakeStripe, type FakeStripe } from '../support/fake-stripe';
import {
  checkout,
  count,
  deliver,
  paid,
  pay,
  startCheckout,
  stripeEnv,
  tokenOf,
} from '../support/payments';
import { SmtpPeer } from '../support/smtp-peer';
import { insertSubmission } from '../support/submissions';
import { buildTestApp, testDatabase, type TestApp } from '../support/test-app';

/**
 * Pay links (issue 11, pay tokens): never in a log line, never stored in the database (only a
 * SHA-256 hash), and each one ends 14 days after it is issued. An admin issues a new one beside
 * the earlier ones, which keep working until they end, the listing is paid, or an admin revokes
 * them (issue 25).
 */

const DAY_MS = 24 * 60 * 60 * 1000;
const EXPIRED = 'This payment link has expired. Write to jobs@example.org for a new one.';

let stripe: FakeStripe;
let smtp: SmtpPeer;
let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
let logLines: string[];

beforeAll(async () => {
  stripe = await startFakeStripe({ webhookSecret: 'whsec_test_secret' });
  smtp = await new SmtpPeer().start();
});
afterAll(async () => {
  await stripe.close();
  await smtp.stop();
});
beforeEach(async () => {
  logLines = [];
  t = await buildTestApp({
    env: { ...stripeEnv(stripe), LOG_LEVEL: 'debug', SMTP_URL: smtp.url },
    logStream: { write: (line) => void logLines.push(line) },
  });
  admin = await signedIn(t);
  stripe.reset();
});
afterEach(() => t.close());

/** A submission approved by an admin: the pay link the approval e-mailed. */
async function approved(overrides: Record<string, unknown> = {}) {
  const id = await insertSubmission(t.db, { status: 'pending_review', ...overrides });
  const res = await admin({ method: 'POST', url: `/api/admin/submissions/${id}/approve` });
  expect(res.statusCode, res.body).toBe(200);
  const paymentUrl: string = res.json().paymentUrl;
  const mail = await t.db('outbox').where({ template: 'submission-approved' }).first();
  expect(mail.text_body).toContain(paymentUrl);
  return { id, paymentUrl, token: tokenOf(paymentUrl) };
}

const renew = (id: number) =>
  admin({ method: 'POST', url: `/api/admin/submissions/${id}/payment-link` });

/** Every row of every table of ours, as text. */
async function everyRow(db: Knex): Promise<string> {
  const tables: string[] =
    testDatabase === 'postgres'
      ? (
          await db.raw(
            `SELECT table_name AS name FROM information_schema.tables
              WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'`,
          )
        ).rows.map((r: { name: string }) => r.name)
      : (
          await db.raw(
            `SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'`,
          )
        ).map((r: { name: string }) => r.name);
  expect(tables).toContain('submissions');
  const dump: unknown[] = [];
  for (const table of tables) dump.push(table, await db(table).select());
  return JSON.stringify(dump);
}

describe(`pay links on ${testDatabase}`, () => {
  it('never write the token to the log: request URLs say /pay/[redacted]', async () => {
    const { id, token } = await approved();
    const fresh = tokenOf((await renew(id)).json().paymentUrl);
    await t.app.inject(`/api/pay/${fresh}`);
    await startCheckout(t, stripe, fresh);
    await t.app.inject(`/pay/${fresh}`);
    await t.app.inject(`/pay/${fresh}/success?session_id=cs_test_1`);
    await t.app.inject(`/api/pay/${token}`); // the replaced link: 404
    await t.app.inject(`/api/pay/${fresh}/nothing-here`); // no such route
    stripe.down = true; // the checkout fails and its error is logged
    expect((await checkout(t, fresh)).statusCode).toBe(503);

    const log = logLines.join('\n');
    expect(log).toContain('"url":"/api/pay/[redacted]"');
    expect(log).toContain('"url":"/api/pay/[redacted]/checkout"');
    expect(log).toContain('"url":"/pay/[redacted]/success?session_id=cs_test_1"');
    expect(log).toContain('could not create a Stripe checkout session');
    for (const secret of [token, fresh]) expect(log).not.toContain(secret);
  });

  it('are stored only as a SHA-256 hash: no row of any table holds a token once e-mailed', async () => {
    const { id, token } = await approved();
    const fresh = tokenOf((await renew(id)).json().paymentUrl);
    await startCheckout(t, stripe, fresh);
    // The approval e-mail carries its link until it is delivered, then its stored copy loses it.
    expect(await t.app.mailer.flush()).toMatchObject({ sent: 1 });
    const delivered = smtp.received.at(-1)!.raw.replace(/=\r?\n/g, ''); // quoted-printable lines
    expect(delivered).toContain(`/pay/${token}`);
    const mail = await t.db('outbox').where({ template: 'submission-approved' }).first();
    expect(mail.text_body).toContain('/pay/[redacted]');
    const rows = await everyRow(t.db);
    expect(rows).not.toContain(token);
    expect(rows).not.toContain(fresh);
    expect((await t.db('submissions').where({ id }).first()).payment_token_hash).toBe(
      createHash('sha256').update(fresh).digest('hex'),
    );
    expect(Object.keys(await t.db('submissions').columnInfo())).not.toContain('payment_token');
  });

  it('expire after 14 days: the pay page says so and no checkout can start', async () => {
    const { token } = await approved();
    t.clock.now = new Date(t.clock.now.getTime() + 14 * DAY_MS - 1);
    expect((await t.app.inject(`/api/pay/${token}`)).json().linkExpiresAt).toBe(
      '2026-12-06T12:00:00.000Z',
    );
    t.clock.now = new Date(t.clock.now.getTime() + 1);
    const page = await t.app.inject(`/api/pay/${token}`);
    expect(page.statusCode).toBe(410);
    expect(page.json()).toEqual({ message: EXPIRED });
    stripe.requests.length = 0;
    const refused = await checkout(t, token);
    expect(refused.statusCode).toBe(410);
    expect(refused.json()).toEqual({ message: EXPIRED });
    expect(stripe.requests).toEqual([]);
  });

  it('are renewed by an admin: the new link works for 14 more days, the expired one stays expired', async () => {
    const { id, token } = await approved();
    t.clock.now = new Date(t.clock.now.getTime() + 20 * DAY_MS);
    expect((await t.app.inject(`/api/pay/${token}`)).statusCode).toBe(410);
    admin = await signedIn(t); // the session from 20 days ago has ended
    const res = await renew(id);
    expect(res.json().expiresAt).toBe(new Date(t.clock.now.getTime() + 14 * DAY_MS).toISOString());
    expect(res.json().earlierLinksValid).toBe(0);
    const fresh = tokenOf(res.json().paymentUrl);
    expect((await t.app.inject(`/api/pay/${fresh}`)).statusCode).toBe(200);
    const session = await startCheckout(t, stripe, fresh);
    expect(session.success_url).toContain(`/pay/${fresh}/success`);
    const old = await t.app.inject(`/api/pay/${token}`);
    expect(old.statusCode).toBe(410);
    expect(old.json()).toEqual({ message: EXPIRED });
    expect(
      await t.db('submission_events').where({ submission_id: id }).orderBy('id', 'desc').first(),
    ).toMatchObject({
      actor: 'admin:alice',
      note: 'New payment link issued, valid until 2026-12-26; no earlier link was still valid',
    });
    const listed = (await admin({ method: 'GET', url: `/api/admin/submissions/${id}` })).json();
    expect(listed.paymentLinkExpiresAt).toBe(res.json().expiresAt);
    expect(listed.livePaymentLinks).toBe(1);
  });

  it('stay a receipt once paid, past their end', async () => {
    const { id, token } = await approved();
    await t.db('submissions').where({ id }).update({ status: 'paid' });
    t.clock.now = new Date(t.clock.now.getTime() + 60 * DAY_MS);
    const page = await t.app.inject(`/api/pay/${token}`);
    expect(page.statusCode).toBe(200);
    expect(page.json().status).toBe('paid');
    expect((await checkout(t, token)).statusCode).toBe(409);
  });
});

/** GET /api/pay/:token */
const payPage = (token: string) => t.app.inject(`/api/pay/${token}`);
const history = async (id: number) =>
  (await admin({ method: 'GET', url: `/api/admin/submissions/${id}/history` })).json() as {
    kind: string;
    summary: string;
    actor: string | null;
  }[];
const revoke = (id: number) =>
  admin({ method: 'POST', url: `/api/admin/submissions/${id}/revoke-payment-links` });
const REVOKED = PAY_LINK_MESSAGES.revoked('jobs@example.org');

describe(`several pay links of one listing on ${testDatabase} (issue 25)`, () => {
  it('two links in a row both open the pay page, and the admin is told the first still works', async () => {
    const { id, token: first } = await approved();
    const res = await renew(id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().earlierLinksValid).toBe(1);
    const second = tokenOf(res.json().paymentUrl);
    for (const token of [first, second]) {
      const page = await payPage(token);
      expect(page.statusCode, page.body).toBe(200);
      expect(page.json()).toMatchObject({ status: 'approved', title: 'Digital Organizer' });
    }
    // A third link: two earlier ones still work.
    expect((await renew(id)).json().earlierLinksValid).toBe(2);
    const listed = (await admin({ method: 'GET', url: `/api/admin/submissions/${id}` })).json();
    expect(listed.livePaymentLinks).toBe(3);
    const timeline = await history(id);
    expect(timeline.filter((e) => e.summary.startsWith('New payment link issued'))).toEqual([
      expect.objectContaining({
        actor: 'admin:alice',
        summary: 'New payment link issued, valid until 2026-12-06; 1 earlier link stays valid',
      }),
      expect.objectContaining({
        summary: 'New payment link issued, valid until 2026-12-06; 2 earlier links stay valid',
      }),
    ]);
    // Each link ends on its own day: the first one ends first.
    t.clock.now = new Date(t.clock.now.getTime() + 14 * DAY_MS);
    expect((await payPage(first)).statusCode).toBe(410);
  });

  it('paying through the first link publishes once; the second then says the listing is paid', async () => {
    const { id, token: first } = await approved();
    const second = tokenOf((await renew(id)).json().paymentUrl);
    // The employer starts paying through both (two tabs), each link its own session.
    const sessionOfFirst = await startCheckout(t, stripe, first);
    const sessionOfSecond = await startCheckout(t, stripe, second);
    expect(sessionOfFirst.id).not.toBe(sessionOfSecond.id);
    expect(sessionOfFirst.success_url).toContain(`/pay/${first}/success`);
    expect(sessionOfSecond.success_url).toContain(`/pay/${second}/success`);

    const event = stripe.signedEvent('checkout.session.completed', paid(sessionOfFirst));
    expect((await deliver(t, event)).statusCode).toBe(200);
    expect((await deliver(t, event)).statusCode).toBe(200); // delivered again: applied once
    expect(await count(t, 'jobs', { source: 'submission' })).toBe(1);
    const submission = await t.db('submissions').where({ id }).first();
    expect(submission.status).toBe('paid');

    // The second link: the listing is paid (its receipt), and no checkout starts.
    const page = await payPage(second);
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({ status: 'paid', jobId: String(submission.job_id) });
    const refused = await checkout(t, second);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: PAY_LINK_MESSAGES.alreadyPaid });
    // Its session was expired at Stripe once the first one paid.
    expect(stripe.sessions.get(sessionOfSecond.id)!.status).toBe('expired');
    expect(await count(t, 'jobs', { source: 'submission' })).toBe(1);
  });

  it('a session of the second link paid as well is flagged for a refund, never published twice', async () => {
    const { id, token: first } = await approved();
    const second = tokenOf((await renew(id)).json().paymentUrl);
    const one = await startCheckout(t, stripe, first);
    const two = await startCheckout(t, stripe, second);
    await pay(t, stripe, one);
    await pay(t, stripe, two); // paid at Stripe before its expiry reached it
    expect(await count(t, 'jobs', { source: 'submission' })).toBe(1);
    expect(await t.db('payments').where({ submission_id: id }).orderBy('id')).toEqual([
      expect.objectContaining({ checkout_session_id: one.id, status: 'paid' }),
      expect.objectContaining({ checkout_session_id: two.id, status: 'needs_refund' }),
    ]);
  });

  it("'Revoke links' ends every link: neither opens the pay page nor starts a checkout", async () => {
    const { id, token: first } = await approved();
    const second = tokenOf((await renew(id)).json().paymentUrl);
    const open = await startCheckout(t, stripe, first);
    stripe.requests.length = 0;

    const res = await revoke(id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      revoked: 2,
      submission: { id: String(id), livePaymentLinks: 0, paymentLinkExpiresAt: null },
    });
    for (const token of [first, second]) {
      const page = await payPage(token);
      expect(page.statusCode).toBe(410);
      expect(page.json()).toEqual({ message: REVOKED });
      const refused = await checkout(t, token);
      expect(refused.statusCode).toBe(410);
      expect(refused.json()).toEqual({ message: REVOKED });
    }
    // No checkout was created, and the one already open was expired at Stripe.
    expect(stripe.requests.map((r) => r.path)).toEqual([`/v1/checkout/sessions/${open.id}/expire`]);
    expect(stripe.sessions.get(open.id)!.status).toBe('expired');
    expect((await history(id)).filter((e) => e.summary.startsWith('Payment links'))).toEqual([
      expect.objectContaining({
        kind: 'changed',
        actor: 'admin:alice',
        summary:
          'Payment links revoked: 2 links that still worked (the e-mailed one included) no longer work; 1 open Stripe checkout expired',
      }),
    ]);
    // Revoked links are kept (hash only), with who and when.
    expect(await t.db('payment_links').where({ submission_id: id }).orderBy('id')).toEqual([
      expect.objectContaining({ revoked_by: 'admin:alice', revoked_at: t.clock.now.getTime() }),
      expect.objectContaining({ revoked_by: 'admin:alice', revoked_at: t.clock.now.getTime() }),
    ]);

    // A new link works again; the revoked ones stay revoked.
    const renewed = await renew(id);
    expect(renewed.json().earlierLinksValid).toBe(0);
    expect((await payPage(tokenOf(renewed.json().paymentUrl))).statusCode).toBe(200);
    expect((await payPage(first)).statusCode).toBe(410);
  });

  it('a session opened before the links were revoked and paid after does not publish: flagged for review', async () => {
    const { id, token } = await approved();
    const session = await startCheckout(t, stripe, token);
    stripe.down = true; // Stripe cannot be told to expire it
    expect((await revoke(id)).statusCode).toBe(200);
    stripe.down = false;
    await pay(t, stripe, session);
    expect(await count(t, 'jobs', { source: 'submission' })).toBe(0);
    expect((await t.db('submissions').where({ id }).first()).status).toBe('approved');
    expect(await t.db('payments').where({ checkout_session_id: session.id }).first()).toMatchObject(
      {
        status: 'needs_review',
        review_reason:
          'Paid $99 USD through a payment link revoked by admin:alice before the payment arrived',
      },
    );
  });

  it("revokes only an approved listing's links; with none left working it changes nothing", async () => {
    const pending = await insertSubmission(t.db, { status: 'pending_review' });
    const refused = await revoke(pending);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      "Only an approved submission's payment links can be revoked; this one is pending_review.",
    );
    expect((await revoke(987_654)).statusCode).toBe(404);

    const { id } = await approved();
    expect((await revoke(id)).json().revoked).toBe(1);
    const events = await count(t, 'submission_events', { submission_id: id });
    expect((await revoke(id)).json()).toMatchObject({ revoked: 0 });
    expect(await count(t, 'submission_events', { submission_id: id })).toBe(events);
  });

  it('keep the links e-mailed before the upgrade working, and revocable', async () => {
    const source = {
      getMigrations: async () => migrations,
      getMigrationName: (m: (typeof migrations)[number]) => m.name,
      getMigration: async (m: (typeof migrations)[number]) => m,
    };
    const from = migrations.findIndex((m) => m.name === '20261126020100_create_payment_links');
    for (let i = from; i < migrations.length; i += 1) {
      await t.db.migrate.down({ migrationSource: source });
    }
    const emailed = 'F'.repeat(43);
    const expiresAt = t.clock.now.getTime() + 3 * DAY_MS;
    const id = await insertSubmission(t.db, {
      payment_token_hash: createHash('sha256').update(emailed).digest('hex'),
      payment_token_created_at: t.clock.now.getTime(),
      payment_token_expires_at: expiresAt,
    });
    await migrateLatest(t.db);
    const page = await payPage(emailed);
    expect(page.statusCode).toBe(200);
    expect(page.json().linkExpiresAt).toBe(new Date(expiresAt).toISOString());
    expect((await renew(id)).json().earlierLinksValid).toBe(1);
    expect((await revoke(id)).json().revoked).toBe(2);
    expect((await payPage(emailed)).statusCode).toBe(410);
  });
});

describe(`the migration that hashes stored tokens on ${testDatabase}`, () => {
  it('keeps the links e-mailed before it working, for 14 days from the upgrade', async () => {
    const source = {
      getMigrations: async () => migrations,
      getMigrationName: (m: (typeof migrations)[number]) => m.name,
      getMigration: async (m: (typeof migrations)[number]) => m,
    };
    // Back to the schema before the hashing migration (and whatever came after it).
    const from = migrations.findIndex((m) => m.name === '20261124120100_hash_payment_tokens');
    expect(from).toBeGreaterThan(0);
    for (let i = from; i < migrations.length; i += 1) {
      await t.db.migrate.down({ migrationSource: source });
    }
    const columns = Object.keys(await t.db('submissions').columnInfo());
    expect(columns).toContain('payment_token');

    const emailed = 'E'.repeat(43);
    const upgradedAt = t.clock.now.getTime();
    const id = await insertSubmission(t.db, {
      payment_token: emailed,
      payment_token_created_at: upgradedAt,
    });
    // A migration has no app clock: it dates the links it keeps by Date, faked here to the app's.
    vi.useFakeTimers({ toFake: ['Date'], now: upgradedAt });
    try {
      await migrateLatest(t.db);
    } finally {
      vi.useRealTimers();
    }

    const row = await t.db('submissions').where({ id }).first();
    expect(row.payment_token_hash).toBe(createHash('sha256').update(emailed).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(emailed);
    t.clock.now = new Date(upgradedAt + 14 * DAY_MS - 60_000);
    expect((await t.app.inject(`/api/pay/${emailed}`)).statusCode).toBe(200);
    t.clock.now = new Date(upgradedAt + 14 * DAY_MS + 60_000);
    expect((await t.app.inject(`/api/pay/${emailed}`)).statusCode).toBe(410);
  });
});
