import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPLICATION_DIGEST_TEMPLATE } from '../../src/mail';
import { APPLICANT, EMPLOYER_EMAIL, apply, jobTakingApplications } from '../support/applications';
import { buildOnce } from '../support/api-process';
import { runJobboard } from '../support/cli';
import { buildTestApp, testDatabase, type TestApp } from '../support/test-app';

/**
 * `jobboard applications digest` (`pnpm --filter @jobboard/api applications:digest`), as cron runs
 * it when APPLICATION_DIGEST_INTERVAL_MINUTES is 0.
 */

const DAY_MS = 24 * 60 * 60_000;
let t: TestApp;
beforeAll(async () => {
  buildOnce();
  // real-clock: the command is a process of its own and runs on the real clock: the application came two days before it.
  t = await buildTestApp({ now: new Date(Date.now() - 2 * DAY_MS) });
});
afterAll(() => t.close());

describe(`jobboard applications digest on ${testDatabase}`, () => {
  it("queues the employer's digest of the day once, and says so", async () => {
    const jobId = await jobTakingApplications(t, undefined, { title: 'Cron Organizer' });
    // The employer chose the digest long ago: theirs is due whatever the hour the command runs.
    await t
      .db('employer_application_settings')
      .insert({ email_key: EMPLOYER_EMAIL, notify: 'digest', updated_at: 0 });
    const res = await apply(t, jobId, { ...APPLICANT, email: 'cron@applicant.example' });
    expect(res.statusCode, res.body).toBe(201);

    const first = await runJobboard(['applications', 'digest'], t.config.database);
    expect(first.code, first.output).toBe(0);
    expect(first.output).toContain(
      'Application digests: 1 queued naming 1 application(s) (1 employer(s) due checked)',
    );
    expect(first.output).toContain('SMTP_URL is not set');
    const again = await runJobboard(['applications', 'digest'], t.config.database);
    expect(again.output).toContain('Application digests: 0 queued');
    const digests = await t.db('outbox').where({ template: APPLICATION_DIGEST_TEMPLATE });
    expect(digests).toHaveLength(1);
    expect(digests[0].text_body).toContain('Cron Organizer (1):');
  });
});
