import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ALERT_LINK_DAYS } from '../../src/alerts/alert-tokens';
import { RESEND_MESSAGES } from '../../src/backoffice/emails';
import { signedIn } from '../support/admin';
import { createJobs } from '../support/jobs';
import { insertSubmission } from '../support/submissions';
import { buildTestApp, testDatabase, type TestApp } from '../support/test-app';

/**
 * Retention's gaps (issue 43, finding 15), each on the app's clock: an unsubscribed alert is
 * deleted (docs/product.md#privacy keeps an alert "until it is unsubscribed"), a sent e-mail's
 * recipient and headers are not kept for ever, and the logo a junk submission uploaded stops being
 * served once its retention period is over.
 */

const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;
const NOW = new Date('2026-11-26T12:00:00Z');
const now = NOW.getTime();

let t: TestApp;
beforeEach(async () => {
  t = await buildTestApp({ now: NOW });
});
afterEach(() => t.close());

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** A confirmed alert with one link (its token's hash stored, queued at `linkAt`). */
async function alertWithLink(
  email: string,
  token: string,
  overrides: Record<string, unknown> = {},
  linkAt = now - DAY,
): Promise<number> {
  const [row] = await t
    .db('job_alerts')
    .insert({
      email,
      email_key: email,
      search: '?q=grants',
      frequency: 'daily',
      status: 'confirmed',
      last_job_id: 0,
      next_digest_at: now + DAY,
      created_at: now - 10 * DAY,
      confirmed_at: now - 10 * DAY,
      ...overrides,
    })
    .returning('id');
  const id = Number(typeof row === 'object' ? row.id : row);
  await t
    .db('job_alert_links')
    .insert({ token_hash: sha256(token), alert_id: id, created_at: linkAt });
  return id;
}

describe(`retention's gaps on ${testDatabase}`, () => {
  it('deletes an alert once it is unsubscribed, with its links; a live one stays', async () => {
    const live = 'L'.repeat(43);
    const stopping = 'S'.repeat(43);
    await alertWithLink('live@example.org', live);
    await alertWithLink('stopping@example.org', stopping);
    // Unsubscribed from its e-mail's link, on the app's clock.
    const stopped = await t.app.inject({
      method: 'POST',
      url: `/api/alerts/${stopping}/unsubscribe`,
    });
    expect(stopped.json().status).toBe('unsubscribed');

    t.clock.now = new Date(now + HOUR);
    const report = await t.app.retention.run();
    expect(report).toMatchObject({ unsubscribedAlerts: 1 });
    expect(await t.db('job_alerts').pluck('email')).toEqual(['live@example.org']);
    expect(await t.db('job_alert_links').pluck('token_hash')).toEqual([sha256(live)]);
    expect((await t.app.inject(`/api/alerts/${stopping}`)).statusCode).toBe(404);
    expect((await t.app.inject(`/api/alerts/${live}`)).statusCode).toBe(200);
    expect((await t.app.retention.run()).unsubscribedAlerts).toBe(0);
  });

  it(`ends an alert's links ${ALERT_LINK_DAYS} days after their e-mail, and deletes them`, async () => {
    const old = 'O'.repeat(43);
    const recent = 'R'.repeat(43);
    const id = await alertWithLink('reader@example.org', old, {}, now - ALERT_LINK_DAYS * DAY - 1);
    await t.db('job_alert_links').insert({
      token_hash: sha256(recent),
      alert_id: id,
      created_at: now - ALERT_LINK_DAYS * DAY,
    });
    expect((await t.app.inject(`/api/alerts/${old}`)).statusCode).toBe(404);
    expect((await t.app.inject(`/api/alerts/${recent}`)).statusCode).toBe(200);
    expect((await t.app.retention.run()).expiredAlertLinks).toBe(1);
    expect(await t.db('job_alert_links').pluck('token_hash')).toEqual([sha256(recent)]);
    expect(await t.db('job_alerts').pluck('email')).toEqual(['reader@example.org']);
  });

  it("blanks a sent or given-up e-mail's recipient, headers and body after 90 days; keeps what counts", async () => {
    const message = (subject: string, overrides: Record<string, unknown>) => ({
      template: 'application-relayed',
      to_address: 'employer@example.org',
      subject,
      text_body: 'Rosa applied: rosa@applicant.example',
      headers: JSON.stringify({ 'Reply-To': 'rosa@applicant.example' }),
      status: 'sent',
      attempts: 1,
      next_attempt_at: now,
      created_at: now - 100 * DAY,
      sent_at: now - 90 * DAY - 1,
      ...overrides,
    });
    await t
      .db('outbox')
      .insert([
        message('old', {}),
        message('edge', { sent_at: now - 90 * DAY }),
        message('given up', { status: 'failed', sent_at: null, created_at: now - 90 * DAY - 1 }),
        message('given up lately', { status: 'failed', sent_at: null, created_at: now - DAY }),
        message('waiting', { status: 'pending', sent_at: null, created_at: now - 100 * DAY }),
      ]);
    expect((await t.app.retention.run()).emailRecipients).toBe(2);
    const rows = await t.db('outbox').orderBy('id');
    const forgotten = (row: Record<string, unknown>) =>
      row.to_address === '' && row.headers === null && row.text_body === '';
    expect(rows.map((row) => [row.subject, forgotten(row)])).toEqual([
      ['old', true],
      ['edge', false],
      ['given up', true],
      ['given up lately', false],
      ['waiting', false],
    ]);
    // What the timelines and counts read stays.
    expect(rows[0]).toMatchObject({
      template: 'application-relayed',
      status: 'sent',
      created_at: expect.anything(),
    });
    expect(Number(rows[0].sent_at)).toBe(now - 90 * DAY - 1);
    expect(JSON.stringify(rows[0])).not.toContain('applicant.example');
    // A given-up message without its recipient cannot be sent again.
    const admin = await signedIn(t);
    const resend = await admin({ method: 'POST', url: `/api/admin/emails/${rows[2].id}/resend` });
    expect(resend.statusCode).toBe(409);
    expect(resend.json().message).toBe(RESEND_MESSAGES.recipientRemoved);
    expect((await t.app.retention.run()).emailRecipients).toBe(0);
  });

  it("deletes a junk submission's uploaded logo with its retention: its URL 404s, a live job's stays", async () => {
    const picture = (r: number) =>
      sharp({ create: { width: 64, height: 64, channels: 3, background: { r, g: 80, b: 200 } } })
        .png()
        .toBuffer();
    // Uploaded with the submission form long ago (the app's clock then).
    t.clock.now = new Date(now - 400 * DAY);
    const [rejected, unpaid, stillPayable, shared] = [
      await t.app.logos.storeUpload(await picture(10)),
      await t.app.logos.storeUpload(await picture(60)),
      await t.app.logos.storeUpload(await picture(110)),
      await t.app.logos.storeUpload(await picture(160)),
    ];
    t.clock.now = NOW;
    const path = (hash: string) => `/logos/${hash}.png`;
    const junkSince = now - 180 * DAY - 1;
    await insertSubmission(t.db, {
      status: 'rejected',
      status_changed_at: junkSince,
      company_logo_url: path(rejected),
    });
    await insertSubmission(t.db, {
      status: 'approved',
      status_changed_at: now - 200 * DAY,
      payment_token_expires_at: junkSince,
      company_logo_url: path(unpaid),
    });
    await insertSubmission(t.db, {
      status: 'approved',
      status_changed_at: now - 200 * DAY,
      payment_token_expires_at: now + DAY,
      company_logo_url: path(stillPayable),
    });
    // A rejected submission whose logo a live job's company shows too: the job keeps it.
    await insertSubmission(t.db, {
      status: 'rejected',
      status_changed_at: junkSince,
      company_logo_url: path(shared),
    });
    await createJobs(t.app, [{ title: 'Organizer', organization: 'Shown Org' }]);
    await t
      .db('companies')
      .where({ name: 'Shown Org' })
      .update({ logo_hash: shared, logo_url: path(shared) });

    for (const hash of [rejected, unpaid, stillPayable, shared]) {
      expect((await t.app.inject(path(hash))).statusCode).toBe(200);
    }
    const report = await t.app.retention.run();
    expect(report).toMatchObject({ junkLogos: 3, unusedLogoUploads: 2 });
    expect((await t.app.inject(path(rejected))).statusCode).toBe(404);
    expect((await t.app.inject(path(unpaid))).statusCode).toBe(404);
    expect((await t.app.inject(path(stillPayable))).statusCode).toBe(200);
    expect((await t.app.inject(path(shared))).statusCode).toBe(200);
    const named = await t.db('submissions').orderBy('id').pluck('company_logo_url');
    expect(named).toEqual([null, null, path(stillPayable), null]);
    // No live job points at a deleted logo.
    const shownHashes = await t.db('companies').whereNotNull('logo_hash').pluck('logo_hash');
    expect(shownHashes).not.toContain(rejected);
    expect(shownHashes).not.toContain(unpaid);
    expect((await t.app.retention.run()).junkLogos).toBe(0);
  });
});
