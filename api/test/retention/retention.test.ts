import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { GLOBAL_LOCK } from '../../src/alerts/alerts-repository';
import { chunks } from '../../src/platform/db/chunks';
import { RETENTION_BATCH } from '../../src/retention/retention';
import { CONTACT_REMOVED_NOTE } from '../../src/submissions/submissions-service';
import { insertSubmission } from '../support/submissions';
import { buildTestApp, testDatabase, type TestApp } from '../support/test-app';

/**
 * The retention run (retention/retention.ts): what is past its period goes, what is just inside
 * it stays, on the app's clock; one run at a time across processes.
 */

const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;
const NOW = new Date('2026-11-26T12:00:00Z');
const now = NOW.getTime();

let t: TestApp;
let other: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ now: NOW });
  // A second API process on the same database.
  other = await buildTestApp({ sameDatabaseAs: t, now: NOW });
});
afterAll(async () => {
  await other.close();
  await t.close();
});
beforeEach(async () => {
  for (const table of ['job_alerts', 'alert_subscribe_locks', 'submission_events', 'outbox']) {
    await t.db(table).del();
  }
  await t.db('submissions').del();
  await t.db('retention_lease').update({ holder: null, acquired_at: null, expires_at: null });
});

let tokens = 0;
function alertRow(email: string, overrides: Record<string, unknown> = {}) {
  tokens += 1;
  return {
    email,
    email_key: email.toLowerCase(),
    search: '?q=organizer',
    frequency: 'daily',
    status: 'pending',
    confirm_token_hash: createHash('sha256').update(`confirm-${tokens}`).digest('hex'),
    confirm_expires_at: now,
    last_job_id: 0,
    created_at: now,
    ...overrides,
  };
}

async function insertMany(db: Knex, table: string, rows: Record<string, unknown>[]) {
  for (const part of chunks(rows, 50)) await db(table).insert(part);
}

const lockKey = (email: string) =>
  createHash('sha256').update(email.trim().toLowerCase()).digest('hex');

function message(overrides: Record<string, unknown>) {
  return {
    template: 'alert-digest',
    to_address: 'reader@example.org',
    subject: 'New jobs for you',
    text_body: 'Dear reader, here are the jobs.',
    headers: JSON.stringify({ 'List-Unsubscribe': '<https://board.example/u>' }),
    status: 'sent',
    attempts: 1,
    next_attempt_at: now,
    created_at: now - 40 * DAY,
    sent_at: now - 40 * DAY,
    ...overrides,
  };
}

describe(`retention on ${testDatabase}`, () => {
  it('deletes unconfirmed alerts past 48 hours, and only those', async () => {
    await insertMany(t.db, 'job_alerts', [
      alertRow('old@example.org', { created_at: now - 48 * HOUR - 1 }),
      alertRow('edge@example.org', { created_at: now - 48 * HOUR }),
      alertRow('young@example.org', { created_at: now - 48 * HOUR + 1 }),
      alertRow('kept@example.org', {
        created_at: now - 90 * DAY,
        status: 'confirmed',
        confirm_token_hash: null,
        confirmed_at: now - 89 * DAY,
        next_digest_at: now + DAY,
      }),
      alertRow('gone@example.org', {
        created_at: now - 90 * DAY,
        status: 'unsubscribed',
        unsubscribed_at: now - 80 * DAY,
      }),
    ]);
    const report = await t.app.retention.run();
    // (The unsubscribed one goes too: test/retention/retention-gaps.test.ts.)
    expect(report).toMatchObject({ ran: true, unconfirmedAlerts: 1, unsubscribedAlerts: 1 });
    const left = await t.db('job_alerts').orderBy('email').pluck('email');
    expect(left).toEqual(['edge@example.org', 'kept@example.org', 'young@example.org']);
  });

  it('deletes in batches until none past the period is left', async () => {
    const count = RETENTION_BATCH * 2 + 7;
    await insertMany(
      t.db,
      'job_alerts',
      Array.from({ length: count }, (_, i) =>
        alertRow(`many${i}@example.org`, { created_at: now - 3 * DAY }),
      ),
    );
    await t.db('job_alerts').insert(alertRow('fresh@example.org'));
    expect((await t.app.retention.run()).unconfirmedAlerts).toBe(count);
    expect(await t.db('job_alerts').pluck('email')).toEqual(['fresh@example.org']);
  });

  it('deletes the idle locks of addresses left with no alert, not the others', async () => {
    await t.db('job_alerts').insert(
      alertRow('Subscriber@Example.org', {
        status: 'confirmed',
        confirm_token_hash: null,
        created_at: now - 90 * DAY,
      }),
    );
    await t.db('alert_subscribe_locks').insert([
      { lock_key: lockKey('subscriber@example.org'), taken_at: now - 90 * DAY },
      { lock_key: lockKey('old-unconfirmed@example.org'), taken_at: now - 49 * HOUR },
      { lock_key: lockKey('refused@example.org'), taken_at: now - 10 * DAY },
      { lock_key: lockKey('recent@example.org'), taken_at: now - HOUR },
      { lock_key: GLOBAL_LOCK, taken_at: now - 90 * DAY },
    ]);
    await t
      .db('job_alerts')
      .insert(alertRow('old-unconfirmed@example.org', { created_at: now - 49 * HOUR }));
    const report = await t.app.retention.run();
    expect(report).toMatchObject({ unconfirmedAlerts: 1, alertLocks: 2 });
    expect((await t.db('alert_subscribe_locks').pluck('lock_key')).sort()).toEqual(
      [lockKey('subscriber@example.org'), lockKey('recent@example.org'), GLOBAL_LOCK].sort(),
    );
  });

  it('empties the bodies of e-mails sent over 30 days ago and keeps their rows', async () => {
    await t
      .db('outbox')
      .insert([
        message({ subject: 'old', sent_at: now - 30 * DAY - 1 }),
        message({ subject: 'edge', sent_at: now - 30 * DAY }),
        message({ subject: 'young', sent_at: now - 30 * DAY + 1 }),
        message({ subject: 'failed', status: 'failed', sent_at: null, last_error: 'refused' }),
        message({ subject: 'pending', status: 'pending', sent_at: null }),
      ]);
    expect((await t.app.retention.run()).emailBodies).toBe(1);
    const rows = await t.db('outbox').orderBy('id');
    expect(rows.map((row) => [row.subject, row.text_body === ''])).toEqual([
      ['old', true],
      ['edge', false],
      ['young', false],
      ['failed', false],
      ['pending', false],
    ]);
    expect(rows[0]).toMatchObject({
      to_address: 'reader@example.org',
      status: 'sent',
      headers: JSON.stringify({ 'List-Unsubscribe': '<https://board.example/u>' }),
    });
    // A second run finds nothing more to do.
    expect((await t.app.retention.run()).emailBodies).toBe(0);
  });

  it("blanks a rejected submission's contact after 180 days, keeping the submission", async () => {
    const rejectedAt = now - 180 * DAY - 1;
    const old = await insertSubmission(t.db, {
      status: 'rejected',
      status_changed_at: rejectedAt,
      review_notes: 'Not a political job',
    });
    const edge = await insertSubmission(t.db, {
      status: 'rejected',
      status_changed_at: now - 180 * DAY,
    });
    const approved = await insertSubmission(t.db, {
      status: 'approved',
      status_changed_at: now - 400 * DAY,
    });
    await t.db('outbox').insert([
      message({
        template: 'submission-rejected',
        to_address: 'Sam@OpenBallot.example',
        subject: 'Your submission',
        submission_id: old,
        sent_at: rejectedAt,
        created_at: rejectedAt,
      }),
      message({
        template: 'new-submission',
        to_address: 'admins@board.example',
        subject: 'New submission',
        text_body: 'From Sam Rivera <sam@openballot.example>',
        submission_id: old,
        sent_at: now - DAY,
        created_at: now - DAY,
      }),
      message({ template: 'submission-rejected', submission_id: approved, sent_at: now - DAY }),
    ]);

    const report = await t.app.retention.run();
    expect(report).toMatchObject({ rejectedContacts: 1 });
    const rows = await t.db('submissions').orderBy('id');
    expect(rows.map((row) => [row.id, row.contact_name, row.contact_email])).toEqual([
      [old, '', ''],
      [edge, 'Sam Rivera', 'sam@openballot.example'],
      [approved, 'Sam Rivera', 'sam@openballot.example'],
    ]);
    expect(rows[0]).toMatchObject({
      title: 'Digital Organizer',
      organization: 'Open Ballot Project',
      status: 'rejected',
      review_notes: 'Not a political job',
    });
    const mails = await t.db('outbox').orderBy('id');
    expect(mails.map((row) => [row.to_address, row.subject, row.text_body])).toEqual([
      ['', 'Your submission', ''],
      ['admins@board.example', 'New submission', ''],
      ['reader@example.org', 'New jobs for you', 'Dear reader, here are the jobs.'],
    ]);
    const events = await t.db('submission_events').where({ submission_id: old });
    expect(events).toEqual([
      expect.objectContaining({
        actor: 'system',
        to_status: 'rejected',
        note: CONTACT_REMOVED_NOTE,
      }),
    ]);
    // Blanked once: a later run finds nothing more.
    expect((await t.app.retention.run()).rejectedContacts).toBe(0);
    expect(await t.db('submission_events').where({ submission_id: old })).toHaveLength(1);
  });

  it('reads the periods from the configuration', async () => {
    const short = await buildTestApp({
      sameDatabaseAs: t,
      now: NOW,
      env: {
        RETAIN_UNCONFIRMED_ALERTS_HOURS: '1',
        RETAIN_SENT_EMAIL_BODIES_DAYS: '1',
        RETAIN_REJECTED_CONTACT_DAYS: '1',
      },
    });
    try {
      await t.db('job_alerts').insert(alertRow('hour@example.org', { created_at: now - HOUR - 1 }));
      await t.db('outbox').insert(message({ sent_at: now - DAY - 1 }));
      await insertSubmission(t.db, { status: 'rejected', status_changed_at: now - DAY - 1 });
      expect(await t.app.retention.run()).toMatchObject({
        unconfirmedAlerts: 0,
        emailBodies: 0,
        rejectedContacts: 0,
      });
      expect(await short.app.retention.run()).toMatchObject({
        unconfirmedAlerts: 1,
        emailBodies: 1,
        rejectedContacts: 1,
      });
    } finally {
      await short.close();
    }
  });

  it('runs in one process at a time: a run that finds the lease taken does nothing', async () => {
    await t.db('job_alerts').insert(alertRow('old@example.org', { created_at: now - 3 * DAY }));
    // Another process holds the lease (until well after this test).
    await t.db('retention_lease').update({
      holder: 'another-process',
      acquired_at: now,
      expires_at: now + 60 * 60_000,
    });
    expect(await t.app.retention.run()).toMatchObject({ ran: false, unconfirmedAlerts: 0 });
    expect(Number((await t.db('job_alerts').count({ n: '*' }))[0]!.n)).toBe(1);

    // Its lease ran out (the process died): the next run takes it over.
    await t.db('retention_lease').update({ expires_at: now - 1 });
    expect(await t.app.retention.run()).toMatchObject({ ran: true, unconfirmedAlerts: 1 });
  });

  it('two processes started together delete each row once, and leave the lease free', async () => {
    await t.db('job_alerts').insert(alertRow('old@example.org', { created_at: now - 3 * DAY }));
    // Whether the second finds the lease taken or comes after the first is over depends on timing
    // (the refusal itself is the test above); either way the work is done once.
    const reports = await Promise.all([t.app.retention.run(), other.app.retention.run()]);
    expect(reports.some((report) => report.ran)).toBe(true);
    expect(reports.reduce((sum, report) => sum + report.unconfirmedAlerts, 0)).toBe(1);
    expect((await other.app.retention.run()).ran).toBe(true);
  });

  it('records when a run went through (the /metrics gauge)', async () => {
    await t.app.retention.run();
    expect(await other.app.retention.lastFinishedAt()).toBe(now);
    const metrics = await t.app.metrics.registry.getSingleMetricAsString(
      'jobboard_retention_last_run_timestamp_seconds',
    );
    expect(metrics).toContain(`jobboard_retention_last_run_timestamp_seconds ${now / 1000}`);
  });
});
