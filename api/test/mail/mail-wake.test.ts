import { VALID_SUBMISSION } from '@jobboard/contract/testing';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startFakeStripe, type FakeStripe } from '../support/fake-stripe';
import { pay, startCheckout, stripeEnv, WEBHOOK_SECRET } from '../support/payments';
import { SmtpPeer } from '../support/smtp-peer';
import { insertSubmission } from '../support/submissions';
import { buildTestApp, testDatabase, type TestApp } from '../support/test-app';
import { injectWithProof } from '../support/human-proof';

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

/**
 * Whether the message is at the SMTP peer once the background sender is idle: with a poll
 * interval of an hour, the only run that can have sent it is the one the commit woke.
 */
async function delivered(t: TestApp, to: string, subject: string): Promise<boolean> {
  await t.app.mailer.idle();
  return smtp.received.some((mail) => mail.to.includes(to) && mail.raw.includes(subject));
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
    expect(await delivered(t, 'webhook-wake@openballot.example', 'Your job is live')).toBe(true);
    // The run that sent it has recorded it as sent, too.
    const outbox = await t.db('outbox').where({ template: 'job-live' });
    expect(outbox.map((row) => row.status)).toEqual(['sent']);
  });

  it('sends the acknowledgement of a submission without waiting for the next poll', async () => {
    t = await buildTestApp({ env: { SMTP_URL: smtp.url, MAIL_POLL_SECONDS: HOUR } });
    smtp.received.length = 0;
    const res = await injectWithProof(t.app, {
      method: 'POST',
      url: '/api/submit-job-for-review',
      payload: { ...VALID_SUBMISSION, contactEmail: 'submit-wake@coastaljustice.example' },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(await delivered(t, 'submit-wake@coastaljustice.example', 'We received')).toBe(true);
  });
});
