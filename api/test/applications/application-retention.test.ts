import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chunks } from '../../src/platform/db/chunks';
import { RETENTION_BATCH } from '../../src/retention/retention';
import { APPLICANT, apply, jobTakingApplications, RESUMES } from '../support/applications';
import { buildTestApp, testDatabase, type TestApp } from '../support/test-app';

/**
 * Applications are deleted APPLICATION_RETENTION_DAYS (180 by default) after their listing ended
 * (jobs/listing-end.ts: its expiry or its application deadline), by the retention run, which says
 * how many in its report, its log line and /metrics. A listing switched off has not ended, and a
 * live one never; on the app's clock, moved by the test.
 */

const DAY = 24 * 60 * 60_000;
const NOW = Date.parse('2026-11-22T12:00:00Z');
/** When the two ended listings end: the deadline day 21 November is over at this instant. */
const ENDED = Date.parse('2026-11-22T00:00:00Z');
const TOKEN = 'metrics-token-for-the-retention-test';

let t: TestApp;
const lines: string[] = [];
let n = 0;
const from = () => ({ remoteAddress: `198.51.100.${(n += 1) % 250}` });

beforeAll(async () => {
  t = await buildTestApp({
    now: new Date(NOW),
    env: { METRICS_TOKEN: TOKEN },
    logStream: { write: (line) => void lines.push(line) },
  });
});
afterAll(() => t.close());

async function applications(jobId: number, count: number): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const who = { ...APPLICANT, email: `keep${(n += 1)}@retention.example` };
    const res = await apply(t, jobId, who, undefined, from());
    expect(res.statusCode, res.body).toBe(201);
    ids.push(Number(res.json().id));
  }
  return ids;
}

const left = async (ids: number[]) => ({
  applications: (await t.db('applications').whereIn('id', ids)).length,
  resumes: (await t.db('application_files').whereIn('application_id', ids)).length,
});

async function scrapedRemoved(): Promise<number> {
  const res = await t.app.inject({
    url: '/metrics',
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  expect(res.statusCode).toBe(200);
  const line = res.body
    .split('\n')
    .find((l) => l.startsWith('jobboard_retention_removed_total{what="expired_applications"}'));
  expect(line, 'the expired applications series').toBeDefined();
  return Number(line!.split(' ').at(-1));
}

describe(`the retention of applications on ${testDatabase}`, () => {
  it('deletes them and their résumés 180 days after their listing ended, not a day before', async () => {
    const expiredJob = await jobTakingApplications(t);
    const deadlineJob = await jobTakingApplications(t);
    const liveJob = await jobTakingApplications(t);
    const switchedOffJob = await jobTakingApplications(t);
    const expired = await applications(expiredJob, 2);
    const pastDeadline = await applications(deadlineJob, 1);
    const live = await applications(liveJob, 1);
    const switchedOff = await applications(switchedOffJob, 1);
    // Then the listings end: one's term ran out, one's deadline passed, one was switched off.
    await t.db('jobs').where({ id: expiredJob }).update({ expires_at: ENDED });
    await t
      .db('jobs')
      .where({ id: deadlineJob })
      .update({ deadline: '2026-11-21', deadline_ends_at: ENDED });
    await t.db('jobs').where({ id: switchedOffJob }).update({ active: false });
    const before = await scrapedRemoved();

    t.clock.now = new Date(ENDED + 179 * DAY);
    expect((await t.app.retention.run()).expiredApplications).toBe(0);
    expect(await left([...expired, ...pastDeadline])).toEqual({ applications: 3, resumes: 3 });

    t.clock.now = new Date(ENDED + 180 * DAY);
    const report = await t.app.retention.run();
    expect(report).toMatchObject({ ran: true, expiredApplications: 3 });
    expect(await left([...expired, ...pastDeadline])).toEqual({ applications: 0, resumes: 0 });
    // A live listing's and a switched-off one's stay.
    expect(await left([...live, ...switchedOff])).toEqual({ applications: 2, resumes: 2 });

    // The run says so in its log line and in /metrics.
    const logged = lines
      .map((line) => JSON.parse(line) as { msg: string; expiredApplications?: number })
      .filter((line) => line.msg === 'retention run: data past its period removed');
    expect(logged.at(-1)).toMatchObject({ expiredApplications: 3 });
    expect(await scrapedRemoved()).toBe(before + 3);
  });

  it('deletes them in batches until none past the period is left', async () => {
    t.clock.now = new Date(NOW);
    const jobId = await jobTakingApplications(t);
    const count = RETENTION_BATCH + 7;
    const rows = Array.from({ length: count }, (_, i) => ({
      job_id: jobId,
      name: `Applicant ${i}`,
      email: `many${i}@retention.example`,
      email_key: `many${i}@retention.example`,
      links: '[]',
      cover_note: 'Hello',
      answers: '[]',
      resume_name: 'cv.pdf',
      resume_type: 'pdf',
      resume_bytes: RESUMES.pdf.length,
      withdraw_token_hash: createHash('sha256').update(`many-${i}`).digest('hex'),
      created_at: NOW,
      updated_at: NOW,
    }));
    const ids: number[] = [];
    for (const part of chunks(rows, 100)) {
      const inserted = await t.db('applications').insert(part).returning('id');
      ids.push(...inserted.map((row) => Number(typeof row === 'object' ? row.id : row)));
    }
    await t.db('jobs').where({ id: jobId }).update({ expires_at: NOW });

    t.clock.now = new Date(NOW + 180 * DAY);
    expect((await t.app.retention.run()).expiredApplications).toBe(count);
    expect((await left(ids)).applications).toBe(0);
  });

  it('keeps them as long as APPLICATION_RETENTION_DAYS says', async () => {
    const other = await buildTestApp({
      sameDatabaseAs: t,
      now: new Date(NOW),
      env: { APPLICATION_RETENTION_DAYS: '30' },
    });
    try {
      expect(other.config.retention.applicationDays).toBe(30);
      const jobId = await jobTakingApplications(other);
      const res = await apply(
        other,
        jobId,
        { ...APPLICANT, email: 'thirty@retention.example' },
        undefined,
        from(),
      );
      const id = Number(res.json().id);
      await other.db('jobs').where({ id: jobId }).update({ expires_at: NOW });
      other.clock.now = new Date(NOW + 30 * DAY - 1);
      expect((await other.app.retention.run()).expiredApplications).toBe(0);
      other.clock.now = new Date(NOW + 30 * DAY);
      expect((await other.app.retention.run()).expiredApplications).toBe(1);
      expect((await left([id])).applications).toBe(0);
    } finally {
      await other.close();
    }
  });
});
