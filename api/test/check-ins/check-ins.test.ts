import {
  CHECK_IN_LIMITS,
  CHECK_IN_MESSAGES,
  type CheckInAnswered,
  type CheckInView,
  type EmployerListings,
} from '@jobboard/contract/employer';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
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
import { signedInEmployer } from '../support/employers';
import { createJobs } from '../support/jobs';
import { buildTestApp, testDatabase, type TestApp } from '../support/test-app';

/**
 * "Still hiring?" check-ins (issue 45): the e-mails at the set ages of a live listing, and the
 * one-press page's two answers, on a fake clock. Unanswered check-ins, two processes and the
 * settings: check-ins-unanswered.test.ts.
 */

let t: TestApp;
beforeEach(async () => {
  t = await buildTestApp({ now: LIVE_AT });
});
afterEach(() => t.close());

const run = () => t.app.checkIns.run();
const adminJob = (jobId: number) => adminJobOf(t, jobId);
/** Whether the board lists the job (its search, as a visitor's). */
const onBoard = async (jobId: number) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/jobs/search',
    payload: { pageSize: 50 },
  });
  return res.json<{ jobs: { id: string }[] }>().jobs.some((job) => job.id === String(jobId));
};

describe(`still-hiring check-ins on ${testDatabase}: when they are sent`, () => {
  it('asks the contact at 14 and 28 days after the listing went live, once at each age', async () => {
    const jobId = await liveListing(t, { contact_name: 'Sam Rivera' });
    daysAfterLive(t, 13.9);
    expect(await run()).toMatchObject({ ran: true, sent: 0 });
    daysAfterLive(t, 14);
    expect(await run()).toMatchObject({ ran: true, checked: 1, sent: 1 });
    expect(await run()).toMatchObject({ sent: 0 });
    daysAfterLive(t, 27);
    expect(await run()).toMatchObject({ sent: 0 });
    daysAfterLive(t, 28.5);
    expect(await run()).toMatchObject({ sent: 1 });
    daysAfterLive(t, 29);
    expect(await run()).toMatchObject({ sent: 0 });

    const mails = await checkInMails(t);
    expect(mails.map((mail) => mail.to)).toEqual([CONTACT, CONTACT]);
    const [first] = mails;
    expect(first!.subject).toBe('Is this job still open? Digital Organizer');
    expect(first!.text).toBe(
      [
        'Hello Sam Rivera,',
        '',
        '"Digital Organizer" at Open Ballot Project has been on Nonprofit Comms Jobs for 14 days. Is it still open?',
        '',
        'Still open, keep it on the board:',
        `http://localhost:3000/employer/still-hiring?answer=open&token=${first!.openToken}`,
        '',
        'Filled, take it off the board:',
        `http://localhost:3000/employer/still-hiring?answer=filled&token=${first!.filledToken}`,
        '',
        'Each link opens a page with one button: nothing changes until you press it.',
        'If we hear nothing by December 13, 2026, we will look into the listing ourselves.',
        '',
        'See and manage your listings at any time: http://localhost:3000/employer',
        '',
        'The Nonprofit Comms Jobs team',
      ].join('\n'),
    );
    // One link's token for both answers: the page's button says which.
    expect(first!.openToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(first!.filledToken).toBe(first!.openToken);
    // Only its hash is stored.
    const stored = await t.db('check_ins').where({ job_id: jobId }).orderBy('id');
    expect(stored.map((row) => Number(row.age_days))).toEqual([14, 28]);
    expect(JSON.stringify(stored)).not.toContain(first!.openToken);
  });

  it('asks a listing found past both ages once, at the later one; none with check-ins off', async () => {
    await liveListing(t);
    daysAfterLive(t, 29);
    expect(await run()).toMatchObject({ sent: 1 });
    expect((await t.db('check_ins')).map((row) => Number(row.age_days))).toEqual([28]);

    await setSettings(t, { checkInDays: [] });
    await liveListing(t, { title: 'Field Organizer' });
    daysAfterLive(t, 29 + 28);
    expect(await run()).toMatchObject({ ran: true, checked: 0, sent: 0 });
  });

  it('stores a check-in at the oldest age the setting takes (check_ins.age_days on PostgreSQL)', async () => {
    await setSettings(t, { checkInDays: [CHECK_IN_LIMITS.maxAgeDays] });
    // A Multiples listing never ends: it is still live a year on.
    const jobId = await liveListing(t, { listing_type: 'featured', amount_cents: 19_900 });
    daysAfterLive(t, CHECK_IN_LIMITS.maxAgeDays);
    expect(await run()).toMatchObject({ sent: 1 });
    expect((await adminJob(jobId)).checkIn).toMatchObject({ ageDays: 365, answer: null });
    expect((await checkInMails(t))[0]!.text).toContain('for 365 days. Is it still open?');
  });

  it('asks only listings an employer submitted that are on the board', async () => {
    const closed = await liveListing(t, { title: 'Closed role' });
    await t.db('jobs').where({ id: closed }).update({ active: false });
    // A job an admin made has no employer to ask.
    await createJobs(t.app, [{ title: 'Admin role', source: 'admin' }]);
    daysAfterLive(t, 14);
    expect(await run()).toMatchObject({ checked: 0, sent: 0 });
  });

  it('says when unanswered listings will leave the board, once an admin sets it', async () => {
    await setSettings(t, { checkInAutoClose: true, checkInAnswerDays: 10 });
    await liveListing(t, { contact_name: '' });
    daysAfterLive(t, 14);
    await run();
    const [mail] = await checkInMails(t);
    expect(mail!.text).toMatch(/^Hello,\n/);
    expect(mail!.text).toContain(
      'If we hear nothing by December 16, 2026, we will take the listing off the board.',
    );
  });
});

describe(`still-hiring check-ins on ${testDatabase}: the answers`, () => {
  it('"Still open": the page shows the listing, the button confirms it, dated, for the admin and the employer', async () => {
    const jobId = await liveListing(t);
    daysAfterLive(t, 14);
    await run();
    const [mail] = await checkInMails(t);

    daysAfterLive(t, 15);
    const page = await viewCheckIn(t, mail!.openToken);
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json<CheckInView>()).toEqual({
      title: 'Digital Organizer',
      organization: 'Open Ballot Project',
      askedAt: new Date(LIVE_AT.getTime() + 14 * DAY_MS).toISOString(),
      ageDays: 14,
    });
    // Opening the page (a mail scanner's GET) changed nothing.
    expect((await adminJob(jobId)).checkIn).toMatchObject({ answer: null, answeredAt: null });

    const res = await answerCheckIn(t, mail!.openToken, 'open');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<CheckInAnswered>()).toEqual({
      answer: 'open',
      title: 'Digital Organizer',
      organization: 'Open Ballot Project',
      answeredAt: t.clock.now.toISOString(),
      message:
        '"Digital Organizer" stays on the board: we noted on December 7, 2026 that it is still open.',
    });

    expect(await onBoard(jobId)).toBe(true);
    const job = await adminJob(jobId);
    expect(job.active).toBe(true);
    expect(job.checkIn).toEqual({
      askedAt: new Date(LIVE_AT.getTime() + 14 * DAY_MS).toISOString(),
      ageDays: 14,
      answer: 'open',
      answeredAt: t.clock.now.toISOString(),
      unansweredAt: null,
      closedAt: null,
    });
    const employer = await signedInEmployer(t, CONTACT);
    const listings = (await employer({ url: '/api/employer/listings' })).json<EmployerListings>();
    expect(listings.listings[0]!.checkIn).toMatchObject({ answer: 'open', ageDays: 14 });

    // The link worked once: pressed again, or its other answer, it says what was answered.
    for (const answer of ['open', 'filled']) {
      const again = await answerCheckIn(t, mail!.filledToken, answer);
      expect(again.statusCode).toBe(410);
      expect(again.json().message).toBe(CHECK_IN_MESSAGES.linkUsed('2026-12-07', 'open'));
    }
    expect((await viewCheckIn(t, mail!.openToken)).json().message).toBe(
      'This check-in was answered on December 7, 2026: still open. To change the listing now, use your listings page.',
    );
  });

  it('"Filled": the listing leaves the board as the employer\'s "Mark filled" takes it', async () => {
    const jobId = await liveListing(t);
    daysAfterLive(t, 14);
    await run();
    const [mail] = await checkInMails(t);
    daysAfterLive(t, 16);

    const res = await answerCheckIn(t, mail!.filledToken, 'filled');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<CheckInAnswered>()).toMatchObject({
      answer: 'filled',
      message: '"Digital Organizer" is marked filled and is off the board.',
    });

    // Off the board, the row kept, its history as the employer's own close writes it.
    expect(await onBoard(jobId)).toBe(false);
    const job = await adminJob(jobId);
    expect(job.active).toBe(false);
    expect(job.checkIn).toMatchObject({ answer: 'filled', answeredAt: t.clock.now.toISOString() });
    const admin = await adminNow(t);
    const history = (await admin({ url: `/api/admin/jobs/${jobId}/history` })).json();
    expect(history).toContainEqual(
      expect.objectContaining({
        actor: 'employer',
        summary: 'Taken off the board by the employer: Filled',
      }),
    );
    const employer = await signedInEmployer(t, CONTACT);
    const [listing] = (await employer({ url: '/api/employer/listings' })).json<EmployerListings>()
      .listings;
    expect(listing).toMatchObject({ status: 'filled', checkIn: { answer: 'filled' } });
    // The next age asks nothing of a listing off the board.
    daysAfterLive(t, 28);
    expect(await run()).toMatchObject({ sent: 0 });
  });
});

describe(`still-hiring check-ins on ${testDatabase}: links that cannot be answered`, () => {
  it('unknown, malformed, replaced by a newer check-in or off the board: a clear message, nothing changed', async () => {
    const jobId = await liveListing(t);
    daysAfterLive(t, 14);
    await run();
    daysAfterLive(t, 28);
    await run();
    const [older, newer] = await checkInMails(t);

    const cases: [string, unknown, number, string][] = [
      ['x'.repeat(43), 'open', 404, CHECK_IN_MESSAGES.linkInvalid],
      ['short', 'open', 404, CHECK_IN_MESSAGES.linkInvalid],
      [older!.openToken, 'open', 410, CHECK_IN_MESSAGES.linkSuperseded],
    ];
    for (const [token, answer, status, message] of cases) {
      for (const res of [await viewCheckIn(t, token), await answerCheckIn(t, token, answer)]) {
        expect(res.statusCode, token).toBe(status);
        expect(res.json()).toEqual({ message });
      }
    }
    // An answer that is neither: the body's check names it, and nothing is recorded.
    const bad = await answerCheckIn(t, newer!.openToken, 'maybe');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toHaveProperty('answer');

    // The employer closed it from their page meanwhile: nothing left to answer.
    await t.app.jobs.closeByEmployer(jobId, 'Closed', t.clock.now);
    for (const res of [
      await viewCheckIn(t, newer!.openToken),
      await answerCheckIn(t, newer!.filledToken, 'filled'),
    ]) {
      expect(res.statusCode).toBe(410);
      expect(res.json()).toEqual({ message: CHECK_IN_MESSAGES.notOnBoard });
    }
    const rows = await t.db('check_ins').whereNotNull('answered_at');
    expect(rows).toEqual([]);
  });

  it('takes one answer of two presses at once', async () => {
    const jobId = await liveListing(t);
    daysAfterLive(t, 14);
    await run();
    const [mail] = await checkInMails(t);
    const answers = await Promise.all([
      answerCheckIn(t, mail!.openToken, 'open'),
      answerCheckIn(t, mail!.openToken, 'open'),
    ]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 410]);
    expect((await adminJob(jobId)).checkIn?.answer).toBe('open');
  });
});
