import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { VALID_SUBMISSION } from '../contract/src/__tests__/submission-cases';
import nodemailer from 'nodemailer';
import { OutboxSender, retryDelayMs } from '../src/outbox/outbox-sender';
import { SmtpPeer } from './support/smtp-peer';
import { buildTestApp, testDatabase, type TestApp } from './support/test-app';

let smtp: SmtpPeer;
let t: TestApp;
let open = false;

beforeAll(async () => {
  smtp = await new SmtpPeer().start();
});
afterAll(() => smtp.stop());
afterEach(async () => {
  if (open) await t.close();
  open = false;
});

async function appWithSmtp(env: Record<string, string> = {}) {
  open = true;
  t = await buildTestApp({
    env: {
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Nonprofit Comms Jobs <jobs@board.example>',
      ADMIN_EMAIL: 'review@board.example',
      ...env,
    },
  });
  return t;
}

const submit = () =>
  t.app.inject({ method: 'POST', url: '/api/submit-job-for-review', payload: VALID_SUBMISSION });
const outbox = () => t.db('outbox').orderBy('id');

describe(`e-mail through the outbox on ${testDatabase}`, () => {
  it('delivers both messages to a real SMTP server, with the job title and the contact', async () => {
    await appWithSmtp();
    smtp.received.length = 0;
    expect((await submit()).statusCode).toBe(201);
    expect(await t.app.mailer.flush()).toEqual({ sent: 2, retrying: 0, failed: 0 });

    const [received, notice] = smtp.received;
    expect(received!.to).toEqual(['hiring@coastaljusticefund.org']);
    expect(notice!.to).toEqual(['review@board.example']);
    for (const mail of smtp.received) {
      expect(mail.from).toBe('jobs@board.example');
      expect(mail.raw).toContain('Communications Director');
    }
    expect(received!.raw).toContain('Hello Jordan Lee');
    expect(notice!.raw).toContain('Jordan Lee <hiring@coastaljusticefund.org>');
    expect((await outbox()).map((m) => m.status)).toEqual(['sent', 'sent']);
    // Sent means sent: a second run sends nothing again.
    expect(await t.app.mailer.flush()).toEqual({ sent: 0, retrying: 0, failed: 0 });
    expect(smtp.received).toHaveLength(2);
  });

  it('keeps messages while the SMTP server is down and delivers them, once, when it is back', async () => {
    await appWithSmtp();
    smtp.received.length = 0;
    await smtp.stop();
    expect((await submit()).statusCode).toBe(201); // the employer never notices
    expect(await t.app.mailer.flush()).toEqual({ sent: 0, retrying: 2, failed: 0 });

    let rows = await outbox();
    expect(rows.map((m) => [m.status, m.attempts])).toEqual([
      ['pending', 1],
      ['pending', 1],
    ]);
    expect(rows[0].last_error).toMatch(/ECONNREFUSED|connect/i);
    expect(Number(rows[0].next_attempt_at)).toBe(t.clock.now.getTime() + retryDelayMs(1));

    // Not due yet: nothing is tried.
    expect(await t.app.mailer.flush()).toEqual({ sent: 0, retrying: 0, failed: 0 });

    await smtp.start(); // same port
    t.clock.now = new Date(t.clock.now.getTime() + retryDelayMs(1));
    expect(await t.app.mailer.flush()).toEqual({ sent: 2, retrying: 0, failed: 0 });
    rows = await outbox();
    expect(rows.map((m) => [m.status, m.attempts])).toEqual([
      ['sent', 2],
      ['sent', 2],
    ]);
    expect(smtp.received).toHaveLength(2);
    t.clock.now = new Date(t.clock.now.getTime() + 3_600_000);
    await t.app.mailer.flush();
    expect(smtp.received).toHaveLength(2);
  });

  it('keeps messages in the outbox when no SMTP server is configured', async () => {
    t = await buildTestApp();
    open = true;
    expect((await submit()).statusCode).toBe(201);
    expect(await t.app.mailer.flush()).toEqual({ sent: 0, retrying: 0, failed: 0 });
    expect((await outbox()).map((m) => m.status)).toEqual(['pending', 'pending']);
  });

  it('backs off exponentially up to 15 minutes', () => {
    expect([1, 2, 3, 4, 12, 30].map(retryDelayMs)).toEqual([
      5_000, 10_000, 20_000, 40_000, 900_000, 900_000,
    ]);
  });

  it('never lets two senders (two server processes) deliver the same message', async () => {
    await appWithSmtp();
    smtp.received.length = 0;
    await submit();
    const senders = [1, 2].map(
      () =>
        new OutboxSender(
          t.db,
          nodemailer.createTransport({ url: smtp.url }),
          'jobs@board.example',
          t.app.log,
          () => t.clock.now,
        ),
    );
    const [first, second] = await Promise.all(senders.map((sender) => sender.sendDue()));
    expect(first!.sent + second!.sent).toBe(2);
    expect(smtp.received).toHaveLength(2);
  });
});
