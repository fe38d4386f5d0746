import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { VALID_SUBMISSION } from '@jobboard/contract/testing';
import nodemailer from 'nodemailer';
import { LEASE_MS, MAX_ATTEMPTS, OutboxSender, retryDelayMs } from '../../src/mail/outbox-sender';
import { SmtpPeer } from '../support/smtp-peer';
import { buildTestApp, testDatabase, type TestApp } from '../support/test-app';
import { injectWithProof } from '../support/human-proof';

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
  smtp.refused.clear();
  logLines.length = 0;
});

/** The app's log lines (JSON), for the tests that check what is logged. */
const logLines: string[] = [];
const logged = (text: string) => logLines.filter((line) => line.includes(text));

async function appWithSmtp(env: Record<string, string> = {}) {
  open = true;
  t = await buildTestApp({
    env: {
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Nonprofit Comms Jobs <jobs@board.example>',
      ADMIN_EMAIL: 'review@board.example',
      ...env,
    },
    logStream: { write: (line) => void logLines.push(line) },
  });
  return t;
}

const submit = () =>
  injectWithProof(t.app, {
    method: 'POST',
    url: '/api/submit-job-for-review',
    payload: VALID_SUBMISSION,
  });
const outbox = () => t.db('outbox').orderBy('id');

describe(`e-mail through the outbox on ${testDatabase}`, () => {
  it('delivers both messages to a real SMTP server: the reference to the contact, the job to the admins', async () => {
    await appWithSmtp();
    smtp.received.length = 0;
    const res = await submit();
    expect(res.statusCode).toBe(201);
    expect(await t.app.mailer.flush()).toEqual({ sent: 2, retrying: 0, failed: 0 });

    // Sent side by side (one per pooled connection), so in either order.
    const to = (address: string) => smtp.received.find((mail) => mail.to.includes(address));
    const received = to('hiring@coastaljusticefund.org');
    const notice = to('review@board.example');
    expect(smtp.received).toHaveLength(2);
    for (const mail of smtp.received) expect(mail.from).toBe('jobs@board.example');
    // The acknowledgement names the reference only, never what was submitted.
    expect(received!.raw).toContain(`reference #${res.json().id}`);
    expect(received!.raw).not.toContain('Communications Director');
    expect(notice!.raw).toContain('Communications Director');
    expect(notice!.raw).toContain('Jordan Lee <hiring@coastaljusticefund.org>');
    expect((await outbox()).map((m) => m.status)).toEqual(['sent', 'sent']);
    // Sent means sent: a second run sends nothing again.
    expect(await t.app.mailer.flush()).toEqual({ sent: 0, retrying: 0, failed: 0 });
    expect(smtp.received).toHaveLength(2);
  });

  it('sends several messages at once over a pool of SMTP_MAX_CONNECTIONS connections, closed when the app closes', async () => {
    await appWithSmtp({ SMTP_MAX_CONNECTIONS: '2' });
    smtp.received.length = 0;
    smtp.maxConcurrentMessages = 0;
    // The server accepts messages only two at a time: a sender that sends one after the other
    // would never get there.
    smtp.holdUntilTogether = 2;
    const before = smtp.connections;
    // Three submissions from three clients (the rate limit is per address): six messages.
    for (const remoteAddress of ['198.51.100.1', '198.51.100.2', '198.51.100.3']) {
      const res = await injectWithProof(t.app, {
        method: 'POST',
        url: '/api/submit-job-for-review',
        payload: VALID_SUBMISSION,
        remoteAddress,
      });
      expect(res.statusCode).toBe(201);
    }
    try {
      expect(await t.app.mailer.flush()).toEqual({ sent: 6, retrying: 0, failed: 0 });
    } finally {
      smtp.holdUntilTogether = 0;
    }
    expect(smtp.received).toHaveLength(6);
    // Two connections for all six (a transport without a pool opens one per message), both busy
    // at once.
    expect(smtp.connections - before).toBe(2);
    expect(smtp.maxConcurrentMessages).toBe(2);
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

  it('keeps waiting for a server that is down, past the attempts after which a refusal is given up', async () => {
    await appWithSmtp();
    smtp.received.length = 0;
    await submit();
    await t.db('outbox').update({ attempts: MAX_ATTEMPTS + 5 });
    await smtp.stop();
    try {
      expect(await t.app.mailer.flush()).toEqual({ sent: 0, retrying: 2, failed: 0 });
    } finally {
      await smtp.start();
    }
    expect((await outbox()).map((m) => m.status)).toEqual(['pending', 'pending']);
    t.clock.now = new Date(t.clock.now.getTime() + retryDelayMs(MAX_ATTEMPTS + 6));
    expect(await t.app.mailer.flush()).toEqual({ sent: 2, retrying: 0, failed: 0 });
  });

  it('gives up a message the server keeps refusing after the last attempt, and logs it', async () => {
    await appWithSmtp();
    smtp.received.length = 0;
    smtp.refused.add('hiring@coastaljusticefund.org');
    await submit();
    expect(await t.app.mailer.flush()).toEqual({ sent: 1, retrying: 1, failed: 0 });
    let [refused] = await outbox();
    expect(refused).toMatchObject({ status: 'pending', attempts: 1 });
    expect(refused.last_error).toContain('550 No such mailbox');

    await t
      .db('outbox')
      .where({ id: refused.id })
      .update({ attempts: MAX_ATTEMPTS - 1 });
    t.clock.now = new Date(t.clock.now.getTime() + retryDelayMs(1));
    expect(await t.app.mailer.flush()).toEqual({ sent: 0, retrying: 0, failed: 1 });
    [refused] = await outbox();
    expect(refused).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS });
    expect(logged('e-mail given up')).toHaveLength(1);

    // Failed means no more attempts.
    t.clock.now = new Date(t.clock.now.getTime() + 24 * 3_600_000);
    expect(await t.app.mailer.flush()).toEqual({ sent: 0, retrying: 0, failed: 0 });
    expect(smtp.received.map((m) => m.to)).toEqual([['review@board.example']]);
  });

  it('sends a message whose sender died mid-send once its lease is over', async () => {
    await appWithSmtp();
    smtp.received.length = 0;
    await submit();
    // What a claim leaves behind when the process dies before it can record the outcome.
    await t.db('outbox').update({ attempts: 1, next_attempt_at: t.clock.now.getTime() + LEASE_MS });
    expect(await t.app.mailer.flush()).toEqual({ sent: 0, retrying: 0, failed: 0 });
    t.clock.now = new Date(t.clock.now.getTime() + LEASE_MS);
    expect(await t.app.mailer.flush()).toEqual({ sent: 2, retrying: 0, failed: 0 });
    expect(smtp.received).toHaveLength(2);
  });

  it('sends in the background right after a submission, and closes without waiting for its next poll', async () => {
    // An hour between polls: were close to wait for the next one, the test would time out.
    await appWithSmtp({ MAIL_POLL_SECONDS: '3600' });
    smtp.received.length = 0;
    expect((await submit()).statusCode).toBe(201);
    // The commit woke the sender: its run is over once it is idle, without a flush of ours.
    await t.app.mailer.idle();
    expect(smtp.received).toHaveLength(2);
    expect((await outbox()).every((m) => m.status === 'sent')).toBe(true);
    open = false;
    await t.close();
  });

  it('keeps messages in the outbox when no SMTP server is configured, logging each once', async () => {
    t = await buildTestApp({ logStream: { write: (line) => void logLines.push(line) } });
    open = true;
    expect((await submit()).statusCode).toBe(201);
    // More than one batch: every message is logged, not only the oldest ones.
    for (let i = 0; i < 30; i += 1) {
      await t.app.outbox.enqueue(
        t.db,
        { template: 'test', to: `reader${i}@board.example`, subject: `Note ${i}`, text: 'secret' },
        t.clock.now,
      );
    }
    expect(await t.app.mailer.flush()).toEqual({ sent: 0, retrying: 0, failed: 0 });
    expect(await t.app.mailer.flush()).toEqual({ sent: 0, retrying: 0, failed: 0 });
    expect((await outbox()).every((m) => m.status === 'pending')).toBe(true);
    const lines = logged('SMTP_URL is not set');
    expect(lines).toHaveLength(32);
    expect(lines[0]).toContain('We received your job submission (reference #');
    expect(lines[0]).toContain('hiring@coastaljusticefund.org');
    expect(lines.join('')).not.toContain('secret');
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
          t.app.outbox,
          nodemailer.createTransport({ url: smtp.url }),
          'jobs@board.example',
          t.app.log,
          () => t.clock.now,
          t.app.secretLinks,
        ),
    );
    const [first, second] = await Promise.all(senders.map((sender) => sender.sendDue()));
    expect(first!.sent + second!.sent).toBe(2);
    expect(smtp.received).toHaveLength(2);
  });
});
