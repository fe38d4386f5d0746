import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseConfig } from '../../src/platform/config';
import { buildOnce } from '../support/api-process';
import { runJobboard } from '../support/cli';
import { createJobs } from '../support/jobs';
import { SmtpPeer } from '../support/smtp-peer';
import { buildTestApp, testDatabase, type TestApp } from '../support/test-app';
import { injectWithProof } from '../support/human-proof';

/** `jobboard alerts send [--force]` (`pnpm --filter @jobboard/api alerts:send`), as cron runs it. */

let smtp: SmtpPeer;
let t: TestApp;
beforeAll(async () => {
  buildOnce();
  smtp = await new SmtpPeer().start();
  // The CLI runs on the real clock, so the alert is confirmed on it too: on the test clock (a fixed
  // day in the past) the weekly alert would fall due once that week had passed in real time.
  t = await buildTestApp({ env: { SMTP_URL: smtp.url }, now: new Date() });
});
afterAll(async () => {
  await t.close();
  await smtp.stop();
});

const alertsSend = (args: string[], database: DatabaseConfig) =>
  runJobboard(['alerts', 'send', '--', ...args], database, { SMTP_URL: smtp.url });

describe(`alerts:send on ${testDatabase}`, () => {
  it('sends nothing that is not due, every new match with --force, and delivers it', async () => {
    const res = await injectWithProof(t.app, {
      method: 'POST',
      url: '/api/alerts',
      payload: { email: 'cron@example.org', frequency: 'weekly', search: '?q=grants' },
    });
    expect(res.statusCode).toBe(201);
    const [queued] = await t.db('outbox').where({ template: 'alert-confirm' });
    const token = /confirm\?token=([A-Za-z0-9_-]{43})/.exec(queued.text_body)![1]!;
    await t.app.mailer.flush();
    const confirmed = await t.app.inject({ method: 'POST', url: `/api/alerts/${token}/confirm` });
    expect(confirmed.statusCode).toBe(200);
    await createJobs(t.app, [{ title: 'Grants Lead' }, { title: 'Office Manager' }]);
    smtp.received.length = 0;

    const due = await alertsSend([], t.config.database);
    expect(due.code, due.output).toBe(0);
    expect(due.output).toContain('Job alerts: 0 digests queued (0 alerts checked');
    expect(smtp.received).toHaveLength(0);

    const forced = await alertsSend(['--force'], t.config.database);
    expect(forced.code, forced.output).toBe(0);
    expect(forced.output).toContain(
      'Job alerts: 1 digest queued (1 alert checked, 0 taken by another run); e-mail: 1 sent',
    );
    expect(smtp.received.map((m) => m.to)).toEqual([['cron@example.org']]);
    expect(smtp.received[0]!.raw).toContain('Grants Lead');
    expect(smtp.received[0]!.raw).not.toContain('Office Manager');
    // Headers unfolded: nodemailer folds a long one onto a second line.
    expect(smtp.received[0]!.raw.replace(/\r\n[ \t]+/g, ' ')).toContain(
      'List-Unsubscribe: <https://jobs.example.org/alerts/unsubscribe?token=',
    );

    const again = await alertsSend(['--force'], t.config.database);
    expect(again.output).toContain('Job alerts: 0 digests queued (1 alert checked');
    expect(smtp.received).toHaveLength(1);
    // Three runs of a whole process on 2 busy cores: give them time.
  }, 120_000);
});
