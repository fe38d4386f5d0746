import type { AdminJobPage } from '@jobboard/contract/admin';
import {
  CHECK_IN_LIMITS,
  CHECK_IN_MESSAGES,
  DEFAULT_SETTINGS,
  type AdminSettings,
  type EmployerListings,
} from '@jobboard/contract/employer';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  CLOSED_TEMPLATE,
  CONTACT,
  DAY_MS,
  LIVE_AT,
  adminJobOf,
  adminNow,
  answerCheckIn,
  checkInMails,
  daysAfterLive,
  liveListing,
  setSettings,
  viewCheckIn,
} from '../support/check-ins';
import { parseCsv } from '../support/csv';
import { signedInEmployer } from '../support/employers';
import { buildTestApp, testDatabase, type TestApp } from '../support/test-app';

/**
 * "Still hiring?" check-ins left unanswered (issue 45): flagged for the admins after the days to
 * answer, and off the board when they set it; two processes; the admins' settings. On a fake
 * clock, both databases.
 */

let t: TestApp;
beforeEach(async () => {
  t = await buildTestApp({ now: LIVE_AT });
});
afterEach(() => t.close());

const run = () => t.app.checkIns.run();
const FLAGGED_AT = new Date(LIVE_AT.getTime() + 21 * DAY_MS).toISOString();

async function jobsList(query = '') {
  const admin = await adminNow(t);
  const res = await admin({ url: `/api/admin/lists/jobs${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<AdminJobPage>();
}
const adminJob = (jobId: number) => adminJobOf(t, jobId);
const activeOf = async (jobId: number) =>
  Boolean((await t.db('jobs').where({ id: jobId }).first('active')).active);

describe(`an unanswered check-in on ${testDatabase}`, () => {
  it("is flagged 7 days after its e-mail, on the job and in the list's filter and count; the listing stays", async () => {
    const quiet = await liveListing(t);
    const answered = await liveListing(t, { title: 'Field Organizer' });
    daysAfterLive(t, 14);
    expect(await run()).toMatchObject({ sent: 2, flagged: 0 });
    const [, fieldMail] = await checkInMails(t);
    expect(await answerCheckIn(t, fieldMail!.openToken, 'open')).toHaveProperty('statusCode', 200);

    daysAfterLive(t, 20.9);
    expect(await run()).toMatchObject({ flagged: 0 });
    expect((await jobsList()).unansweredCheckIns).toBe(0);
    daysAfterLive(t, 21);
    expect(await run()).toMatchObject({ sent: 0, flagged: 1, closed: 0 });
    expect(await run()).toMatchObject({ flagged: 0 });

    const all = await jobsList();
    expect(all.unansweredCheckIns).toBe(1);
    expect(all.jobs.find((job) => job.id === String(quiet))?.checkIn).toMatchObject({
      answer: null,
      unansweredAt: FLAGGED_AT,
      closedAt: null,
    });
    expect(all.jobs.find((job) => job.id === String(answered))?.checkIn).toMatchObject({
      answer: 'open',
      unansweredAt: null,
    });
    const filtered = await jobsList('?checkIn=unanswered');
    expect(filtered.jobs.map((job) => job.id)).toEqual([String(quiet)]);
    expect(filtered.total).toBe(1);
    // The CSV of the view is the same view.
    const admin = await adminNow(t);
    const csv = parseCsv(
      (await admin({ url: '/api/admin/exports/jobs.csv?checkIn=unanswered' })).body,
    );
    expect(csv.slice(1).map((row) => row[0])).toEqual([String(quiet)]);
    // The admins' setting is off: it stays on the board.
    expect(await activeOf(quiet)).toBe(true);
    expect(await t.db('outbox').where({ template: CLOSED_TEMPLATE })).toEqual([]);

    // The employer's page says it has no answer; answering late clears the flag.
    const employer = await signedInEmployer(t, CONTACT);
    const listings = (await employer({ url: '/api/employer/listings' })).json<EmployerListings>();
    const listing = listings.listings.find((l) => l.jobId === String(quiet));
    expect(listing?.checkIn).toMatchObject({ answer: null, unansweredAt: FLAGGED_AT });
    const [quietMail] = await checkInMails(t);
    daysAfterLive(t, 22);
    expect((await answerCheckIn(t, quietMail!.openToken, 'open')).statusCode).toBe(200);
    expect((await jobsList('?checkIn=unanswered')).jobs).toEqual([]);
    expect((await adminJob(quiet)).checkIn).toMatchObject({ answer: 'open' });
  });

  it('with "take unanswered listings off the board" on, leaves the board with its reason, and the employer is told', async () => {
    await setSettings(t, { checkInAutoClose: true });
    const jobId = await liveListing(t, { contact_name: 'Sam Rivera' });
    daysAfterLive(t, 14);
    await run();
    const [mail] = await checkInMails(t);
    daysAfterLive(t, 21);
    expect(await run()).toMatchObject({ flagged: 1, closed: 1 });
    expect(await run()).toMatchObject({ flagged: 0, closed: 0 });

    // Switched off, never deleted, its reason in its history by the system.
    expect(await activeOf(jobId)).toBe(false);
    const admin = await adminNow(t);
    const history = (await admin({ url: `/api/admin/jobs/${jobId}/history` })).json();
    expect(history).toContainEqual(
      expect.objectContaining({
        actor: 'system',
        summary: 'Deactivated: No answer to the still-hiring check-in of 2026-12-06',
      }),
    );
    expect((await adminJob(jobId)).checkIn).toMatchObject({
      unansweredAt: FLAGGED_AT,
      closedAt: FLAGGED_AT,
    });
    const told = await checkInMails(t, CLOSED_TEMPLATE);
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({
      to: CONTACT,
      subject: 'Your listing is off the board: Digital Organizer',
    });
    expect(told[0]!.text).toBe(
      [
        'Hello Sam Rivera,',
        '',
        'On December 6, 2026 we asked whether "Digital Organizer" at Open Ballot Project is still open, and heard nothing, so it is off Nonprofit Comms Jobs now.',
        'Nothing is deleted: if the job is still open, write to jobs@example.org and we will put it back.',
        '',
        'See and manage your listings at any time: http://localhost:3000/employer',
        '',
        'The Nonprofit Comms Jobs team',
      ].join('\n'),
    );
    // Its link has nothing left to answer.
    const link = await viewCheckIn(t, mail!.openToken);
    expect(link.statusCode).toBe(410);
    expect(link.json().message).toBe(CHECK_IN_MESSAGES.notOnBoard);

    // An admin switches it on again: it stays on, the next runs leave it.
    const restored = await admin({
      method: 'POST',
      url: '/api/admin/jobs/bulk',
      payload: { action: 'activate', ids: [Number(jobId)] },
    });
    expect(restored.statusCode, restored.body).toBe(200);
    daysAfterLive(t, 22);
    expect(await run()).toMatchObject({ closed: 0 });
    expect(await activeOf(jobId)).toBe(true);
  });

  it('takes off the listings flagged before the setting was turned on, at the next run', async () => {
    const jobId = await liveListing(t);
    daysAfterLive(t, 14);
    await run();
    daysAfterLive(t, 21);
    expect(await run()).toMatchObject({ flagged: 1, closed: 0 });
    await setSettings(t, { checkInAutoClose: true });
    expect(await run()).toMatchObject({ flagged: 0, closed: 1 });
    expect(await activeOf(jobId)).toBe(false);
  });
});

describe(`check-ins from two processes on ${testDatabase}`, () => {
  it('send each check-in once, whichever runs and however they meet', async () => {
    const other = await buildTestApp({ sameDatabaseAs: t, now: LIVE_AT });
    try {
      for (const title of ['Digital Organizer', 'Field Organizer', 'Data Editor']) {
        await liveListing(t, { title });
      }
      const both = async (days: number) => {
        daysAfterLive(t, days);
        other.clock.now = t.clock.now;
        return Promise.all([t.app.checkIns.run(), other.app.checkIns.run()]);
      };
      // At once: one takes the lease, the other does nothing.
      const first = await both(14);
      expect(first.map((report) => report.sent).sort()).toEqual([0, 3]);
      expect(first.some((report) => !report.ran)).toBe(true);
      // One after the other, each with the lease: the second finds them asked.
      daysAfterLive(t, 15);
      other.clock.now = t.clock.now;
      expect(await other.app.checkIns.run()).toMatchObject({ ran: true, sent: 0 });
      expect(await t.app.checkIns.run()).toMatchObject({ ran: true, sent: 0 });
      // Even without the lease (a run that outlived it), the listing and age are asked once.
      await t.db('check_in_lease').update({ holder: null, expires_at: null });
      const second = await both(28);
      expect(second.reduce((sum, report) => sum + report.sent, 0)).toBe(3);
      expect(await checkInMails(t)).toHaveLength(6);
    } finally {
      await other.close();
    }
  });
});

describe(`the check-ins' settings on ${testDatabase}`, () => {
  it('are 14 and 28 days, 7 to answer and none taken off by default, and saved as given', async () => {
    const admin = await adminNow(t);
    const defaults = (await admin({ url: '/api/admin/settings' })).json<AdminSettings>();
    expect(defaults).toEqual(DEFAULT_SETTINGS);
    expect(defaults).toMatchObject({
      checkInDays: [14, 28],
      checkInAnswerDays: 7,
      checkInAutoClose: false,
    });
    const saved = await setSettings(t, {
      checkInDays: [10, 20, CHECK_IN_LIMITS.maxAgeDays],
      checkInAnswerDays: CHECK_IN_LIMITS.maxAnswerDays,
      checkInAutoClose: true,
    });
    expect(saved).toMatchObject({
      checkInDays: [10, 20, 365],
      checkInAnswerDays: 60,
      checkInAutoClose: true,
      requirePay: false,
    });
    expect(await setSettings(t, { checkInDays: [] })).toMatchObject({ checkInDays: [] });
  });

  it.each([
    ['checkInDays', [0]],
    ['checkInDays', [14, 14]],
    ['checkInDays', [CHECK_IN_LIMITS.maxAgeDays + 1]],
    ['checkInDays', [1.5]],
    ['checkInDays', [1, 2, 3, 4, 5, 6, 7]],
    ['checkInDays', '14, 28'],
    ['checkInAnswerDays', 0],
    ['checkInAnswerDays', CHECK_IN_LIMITS.maxAnswerDays + 1],
    ['checkInAnswerDays', 2_147_483_648],
  ])('refuses %s = %j with what to write, and keeps what was saved', async (key, value) => {
    await setSettings(t, { checkInDays: [21], checkInAnswerDays: 5 });
    const admin = await adminNow(t);
    const res = await admin({
      method: 'PUT',
      url: '/api/admin/settings',
      payload: { [key]: value },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({
      [key]:
        key === 'checkInDays' ? CHECK_IN_MESSAGES.daysInvalid : CHECK_IN_MESSAGES.answerDaysInvalid,
    });
    expect((await admin({ url: '/api/admin/settings' })).json()).toMatchObject({
      checkInDays: [21],
      checkInAnswerDays: 5,
    });
  });

  it('reads a stored value this release cannot take as its default', async () => {
    await t.db('settings').insert({
      key: 'checkInDays',
      value: JSON.stringify(['fourteen']),
      updated_by: 'admin:old',
      updated_at: LIVE_AT.getTime(),
    });
    expect((await t.app.settings.all()).checkInDays).toEqual([14, 28]);
  });
});
