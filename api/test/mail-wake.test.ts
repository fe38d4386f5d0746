import { VALID_SUBMISSION } from '@jobboard/contract/testing';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startFakeStripe, type FakeStripe } from './support/fake-stripe';
import { pay, startCheckout, stripeEnv, WEBHOOK_SECRET } from './support/payments';
import { SmtpPeer } from './support/smtp-peer';
import { insertSubmission } from './support/submissions';
import { buildTestApp, testDatabase, type TestApp } from './support/test-app';

/**
 * `app.outbox.enqueue(trx, ...)` wakes the background sender once the transaction has committed,
 * on every path: with a poll interval of an hour, a message still leaves within moments.
 */
let smtp: SmtpPeer;
let stripe: FakeStripe;
let t: TestApp;

beforeAll(async () => {
  smtp = await new SmtpPeer().start();
  stripe = await startFakeStripe({ webhookSecret: WEBHOOK_SECRET });
});
afterAll(async () => {
  await smtp.stop();
  await stripe.close();
});
afterEach(() => t.close());

const HOUR = '3600';
/** Far below the poll interval: the message went out because the sender was woken. */
const PROMPTLY_MS = 5_000;

async function delivered(to: string, subject: string): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < PROMPTLY_MS) {
    if (smtp.received.some((mail) => mail.to.includes(to) && mail.raw.includes(subject))) {
      return Date.now() - started;
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`no "${subject}" e-mail to ${to} within ${PROMPTLY_MS} ms`);
}

describe(`the sender wakes after the commit that queued a message on ${testDatabase}`, () => {
  it('sends the job-live e-mail of a Stripe webhook without waiting for the next poll', async () => {
    t = await buildTestApp({
      env: { ...stripeEnv(stripe), SMTP_URL: smtp.url, MAIL_POLL_SECONDS: HOUR },
    });
    const id = await insertSubmission(t.db, { contact_email: 'webhook-wake@openballot.example' });
    const { token } = await t.app.payments.issueLink(t.db, id, t.clock.now);
    const session = await startCheckout(t, stripe, token);
    smtp.received.length = 0;
    await pay(t, stripe, session);
    expect(await delivered('webhook-wake@openballot.example', 'Your job is live')).toBeLessThan(
      PROMPTLY_MS,
    );
    // The SMTP peer has the message a moment before the sender records it as sent.
    await vi.waitFor(async () => {
      const outbox = await t.db('outbox').where({ template: 'job-live' });
      expect(outbox.map((row) => row.status)).toEqual(['sent']);
    });
  });

  it('sends the acknowledgement of a submission without waiting for the next poll', async () => {
    t = await buildTestApp({ env: { SMTP_URL: smtp.url, MAIL_POLL_SECONDS: HOUR } });
    smtp.received.length = 0;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/submit-job-for-review',
      payload: { ...VALID_SUBMISSION, contactEmail: 'submit-wake@coastaljustice.example' },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(await delivered('submit-wake@coastaljustice.example', 'We received')).toBeLessThan(
      PROMPTLY_MS,
    );
  });
});
