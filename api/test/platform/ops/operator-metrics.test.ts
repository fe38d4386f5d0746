import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { backupDatabase, backupFile } from '../../../src/backup';
import { buildInfo } from '../../../src/platform/version';
import { startFakeStripe, type FakeStripe } from '../../support/fake-stripe';
import { stripeEnv, WEBHOOK_SECRET } from '../../support/payments';
import { buildTestApp, testDatabase, type TestApp } from '../../support/test-app';
import { sample } from '../../support/metrics-sample';

/**
 * The operators' metrics of issue 46: what runs (jobboard_build_info), how old the newest backup
 * is (jobboard_backup_age_seconds), and why Stripe's webhook requests failed
 * (jobboard_stripe_webhook_failures_total).
 */

const TOKEN = 'operator-metrics-token-0123456789abcdef';

let t: TestApp | undefined;
let stripe: FakeStripe;
let dataDir: string;
beforeAll(async () => {
  stripe = await startFakeStripe({ webhookSecret: WEBHOOK_SECRET });
  dataDir = mkdtempSync(path.join(tmpdir(), 'jobboard-metrics-'));
});
afterAll(async () => {
  await stripe.close();
  rmSync(dataDir, { recursive: true, force: true });
});
afterEach(async () => {
  await t?.close();
  t = undefined;
});

async function scrape(test: TestApp): Promise<string> {
  const res = await test.app.inject({
    method: 'GET',
    url: '/metrics',
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  expect(res.statusCode).toBe(200);
  return res.body;
}

describe(`operator metrics on ${testDatabase}`, () => {
  it('name the running build: version, commit and Node', async () => {
    t = await buildTestApp({ env: { METRICS_TOKEN: TOKEN } });
    const build = buildInfo();
    const text = await scrape(t);
    expect(
      sample(text, 'jobboard_build_info', {
        version: build.version,
        commit: build.commit ?? 'unknown',
        node: process.version,
      }),
    ).toBe(1);
  });

  it('say how old the newest backup is: +Inf before any, then from its time on the app clock', async () => {
    t = await buildTestApp({ env: { METRICS_TOKEN: TOKEN, DATA_DIR: dataDir } });
    expect(sample(await scrape(t), 'jobboard_backup_age_seconds')).toBe(Number.POSITIVE_INFINITY);

    // The scheduled backup records itself (test/backup/scheduled-backup.test.ts runs it on a
    // schedule); here it is taken once, by hand, with the schedule's own code.
    t.config.backups.schedule = { kind: 'every', ms: 60 * 60_000 };
    const taken = await t.app.backups.runScheduled();
    expect(taken.ran).toBe(true);
    expect(sample(await scrape(t), 'jobboard_backup_age_seconds')).toBe(0);

    t.clock.now = new Date(t.clock.now.getTime() + 26 * 60 * 60_000);
    expect(sample(await scrape(t), 'jobboard_backup_age_seconds')).toBe(26 * 60 * 60);
  });

  it('count a backup `jobboard backup` wrote into DATA_DIR/backups, by the time in its name', async () => {
    const own = mkdtempSync(path.join(tmpdir(), 'jobboard-metrics-'));
    try {
      t = await buildTestApp({ env: { METRICS_TOKEN: TOKEN, DATA_DIR: own } });
      // The command's own code and file name (cli/commands.ts), taken two hours ago.
      const taken = new Date(t.clock.now.getTime() - 2 * 60 * 60_000);
      await backupDatabase(t.config.database, backupFile(own, taken));
      expect(sample(await scrape(t), 'jobboard_backup_age_seconds')).toBe(2 * 60 * 60);
    } finally {
      rmSync(own, { recursive: true, force: true });
    }
  });

  it('count the Stripe webhook requests refused or failed, by reason', async () => {
    t = await buildTestApp({ env: { METRICS_TOKEN: TOKEN, ...stripeEnv(stripe) } });
    const failures = (text: string, reason: string) =>
      sample(text, 'jobboard_stripe_webhook_failures_total', { reason });
    const before = await scrape(t);
    for (const reason of ['not_configured', 'unsigned', 'bad_signature', 'failed']) {
      expect(failures(before, reason)).toBe(0);
    }
    const deliver = (headers: Record<string, string>, payload: string) =>
      t!.app.inject({
        method: 'POST',
        url: '/api/stripe/webhook',
        headers: { 'content-type': 'application/json', ...headers },
        payload,
      });
    const event = stripe.signedEvent(
      'checkout.session.completed',
      { id: 'cs_unknown', object: 'checkout.session' } as never,
      { timestamp: Math.floor(t.clock.now.getTime() / 1000) },
    );
    expect((await deliver({}, event.payload)).statusCode).toBe(400);
    expect(
      (await deliver({ 'stripe-signature': 't=1,v1=deadbeef' }, event.payload)).statusCode,
    ).toBe(400);
    expect(
      (await deliver({ 'stripe-signature': 't=1,v1=deadbeef' }, event.payload)).statusCode,
    ).toBe(400);
    // A signed event the database cannot record: it fails (Stripe retries it).
    await t.db.schema.renameTable('processed_webhook_events', 'processed_webhook_events_away');
    try {
      const failed = await deliver({ 'stripe-signature': event.signature }, event.payload);
      expect(failed.statusCode).toBe(500);
    } finally {
      await t.db.schema.renameTable('processed_webhook_events_away', 'processed_webhook_events');
    }

    const after = await scrape(t);
    expect(failures(after, 'unsigned')).toBe(1);
    expect(failures(after, 'bad_signature')).toBe(2);
    expect(failures(after, 'failed')).toBe(1);
    expect(failures(after, 'not_configured')).toBe(0);
  });

  it('count a webhook refused because Stripe is not configured', async () => {
    t = await buildTestApp({ env: { METRICS_TOKEN: TOKEN } });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=x' },
      payload: '{}',
    });
    expect(res.statusCode).toBe(503);
    expect(
      sample(await scrape(t), 'jobboard_stripe_webhook_failures_total', {
        reason: 'not_configured',
      }),
    ).toBe(1);
  });
});
