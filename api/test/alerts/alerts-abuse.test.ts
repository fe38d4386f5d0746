import { ALERT_LIMITS, ALERT_MESSAGES } from '@jobboard/contract/alerts';
import { SUBMISSION_MESSAGES } from '@jobboard/contract/submissions';
import { ENDPOINTS } from '@jobboard/contract/endpoints';
import { VALID_SUBMISSION } from '@jobboard/contract/testing';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ALERT_CONFIRMATION_LINK, ALERT_MANAGE_LINK } from '../../src/alerts/alert-tokens';
import { RATE_LIMITS } from '../../src/platform/rate-limits';
import { signedIn } from '../support/admin';
import { parseMail, tokenIn } from '../support/alert-mail';
import { createJobs } from '../support/jobs';
import { SmtpPeer } from '../support/smtp-peer';
import { giveCredits } from '../support/submissions';
import { buildTestApp, testDatabase, type TestApp } from '../support/test-app';
import { injectWithProof } from '../support/human-proof';

/**
 * Issue 26, 'alerts that cannot spam': the caps hold at the same time, the confirmation e-mail
 * carries none of the caller's text, a failing digest stops nothing else, and 'Resend' never
 * mails a dead link.
 */

let smtp: SmtpPeer;
const open: TestApp[] = [];

beforeAll(async () => {
  smtp = await new SmtpPeer().start();
});
afterAll(() => smtp.stop());
afterEach(async () => {
  vi.restoreAllMocks();
  while (open.length) await open.pop()!.close();
  smtp.received.length = 0;
});

async function appWithSmtp(env: Record<string, string> = {}): Promise<TestApp> {
  const t = await buildTestApp({
    env: { SMTP_URL: smtp.url, MAIL_FROM: 'Board <jobs@board.example>', ...env },
  });
  open.push(t);
  return t;
}

const DAY_MS = 24 * 60 * 60_000;

let client = 0;
/** Each request from its own client address: the per-client limit is not what is tested here. */
function subscribe(t: TestApp, body: Record<string, unknown>) {
  client += 1;
  return injectWithProof(t.app, {
    method: 'POST',
    url: '/api/alerts',
    payload: body,
    remoteAddress: `198.18.${Math.floor(client / 250) % 250}.${(client % 250) + 1}`,
  });
}

async function followSearch(t: TestApp, email: string, search: string): Promise<void> {
  expect((await subscribe(t, { email, frequency: 'daily', search })).statusCode).toBe(201);
  await t.app.mailer.flush();
  const mail = smtp.received.filter((m) => m.to.includes(email)).at(-1)!;
  const token = tokenIn(parseMail(mail).body, 'confirm');
  const res = await t.app.inject({ method: 'POST', url: `/api/alerts/${token}/confirm` });
  expect(res.statusCode).toBe(200);
}

describe(`alerts that cannot spam on ${testDatabase}`, () => {
  it('gives exactly the per-address cap to 20 subscriptions for one address at once', async () => {
    const t = await appWithSmtp({ MAIL_POLL_SECONDS: '0' });
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        subscribe(t, {
          email: i % 2 ? 'Crowd@Example.org' : 'crowd@example.org',
          frequency: 'daily',
          search: `?q=word${i}`,
        }),
      ),
    );
    const codes = answers.map((res) => res.statusCode);
    expect(codes.filter((code) => code === 201)).toHaveLength(
      RATE_LIMITS.alertConfirmationsPerAddress.max,
    );
    expect(codes.filter((code) => code === 429)).toHaveLength(
      20 - RATE_LIMITS.alertConfirmationsPerAddress.max,
    );
    for (const res of answers.filter((r) => r.statusCode === 429)) {
      expect(res.json().message).toBe(ALERT_MESSAGES.tooManyForAddress(60));
    }
    expect(await t.db('job_alerts')).toHaveLength(RATE_LIMITS.alertConfirmationsPerAddress.max);
    expect(await t.db('outbox').where({ template: 'alert-confirm' })).toHaveLength(
      RATE_LIMITS.alertConfirmationsPerAddress.max,
    );
  });

  it('stops confirmation e-mails at the daily cap: try again tomorrow, nothing saved', async () => {
    const t = await appWithSmtp({ ALERT_CONFIRMATIONS_PER_DAY: '2', MAIL_POLL_SECONDS: '0' });
    // At the same time too: the cap is counted under a lock.
    const first = await Promise.all(
      ['a', 'b', 'c', 'd'].map((who) =>
        subscribe(t, { email: `${who}@example.org`, frequency: 'daily', search: '' }),
      ),
    );
    expect(first.map((r) => r.statusCode).sort()).toEqual([201, 201, 429, 429]);
    const refused = first.find((r) => r.statusCode === 429)!;
    expect(refused.json()).toEqual({ message: ALERT_MESSAGES.dailyCapReached });
    expect(Number(refused.headers['retry-after'])).toBe(24 * 60 * 60);
    expect(await t.db('job_alerts')).toHaveLength(2);
    expect(await t.db('outbox')).toHaveLength(2);

    t.clock.now = new Date(t.clock.now.getTime() + DAY_MS - 1);
    const later = await subscribe(t, { email: 'e@example.org', frequency: 'daily', search: '' });
    expect(later.statusCode).toBe(429);
    t.clock.now = new Date(t.clock.now.getTime() + 1);
    const tomorrow = await subscribe(t, { email: 'e@example.org', frequency: 'daily', search: '' });
    expect(tomorrow.statusCode).toBe(201);
  });

  it("answers 400, not 500, for an address whose lower case is too long (both tables' paths)", async () => {
    const t = await appWithSmtp({ MAIL_POLL_SECONDS: '0' });
    // 252 characters as typed; 'İ' lower-cases to two, so 492 as the key an address is found by.
    const email = `${'İ'.repeat(240)}@example.org`;
    expect(email.length).toBeLessThanOrEqual(ALERT_LIMITS.email);
    expect(email.toLowerCase().length).toBeGreaterThan(ALERT_LIMITS.email);

    const alert = await subscribe(t, { email, frequency: 'daily', search: '' });
    expect(alert.statusCode).toBe(400);
    expect(alert.json().fields.email).toBe(ALERT_MESSAGES.email);
    expect(await t.db('job_alerts')).toEqual([]);

    // The submission's contact address is what listing_credits keys a buyer's credits by.
    const submission = await injectWithProof(t.app, {
      method: 'POST',
      url: ENDPOINTS.submitJob.path,
      payload: { ...VALID_SUBMISSION, contactEmail: email },
    });
    expect(submission.statusCode).toBe(400);
    expect(submission.json().fields.contactEmail).toBe(SUBMISSION_MESSAGES.contactEmail);

    // The longest key that fits is still taken, in both places.
    const fits = `${'İ'.repeat(121)}@example.org`;
    expect(fits.toLowerCase()).toHaveLength(ALERT_LIMITS.email);
    expect((await subscribe(t, { email: fits, frequency: 'daily', search: '' })).statusCode).toBe(
      201,
    );
    const accepted = await injectWithProof(t.app, {
      method: 'POST',
      url: ENDPOINTS.submitJob.path,
      payload: { ...VALID_SUBMISSION, contactEmail: fits },
    });
    expect(accepted.statusCode, accepted.body).toBe(201);
    await giveCredits(t.db, {
      email: fits,
      source: Number((await t.db('submissions').first('id')).id),
      remaining: 1,
    });
  });

  it("puts none of the caller's links, line breaks or made-up labels in the confirmation", async () => {
    const t = await appWithSmtp();
    await createJobs(t.app, [{ title: 'Grants Writer', remote: true }]);
    const q = 'free money\r\nhttps://evil.example/x then www.evil.example or evil.example/win x';
    const search = new URLSearchParams({
      q: `${q}${' padding'.repeat(20)}`,
      location: 'Click https://evil.example/loc',
      category: 'Visit evil.example',
      remote: 'true',
    });
    const res = await subscribe(t, {
      email: 'relay@example.org',
      frequency: 'daily',
      search: `?${search}`,
    });
    expect(res.statusCode).toBe(201);
    await t.app.mailer.flush();
    const { headers, body } = parseMail(smtp.received.at(-1)!);
    // (The links' random tokens left out: they could spell anything.)
    const mail = `${headers}\n${body}`.replace(/token=[\w-]+/g, 'token=');
    expect(mail).not.toMatch(/evil|Click https|Visit/);
    const links = body.match(/https?:\/\/\S+/g) ?? [];
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) expect(link).toMatch(/^http:\/\/localhost:3000\/alerts\//);
    const description = body.split('\n').find((line) => line.startsWith('"'))!;
    expect(description).toMatch(/^"free money then or x padding[^"]*…" · Remote$/);
    expect([...description.split('"')[1]!]).toHaveLength(ALERT_LIMITS.describedQuery);

    // The alert's page describes it in the same words.
    const view = await t.app.inject(`/api/alerts/${tokenIn(body, 'unsubscribe')}`);
    expect(view.json().description).toBe(description);
  });

  it('marks a failing alert failed, sends the others, and retries it later with backoff', async () => {
    const t = await appWithSmtp({ MAIL_POLL_SECONDS: '0' });
    await followSearch(t, 'first@example.org', '?q=grants');
    await followSearch(t, 'second@example.org', '?q=grants');
    await createJobs(t.app, [{ title: 'Grants Officer' }]);
    t.clock.now = new Date(t.clock.now.getTime() + DAY_MS);
    const findNew = t.app.publicReads.findNew.bind(t.app.publicReads);
    const spy = vi
      .spyOn(t.app.publicReads, 'findNew')
      .mockRejectedValueOnce(new Error('search index gone'));

    expect(await t.app.alertDigests.run()).toEqual({ checked: 1, sent: 1, skipped: 0, failed: 1 });
    const failedRow = await t.db('job_alerts').where({ email: 'first@example.org' }).first();
    expect(Number(failedRow.digest_failures)).toBe(1);
    expect(failedRow.lease_until).toBeNull();
    expect(Number(failedRow.next_digest_at)).toBe(t.clock.now.getTime() + 5 * 60_000);
    const digests = () => t.db('outbox').where({ template: 'alert-digest' }).orderBy('id');
    expect((await digests()).map((m) => m.to_address)).toEqual(['second@example.org']);

    // Not before its backoff; then it fails again (twice as long), then goes through.
    expect(await t.app.alertDigests.run()).toMatchObject({ checked: 0, failed: 0 });
    t.clock.now = new Date(t.clock.now.getTime() + 5 * 60_000);
    spy.mockRejectedValueOnce(new Error('still gone'));
    expect(await t.app.alertDigests.run()).toMatchObject({ failed: 1, sent: 0 });
    const again = await t.db('job_alerts').where({ email: 'first@example.org' }).first();
    expect(Number(again.digest_failures)).toBe(2);
    expect(Number(again.next_digest_at)).toBe(t.clock.now.getTime() + 10 * 60_000);
    t.clock.now = new Date(t.clock.now.getTime() + 10 * 60_000);
    spy.mockImplementation(findNew);
    expect(await t.app.alertDigests.run()).toEqual({ checked: 1, sent: 1, skipped: 0, failed: 0 });
    const sent = await t.db('job_alerts').where({ email: 'first@example.org' }).first();
    expect(Number(sent.digest_failures)).toBe(0);
    expect((await digests()).map((m) => m.to_address)).toEqual([
      'second@example.org',
      'first@example.org',
    ]);
  });

  it("refuses to 'Resend' a given-up digest or confirmation: their links are not kept", async () => {
    const t = await appWithSmtp({ MAIL_POLL_SECONDS: '0' });
    await followSearch(t, 'reader@example.org', '?q=grants');
    await createJobs(t.app, [{ title: 'Grants Officer' }]);
    await t.app.alertDigests.run({ force: true });
    await subscribe(t, { email: 'new@example.org', frequency: 'daily', search: '' });
    const given = await t
      .db('outbox')
      .whereIn('template', ['alert-digest', 'alert-confirm'])
      .andWhere('status', 'pending')
      .orderBy('id');
    expect(given.map((row) => row.template)).toEqual(['alert-digest', 'alert-confirm']);
    // Given up, their links taken out as the sender does (only their hashes are kept: a copy
    // with a working link would be a clear token in the database).
    for (const row of given) {
      await t.app.outbox.markAttemptFailed(Number(row.id), {
        failed: true,
        nextAttemptAt: t.clock.now.getTime(),
        error: '550',
        textBody: t.app.secretLinks.redactSentMail(row.text_body),
        headers: t.app.secretLinks.redactSentMail(row.headers),
      });
    }
    const [digest, confirmation] = given.map((row) => Number(row.id));

    const admin = await signedIn(t);
    const listed = (await admin({ url: '/api/admin/emails?status=failed&pageSize=100' })).json();
    const resendable = (id: number) =>
      listed.emails.find((e: { id: string }) => e.id === String(id)).resendable;
    expect(resendable(digest!)).toBe(false);
    expect(resendable(confirmation!)).toBe(false);

    const resend = (id: number) => admin({ method: 'POST', url: `/api/admin/emails/${id}/resend` });
    const refusedDigest = await resend(digest!);
    expect(refusedDigest.statusCode).toBe(409);
    const manage = ALERT_MANAGE_LINK.sentMail;
    expect(refusedDigest.json().message).toBe(manage.redact && manage.resendRefusal);
    const refusedConfirmation = await resend(confirmation!);
    expect(refusedConfirmation.statusCode).toBe(409);
    const { sentMail } = ALERT_CONFIRMATION_LINK;
    expect(refusedConfirmation.json().message).toBe(sentMail.redact && sentMail.resendRefusal);
    const statuses = await t.db('outbox').whereIn('id', [digest!, confirmation!]);
    expect(statuses.map((row) => row.status)).toEqual(['failed', 'failed']);
  });

  it('changes nothing on a GET of a confirm or unsubscribe link; the one-click POST acts', async () => {
    const t = await appWithSmtp();
    expect(
      (await subscribe(t, { email: 'scan@example.org', frequency: 'daily', search: '' }))
        .statusCode,
    ).toBe(201);
    await t.app.mailer.flush();
    const body = parseMail(smtp.received.at(-1)!).body;
    const confirm = tokenIn(body, 'confirm');
    const manage = tokenIn(body, 'unsubscribe');
    for (const url of [
      `/alerts/confirm?token=${confirm}`,
      `/alerts/unsubscribe?token=${manage}`,
      `/api/alerts/${confirm}/confirm`,
      `/api/alerts/${manage}/unsubscribe`,
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).not.toBe(500);
    }
    expect((await t.db('job_alerts').first()).status).toBe('pending');
    const oneClick = await t.app.inject({
      method: 'POST',
      url: `/alerts/unsubscribe?token=${manage}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode).toBe(200);
    expect((await t.db('job_alerts').first()).status).toBe('unsubscribed');
  });
});
