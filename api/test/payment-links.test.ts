import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { migrations } from '../migrations';
import { migrateLatest } from '../src/db/migrate';
import { signedIn } from './support/admin';
import { startFakeStripe, type FakeStripe } from './support/fake-stripe';
import { checkout, startCheckout, stripeEnv, tokenOf } from './support/payments';
import { SmtpPeer } from './support/smtp-peer';
import { insertSubmission } from './support/submissions';
import { buildTestApp, testDatabase, type TestApp } from './support/test-app';

/**
 * Pay links (issue 11, pay tokens): never in a log line, never stored in the database (only a
 * SHA-256 hash), and each one ends 14 days after it is issued; an admin issues a new one, which
 * replaces the earlier link.
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

  it('are renewed by an admin: the new link works for 14 more days, the replaced one is not valid', async () => {
    const { id, token } = await approved();
    t.clock.now = new Date(t.clock.now.getTime() + 20 * DAY_MS);
    expect((await t.app.inject(`/api/pay/${token}`)).statusCode).toBe(410);
    admin = await signedIn(t); // the session from 20 days ago has ended
    const res = await renew(id);
    expect(res.json().expiresAt).toBe(new Date(t.clock.now.getTime() + 14 * DAY_MS).toISOString());
    const fresh = tokenOf(res.json().paymentUrl);
    expect((await t.app.inject(`/api/pay/${fresh}`)).statusCode).toBe(200);
    const session = await startCheckout(t, stripe, fresh);
    expect(session.success_url).toContain(`/pay/${fresh}/success`);
    const old = await t.app.inject(`/api/pay/${token}`);
    expect(old.statusCode).toBe(404);
    expect(old.json()).toEqual({ message: 'This payment link is not valid.' });
    expect(
      await t.db('submission_events').where({ submission_id: id }).orderBy('id', 'desc').first(),
    ).toMatchObject({ actor: 'admin:alice', note: expect.stringMatching(/New payment link/) });
    const listed = (await admin({ method: 'GET', url: `/api/admin/submissions/${id}` })).json();
    expect(listed.paymentLinkExpiresAt).toBe(res.json().expiresAt);
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
    const id = await insertSubmission(t.db, {
      payment_token: emailed,
      payment_token_created_at: Date.now(),
    });
    await migrateLatest(t.db);

    const row = await t.db('submissions').where({ id }).first();
    expect(row.payment_token_hash).toBe(createHash('sha256').update(emailed).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(emailed);
    t.clock.now = new Date(Date.now() + 14 * DAY_MS - 60_000);
    expect((await t.app.inject(`/api/pay/${emailed}`)).statusCode).toBe(200);
    t.clock.now = new Date(Date.now() + 14 * DAY_MS + 60_000);
    expect((await t.app.inject(`/api/pay/${emailed}`)).statusCode).toBe(410);
  });
});
