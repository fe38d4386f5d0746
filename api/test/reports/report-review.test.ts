import { REPORT_LIMITS, REPORT_MESSAGES } from '@jobboard/contract/jobs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { parseMail } from '../support/alert-mail';
import { reportBoard, type ReportBoard } from '../support/reports';
import { testDatabase } from '../support/test-app';

/**
 * The admin's side of the reports (issue 45, docs/product.md#admin-reports): dismiss keeps the
 * listing, hide takes it off the board (switched off, never deleted), restore puts a hidden one
 * back; each with its history line, in one transaction. Each decided report with an address gets
 * one e-mail, through the outbox to a real SMTP peer: "we took it down" or "we reviewed it and
 * kept it"; the address and the client key are then forgotten.
 */

let b: ReportBoard;
beforeAll(async () => {
  b = await reportBoard();
});
afterAll(() => b.close());
beforeEach(async () => {
  await b.setThreshold(REPORT_LIMITS.defaultThreshold);
  b.smtp.received.length = 0;
});

/** The e-mails the SMTP peer received since the test began, after the outbox is sent. */
async function sentMail() {
  await b.t.app.mailer.flush();
  return b.smtp.received.map((mail) => ({ to: mail.to, ...parseMail(mail) }));
}

const subjectOf = (headers: string) => /^Subject: (.*)$/m.exec(headers)?.[1];
const reportsOf = (jobId: number) =>
  b.t.db('listing_reports').where({ job_id: jobId }).orderBy('id');

describe(`the admin's decisions on reported listings on ${testDatabase}`, () => {
  it('dismisses: the listing stays, the reports are closed, each reporter with an address hears it was kept', async () => {
    const [job] = await b.jobs('Dismissed Role');
    await b.reported(job!, 'wrong_information', { email: 'first@example.org' });
    await b.reported(job!, 'other', { note: 'Looks odd.' });
    const res = await b.decide(job!, 'dismiss');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: REPORT_MESSAGES.dismissed(1) });
    expect(await b.onBoard(job!)).toBe(true);
    expect((await b.queue()).listings.some((l) => l.jobId === String(job))).toBe(false);
    // Decided: who, when; the address and the client key forgotten, the note kept.
    const rows = await reportsOf(job!);
    expect(rows.map((r: { status: string }) => r.status)).toEqual(['kept', 'kept']);
    for (const row of rows) {
      expect(row).toMatchObject({ email: null, open_client: null, decided_by: 'admin:alice' });
    }
    expect(rows[1].note).toBe('Looks odd.');
    const mail = await sentMail();
    expect(mail).toHaveLength(1);
    expect(mail[0]!.to).toEqual(['first@example.org']);
    expect(subjectOf(mail[0]!.headers)).toBe(
      'Your report of "Dismissed Role": we reviewed it and kept it',
    );
    expect(mail[0]!.body).toContain(
      "We reviewed the listing and kept it: we did not find that it breaks the board's rules.",
    );
    expect(mail[0]!.body).toContain(`http://localhost:3000/jobs/${job}`);
    // Nothing left to decide.
    const again = await b.decide(job!, 'dismiss');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: REPORT_MESSAGES.nothingOpen });
  });

  it("hides: off the board with the admin's line, every reporter with an address hears it was taken down", async () => {
    const [job] = await b.jobs('Hidden Role');
    await b.reported(job!, 'scam', { email: 'one@example.org', note: 'Wants a deposit.' });
    await b.reported(job!, 'scam', { email: 'two@example.org' });
    const res = await b.decide(job!, 'hide');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: REPORT_MESSAGES.hidden(2) });
    expect(await b.onBoard(job!)).toBe(false);
    const ids = (await reportsOf(job!)).map((r: { id: number }) => r.id);
    expect((await b.historyOf(job!)).at(-1)).toMatchObject({
      kind: 'deactivated',
      actor: 'admin:alice',
      summary: `Taken off the board after reports: 2 reports upheld (#${ids[0]} Scam or asks for money, #${ids[1]} Scam or asks for money)`,
    });
    // Kept, not deleted, and in the queue to restore.
    expect((await b.admin({ url: `/api/admin/jobs/${job}` })).json().active).toBe(false);
    const listing = (await b.queue()).listings.find((l) => l.jobId === String(job));
    expect(listing).toMatchObject({ state: 'hidden', hiddenBy: 'admin:alice', openReports: 0 });
    const mail = await sentMail();
    expect(mail.map((m) => m.to[0]).sort()).toEqual(['one@example.org', 'two@example.org']);
    for (const m of mail) {
      expect(subjectOf(m.headers)).toBe('Your report of "Hidden Role": we took it down');
      expect(m.body).toContain(
        'We reviewed the listing and took it down: it is no longer on the board.',
      );
      // Nothing the reporter wrote goes out in the board's name.
      expect(m.body).not.toContain('Wants a deposit.');
    }

    // Restored: back on the board; its reports were decided already, so nobody is e-mailed again.
    b.smtp.received.length = 0;
    const restored = await b.decide(job!, 'restore');
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json()).toEqual({ message: REPORT_MESSAGES.restored(0) });
    expect(await b.onBoard(job!)).toBe(true);
    expect((await b.historyOf(job!)).at(-1)).toMatchObject({
      kind: 'activated',
      actor: 'admin:alice',
      summary: 'Put back on the board after review',
    });
    expect(await sentMail()).toEqual([]);
    expect((await b.queue()).listings.some((l) => l.jobId === String(job))).toBe(false);
  });

  it('restores a listing its reports hid: back on the board, its reports closed as kept, reporters told', async () => {
    const [job] = await b.jobs('Restored Role');
    await b.reported(job!, 'closed', { email: 'closed@example.org' });
    await b.reported(job!, 'closed');
    await b.reported(job!, 'discriminatory', { email: 'fair@example.org' });
    expect(await b.onBoard(job!)).toBe(false);
    const res = await b.decide(job!, 'restore');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: REPORT_MESSAGES.restored(2) });
    expect(await b.onBoard(job!)).toBe(true);
    const ids = (await reportsOf(job!)).map((r: { id: number }) => r.id);
    expect((await b.historyOf(job!)).at(-1)).toMatchObject({
      kind: 'activated',
      summary: `Put back on the board after review: 3 reports dismissed (#${ids[0]} Closed or filled, #${ids[1]} Closed or filled, #${ids[2]} Discriminatory)`,
    });
    const mail = await sentMail();
    expect(mail.map((m) => m.to[0]).sort()).toEqual(['closed@example.org', 'fair@example.org']);
    expect(mail.every((m) => subjectOf(m.headers)?.endsWith('we reviewed it and kept it'))).toBe(
      true,
    );
    // It can be reported again; one more report alone does not hide it.
    await b.reported(job!, 'closed');
    expect(await b.onBoard(job!)).toBe(true);
  });

  it('dismissing the reports of a listing they hid puts it back too', async () => {
    const [job] = await b.jobs('Dismissed Hidden Role');
    for (const reason of ['scam', 'scam', 'scam'] as const) await b.reported(job!, reason);
    expect(await b.onBoard(job!)).toBe(false);
    expect((await b.decide(job!, 'dismiss')).statusCode).toBe(200);
    expect(await b.onBoard(job!)).toBe(true);
  });

  it('confirms a listing its reports hid: it stays off, the reporters hear it was taken down', async () => {
    const [job] = await b.jobs('Confirmed Role');
    await b.reported(job!, 'scam', { email: 'c1@example.org' });
    await b.reported(job!, 'scam');
    await b.reported(job!, 'scam');
    const res = await b.decide(job!, 'hide');
    expect(res.json()).toEqual({ message: REPORT_MESSAGES.hidden(1) });
    expect(await b.onBoard(job!)).toBe(false);
    // Still hidden by its reports (the threshold's), restorable.
    expect((await b.queue()).listings.find((l) => l.jobId === String(job))).toMatchObject({
      state: 'hidden',
      hiddenBy: 'system',
      openReports: 0,
    });
    const mail = await sentMail();
    expect(mail.map((m) => subjectOf(m.headers))).toEqual([
      'Your report of "Confirmed Role": we took it down',
    ]);
  });

  it('leaves off the board a listing that was off for another reason when it is restored', async () => {
    await b.setThreshold(0);
    const [job] = await b.jobs('Employer Closed Role');
    await b.reported(job!, 'closed');
    // The employer closes it meanwhile (the same switch, with the employer's line).
    await b.t.app.jobs.closeByEmployer(job!, 'Filled', b.t.clock.now);
    expect((await b.decide(job!, 'hide')).statusCode).toBe(200);
    const restored = await b.decide(job!, 'restore');
    expect(restored.statusCode).toBe(200);
    expect(await b.onBoard(job!)).toBe(false);
  });

  it('answers 409 to a restore of a listing not hidden, and 404 for a listing never reported', async () => {
    const [job, never] = await b.jobs('Not Hidden Role', 'Never Reported Role');
    await b.reported(job!, 'other');
    const restore = await b.decide(job!, 'restore');
    expect(restore.statusCode).toBe(409);
    expect(restore.json()).toEqual({ message: REPORT_MESSAGES.notHidden });
    for (const decision of ['dismiss', 'hide', 'restore'] as const) {
      for (const id of [never!, 999_999]) {
        const res = await b.decide(id, decision);
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ message: REPORT_MESSAGES.notFound });
      }
    }
    expect((await b.admin({ method: 'POST', url: '/api/admin/reports/abc/hide' })).statusCode).toBe(
      404,
    );
    const anonymous = await b.t.app.inject({ url: '/api/admin/reports' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('keeps the widest values of its columns (PostgreSQL varchar widths)', async () => {
    await b.setThreshold(0);
    const [job] = await b.jobs('Widest Role');
    // Characters outside the BMP count one each, as PostgreSQL counts them.
    const note = '🙂'.repeat(REPORT_LIMITS.note);
    // The longest address: a 64-character local part, labels of at most 63.
    const email = `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(57)}.org`;
    expect(email).toHaveLength(REPORT_LIMITS.email);
    await b.reported(job!, 'wrong_information', { note, email });
    const admin = { adminId: null, actor: `admin:${'n'.repeat(100)}` };
    await b.t.app.reportReview.hide(job!, admin, b.t.clock.now);
    const [row] = await reportsOf(job!);
    expect(row).toMatchObject({ note, decided_by: admin.actor, status: 'taken_down' });
    const hold = await b.t.db('reported_listings').where({ job_id: job }).first();
    expect(hold.hidden_by).toBe(admin.actor);
    // The e-mail was queued to the whole address before it was forgotten.
    const queued = await b.t.db('outbox').where({ template: 'report-outcome', to_address: email });
    expect(queued).toHaveLength(1);
  });
});
