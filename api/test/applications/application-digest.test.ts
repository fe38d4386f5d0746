import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPLICATION_UPKEEP_LIMITS } from '@jobboard/contract/applications';
import { APPLICATION_DIGEST_TEMPLATE, applicationDigestEmail } from '../../src/mail';
import { digestDayStart } from '../../src/applications/upkeep/digest';
import { APPLICANT, EMPLOYER_EMAIL, apply, jobTakingApplications } from '../support/applications';
import { insertSubmission } from '../support/submissions';
import { buildTestApp, testDatabase, type TestApp } from '../support/test-app';

/**
 * The employers' daily digest of applications (applications/upkeep/digest.ts, issue 42): an
 * employer who chose it gets one e-mail a day from APPLICATION_DIGEST_HOUR (13:00 UTC by default)
 * naming the applications no e-mail named yet, and nothing on a day without any; relayed
 * applications and an employer who chose an e-mail each are never in one. On the app's clock,
 * moved by the test.
 */

const HOUR = 60 * 60_000;
/** Sunday 22 November 2026, 09:00 UTC: before the day's digest hour. */
const MORNING = Date.parse('2026-11-22T09:00:00Z');
const DIGEST_HOUR = Date.parse('2026-11-22T13:00:00Z');
const DAY = 24 * HOUR;
const EACH_EMPLOYER = 'jobs@eachmail.example';

let t: TestApp;
let n = 0;
const applicant = (name: string) => ({
  ...APPLICANT,
  name,
  email: `applicant${(n += 1)}@digest.example`,
});
const from = () => ({ remoteAddress: `203.0.113.${(n += 1) % 250}` });
const at = (ms: number) => (t.clock.now = new Date(ms));

beforeAll(async () => {
  t = await buildTestApp({ now: new Date(MORNING) });
});
afterAll(() => t.close());

/** The employer's setting as their inbox's settings write it (chosen at `at`). */
async function chooses(employer: string, notify: 'each' | 'digest', chosenAt: number) {
  await t.db('employer_application_settings').insert({
    email_key: employer,
    notify,
    updated_at: chosenAt,
  });
}

const outbox = (to: string, template: string) =>
  t.db('outbox').whereRaw('lower(to_address) = ?', [to]).where({ template }).orderBy('id');

async function applied(jobId: number, name: string): Promise<number> {
  const res = await apply(t, jobId, applicant(name), undefined, from());
  expect(res.statusCode, res.body).toBe(201);
  return Number(res.json().id);
}

describe(`the employers' daily digest on ${testDatabase}`, () => {
  it('sends one e-mail a day from the digest hour naming the new applications, and none without', async () => {
    const organizer = await jobTakingApplications(t, undefined, { title: 'Digital Organizer' });
    const relayed = await jobTakingApplications(
      t,
      { apply_method: 'email', application_email: 'inbox@relayed.example' },
      { title: 'Field Director' },
    );
    const eachJob = await jobTakingApplications(t, undefined, {
      employer: false,
      title: 'Grants Writer',
    });
    await insertSubmission(t.db, {
      job_id: eachJob,
      status: 'paid',
      contact_email: EACH_EMPLOYER,
      contact_name: 'Lee Park',
    });
    // The employer chose the digest this morning; the other employer an e-mail each.
    await chooses(EMPLOYER_EMAIL, 'digest', MORNING - HOUR);
    await chooses(EACH_EMPLOYER, 'each', MORNING - HOUR);

    const rosa = await applied(organizer, 'Rosa Delgado');
    const ana = await applied(organizer, 'Ana Ruiz');
    const relayedOne = await applied(relayed, 'Relayed Applicant');
    await applied(eachJob, 'Each Applicant');

    // An employer who chose the digest hears of none on the spot; the other of theirs at once.
    expect(await outbox(EMPLOYER_EMAIL, 'application-received')).toHaveLength(0);
    expect(await outbox(EACH_EMPLOYER, 'application-received')).toHaveLength(1);

    // Before the digest hour nothing goes: their day's digest is at 13:00.
    expect(await t.app.applicationUpkeep.sendDigests()).toMatchObject({ ran: true, sent: 0 });
    expect(await outbox(EMPLOYER_EMAIL, APPLICATION_DIGEST_TEMPLATE)).toHaveLength(0);

    // At the hour: one digest naming both applications, not the relayed one.
    at(DIGEST_HOUR);
    const report = await t.app.applicationUpkeep.sendDigests();
    expect(report).toEqual({ ran: true, checked: 1, sent: 1, named: 2 });
    const [digest, ...more] = await outbox(EMPLOYER_EMAIL, APPLICATION_DIGEST_TEMPLATE);
    expect(more).toHaveLength(0);
    expect(digest.subject).toBe('2 new applications for Digital Organizer');
    expect(digest.text_body).toContain('Hello Sam Rivera,');
    expect(digest.text_body).toContain('  - Rosa Delgado\n  - Ana Ruiz');
    expect(digest.text_body).toContain(`/employer/jobs/${organizer}/applications`);
    expect(digest.text_body).not.toContain('Relayed Applicant');
    expect(digest.text_body).not.toContain('Field Director');
    // What it named is named: each carries the digest's time.
    const notified = await t
      .db('applications')
      .whereIn('id', [rosa, ana])
      .pluck('employer_notified_at');
    expect(notified.map(Number)).toEqual([DIGEST_HOUR, DIGEST_HOUR]);
    // The relayed application was named when it was relayed, before.
    const relayedRow = await t.db('applications').where({ id: relayedOne }).first();
    expect(Number(relayedRow.employer_notified_at)).toBe(MORNING);

    // Later that day and the next day with nothing new: nothing more.
    at(DIGEST_HOUR + 2 * HOUR);
    expect(await t.app.applicationUpkeep.sendDigests()).toMatchObject({ sent: 0 });
    at(DIGEST_HOUR + DAY + HOUR);
    expect(await t.app.applicationUpkeep.sendDigests()).toMatchObject({ sent: 0 });
    expect(await outbox(EMPLOYER_EMAIL, APPLICATION_DIGEST_TEMPLATE)).toHaveLength(1);

    // An application after that day's digest waits for the next day's.
    at(DIGEST_HOUR + DAY + 2 * HOUR);
    await applied(organizer, 'Kim Okafor');
    at(DIGEST_HOUR + DAY + 5 * HOUR);
    expect(await t.app.applicationUpkeep.sendDigests()).toMatchObject({ sent: 0 });
    at(DIGEST_HOUR + 2 * DAY);
    expect(await t.app.applicationUpkeep.sendDigests()).toMatchObject({ sent: 1, named: 1 });
    const digests = await outbox(EMPLOYER_EMAIL, APPLICATION_DIGEST_TEMPLATE);
    expect(digests).toHaveLength(2);
    expect(digests[1].subject).toBe('1 new application for Digital Organizer');
    expect(digests[1].text_body).toContain('  - Kim Okafor');
    expect(digests[1].text_body).not.toContain('Rosa Delgado');

    // The employer who chose an e-mail each never gets a digest.
    expect(await outbox(EACH_EMPLOYER, APPLICATION_DIGEST_TEMPLATE)).toHaveLength(0);
    expect(await outbox(EACH_EMPLOYER, 'application-received')).toHaveLength(1);
  });

  it('names at most 20 applicants a listing and counts the others', () => {
    const names = Array.from({ length: 22 }, (_, i) => `Applicant ${i + 1}`);
    const email = applicationDigestEmail({
      to: EMPLOYER_EMAIL,
      contactName: null,
      listings: [
        { title: 'Organizer', applicants: names, inboxUrl: 'https://board.example/a' },
        { title: 'Editor', applicants: ['Ana Ruiz'], inboxUrl: 'https://board.example/b' },
      ],
      namesPerListing: APPLICATION_UPKEEP_LIMITS.digestNamesPerListing,
      boardName: 'Good Jobs',
    });
    expect(email.subject).toBe('23 new applications for your listings');
    expect(email.text).toContain('Hello,\n');
    expect(email.text).toContain('Organizer (22):');
    expect(email.text).toContain('  - Applicant 20\n  and 2 more\n');
    expect(email.text).not.toContain('Applicant 21');
    expect(email.text).toContain('Editor (1):\n  - Ana Ruiz\n');
  });

  it("starts each digest day at the digest hour (UTC), today's once it has come", () => {
    expect(digestDayStart(new Date(DIGEST_HOUR - 1), 13)).toBe(DIGEST_HOUR - DAY);
    expect(digestDayStart(new Date(DIGEST_HOUR), 13)).toBe(DIGEST_HOUR);
    expect(digestDayStart(new Date(DIGEST_HOUR + 10 * HOUR), 13)).toBe(DIGEST_HOUR);
    expect(digestDayStart(new Date(Date.parse('2026-11-22T00:00:00Z')), 0)).toBe(
      Date.parse('2026-11-22T00:00:00Z'),
    );
  });
});
