import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildOnce } from '../support/api-process';
import { runJobboard } from '../support/cli';
import { insertSubmission } from '../support/submissions';
import { buildTestApp, testDatabase, type TestApp } from '../support/test-app';

/** `jobboard renewals remind` (`pnpm --filter @jobboard/api renewals:remind`), as cron runs it. */

const DAY_MS = 24 * 60 * 60_000;
let t: TestApp;
beforeAll(async () => {
  buildOnce();
  // real-clock: the command is a process of its own and runs on the real clock: the listing was paid 27 days before it, so it ends in 3.
  t = await buildTestApp({ now: new Date(Date.now() - 27 * DAY_MS) });
});
afterAll(() => t.close());

describe(`jobboard renewals remind on ${testDatabase}`, () => {
  it('queues the reminder of a listing ending within 5 days, once, and says so', async () => {
    const id = await insertSubmission(t.db);
    await t.db.transaction((trx) =>
      t.app.payments.markPaidAndPublish(
        trx,
        id,
        { provider: 'manual', actor: 'admin:test', amountCents: 9_900 },
        t.clock.now,
      ),
    );
    const first = await runJobboard(['renewals', 'remind'], t.config.database);
    expect(first.code, first.output).toBe(0);
    expect(first.output).toContain('Renewal reminders: 1 queued (1 listing ending soon checked)');
    expect(first.output).toContain('SMTP_URL is not set');
    const again = await runJobboard(['renewals', 'remind'], t.config.database);
    expect(again.output).toContain('Renewal reminders: 0 queued');
    const mails = await t.db('outbox').where({ template: 'renewal-reminder' });
    expect(mails).toHaveLength(1);
    expect(mails[0].text_body).toMatch(/https:\/\/jobs\.example\.org\/renew\/[A-Za-z0-9_-]{43}/);
  });
});
