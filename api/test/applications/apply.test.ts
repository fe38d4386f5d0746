import { APPLICATION_LIMITS, APPLICATION_MESSAGES } from '@jobboard/contract/applications';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ATTACHMENT_GONE } from '../../src/mail/outbox-sender';
import {
  APPLICANT,
  EMPLOYER_EMAIL,
  RESUMES,
  apply,
  jobTakingApplications,
  multipart,
  pageProofOf,
} from '../support/applications';
import { SmtpPeer } from '../support/smtp-peer';
import { buildTestApp, testDatabase, type TestApp } from '../support/test-app';

/**
 * Applying on the board (issue 42): the form's answers, the résumé told by its bytes, the e-mails
 * queued with the application, and no success unless it was stored.
 */

let t: TestApp;
let smtp: SmtpPeer;
let n = 0;
/** An applicant of their own for each test (one application per address and job). */
const applicant = (overrides: Record<string, string> = {}) => ({
  ...APPLICANT,
  email: `applicant${(n += 1)}@applicant.example`,
  ...overrides,
});
/** Each test from a client address of its own, so the per-client limit is never the one met. */
const from = () => ({ remoteAddress: `198.51.100.${(n += 1) % 250}` });

beforeAll(async () => {
  smtp = await new SmtpPeer().start();
  t = await buildTestApp({ env: { SMTP_URL: smtp.url } });
});
afterAll(async () => {
  await t.close();
  await smtp.stop();
});

const outboxTo = (to: string) => t.db('outbox').whereRaw('lower(to_address) = ?', [to]);

describe(`applying on the board, on ${testDatabase}`, () => {
  it('stores the application, confirms it to the applicant and tells the employer', async () => {
    const jobId = await jobTakingApplications(t);
    const who = applicant();
    const res = await apply(t, jobId, who, undefined, from());
    expect(res.statusCode, res.body).toBe(201);
    const job = (await t.app.inject(`/api/jobs/${jobId}`)).json();
    expect(res.json().message).toBe(
      APPLICATION_MESSAGES.sent(job.title, job.organization, who.email),
    );
    const row = await t
      .db('applications')
      .where({ id: Number(res.json().id) })
      .first();
    expect(row).toMatchObject({ job_id: jobId, name: who.name, email: who.email, status: 'new' });
    expect(row.resume_type).toBe('pdf');
    const file = await t.db('application_files').where({ application_id: row.id }).first();
    expect(Buffer.from(file.bytes).equals(RESUMES.pdf)).toBe(true);

    const [confirmation] = await outboxTo(who.email);
    expect(confirmation.template).toBe('application-confirmation');
    expect(confirmation.text_body).toContain(job.title);
    expect(confirmation.text_body).toContain(job.organization);
    expect(confirmation.text_body).toMatch(/\/applications\/withdraw\?token=[\w-]{43}/);
    const [news] = await outboxTo(EMPLOYER_EMAIL).where({ template: 'application-received' });
    expect(news.text_body).toContain(who.name);
    expect(news.attachment).toBeNull();
  });

  it('relays an application to the address a job takes them at, résumé attached, Reply-To the applicant', async () => {
    const jobId = await jobTakingApplications(t, {
      apply_method: 'email',
      application_email: 'jobs@relayed.example',
    });
    const who = applicant();
    const res = await apply(t, jobId, who, undefined, from());
    expect(res.statusCode, res.body).toBe(201);
    await t.app.mailer.flush();
    const relayed = smtp.received.find((m) => m.to.includes('jobs@relayed.example'));
    expect(relayed, 'the relayed application').toBeDefined();
    // Read as a mail program reads it (mailparser): the headers, and the attached file's bytes.
    const mail = await simpleParser(relayed!.raw);
    expect(mail.replyTo?.value.map((a) => a.address)).toEqual([who.email]);
    expect(mail.attachments).toHaveLength(1);
    expect(mail.attachments[0]!.filename).toBe('cv.pdf');
    expect(mail.attachments[0]!.contentType).toBe('application/pdf');
    expect(mail.attachments[0]!.content.equals(RESUMES.pdf)).toBe(true);
    // The relayed address is nobody's to see: not in the job's public answer.
    expect((await t.app.inject(`/api/jobs/${jobId}`)).body).not.toContain('relayed.example');
  });

  it('names each field at fault with its message, and stores nothing', async () => {
    const jobId = await jobTakingApplications(t, {
      apply_method: 'form',
      screening_questions: JSON.stringify([
        { id: 'q1', kind: 'yesNo', label: 'Can you work in DC?', required: true, choices: [] },
        { id: 'q2', kind: 'choice', label: 'Start', required: false, choices: ['Now', 'Later'] },
      ]),
    });
    const res = await apply(
      t,
      jobId,
      {
        name: ' ',
        email: 'not an address',
        phone: 'call me',
        links: 'ftp://x.example',
        coverNote: '',
        'answers.q2': 'Never',
      },
      null,
      from(),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({
      name: APPLICATION_MESSAGES.name,
      email: APPLICATION_MESSAGES.email,
      phone: APPLICATION_MESSAGES.phone,
      links: APPLICATION_MESSAGES.links,
      coverNote: APPLICATION_MESSAGES.coverNote,
      'answers.q1': APPLICATION_MESSAGES.answer,
      'answers.q2': APPLICATION_MESSAGES.choice,
      resume: APPLICATION_MESSAGES.resume,
    });
    expect(await t.db('applications').where({ job_id: jobId })).toHaveLength(0);
  });

  it.each([
    ['a text file named cv.pdf', Buffer.from('I am not a PDF, whatever my name says.')],
    ['a zip that is no document', Buffer.from('504b0304', 'hex')],
    ['an HTML page', Buffer.from('<!doctype html><script>alert(1)</script>')],
  ])('refuses %s as a résumé, whatever its name', async (_what, bytes) => {
    const jobId = await jobTakingApplications(t);
    const res = await apply(
      t,
      jobId,
      applicant(),
      { name: 'resume', filename: 'cv.pdf', contentType: 'application/pdf', bytes },
      from(),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ resume: APPLICATION_MESSAGES.resumeType });
  });

  it('refuses a résumé over 5 MB with its message', async () => {
    const jobId = await jobTakingApplications(t);
    const big = Buffer.concat([RESUMES.pdf, Buffer.alloc(5 * 1024 * 1024)]);
    const res = await apply(
      t,
      jobId,
      applicant(),
      { name: 'resume', filename: 'cv.pdf', bytes: big },
      from(),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ resume: APPLICATION_MESSAGES.resumeTooLarge });
  });

  it('stores the longest value of every field the form takes (PostgreSQL widths)', async () => {
    const jobId = await jobTakingApplications(t, {
      apply_method: 'form',
      screening_questions: JSON.stringify([
        { id: 'q1', kind: 'text', label: 'Why?', required: true, choices: [] },
      ]),
    });
    const longest = {
      name: 'É'.repeat(APPLICATION_LIMITS.name),
      email: `${'a'.repeat(APPLICATION_LIMITS.email - '@x.example'.length)}@x.example`,
      phone: '+'.padEnd(APPLICATION_LIMITS.phone, '1'),
      links: Array.from(
        { length: APPLICATION_LIMITS.links },
        (_, i) => `https://example.org/${String(i).padEnd(APPLICATION_LIMITS.link - 20, 'p')}`,
      ).join('\n'),
      coverNote: 'ü'.repeat(APPLICATION_LIMITS.coverNote),
      'answers.q1': 'ß'.repeat(APPLICATION_LIMITS.answer),
    };
    const res = await apply(
      t,
      jobId,
      longest,
      { name: 'resume', filename: `${'ñ'.repeat(300)}.pdf`, bytes: RESUMES.pdf },
      from(),
    );
    expect(res.statusCode, res.body).toBe(201);
    const row = await t
      .db('applications')
      .where({ id: Number(res.json().id) })
      .first();
    expect(row.name).toBe(longest.name);
    expect(row.cover_note).toBe(longest.coverNote);
    expect(row.resume_name.length).toBeLessThanOrEqual(200);
  });

  it('refuses a second application to the same job from the same address, kindly', async () => {
    const jobId = await jobTakingApplications(t);
    const who = applicant();
    expect((await apply(t, jobId, who, undefined, from())).statusCode).toBe(201);
    const again = await apply(
      t,
      jobId,
      { ...who, email: who.email.toUpperCase() },
      undefined,
      from(),
    );
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(APPLICATION_MESSAGES.duplicate);
  });

  it('takes none for a job that takes them by link, has no way, or has ended', async () => {
    const byLink = await jobTakingApplications(t, {
      apply_method: 'link',
      application_url: 'https://openballot.example/apply',
    });
    const noWay = await jobTakingApplications(
      t,
      { apply_method: null, application_url: null, how_to_apply: 'Write to us.' },
      { employer: false },
    );
    const ended = await jobTakingApplications(t);
    await t.db('jobs').where({ id: ended }).update({ deadline: '2020-01-01', deadline_ends_at: 1 });
    for (const [id, message] of [
      [byLink, APPLICATION_MESSAGES.notOnBoard],
      [noWay, APPLICATION_MESSAGES.notOnBoard],
    ] as const) {
      const res = await apply(t, id, applicant(), undefined, from());
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(message);
    }
    const closed = await apply(t, ended, applicant(), undefined, from());
    expect([404, 409]).toContain(closed.statusCode);
    expect(await t.db('applications').whereIn('job_id', [byLink, noWay, ended])).toHaveLength(0);
    const none = (await t.app.inject(`/api/jobs/${noWay}`)).json();
    expect(none.apply).toEqual({ method: 'none', questions: [], howToApply: 'Write to us.' });
    expect(none.applicationUrl).toBeUndefined();
  });

  it('refuses a form posted from another site', async () => {
    const jobId = await jobTakingApplications(t);
    const res = await apply(t, jobId, applicant(), undefined, {
      ...from(),
      headers: { origin: 'https://evil.example' },
    });
    expect(res.statusCode).toBe(403);
  });
});

describe(`the form without JavaScript, on ${testDatabase}`, () => {
  it('is drawn by the server and answered with a page, keeping what was typed on an error', async () => {
    const jobId = await jobTakingApplications(t);
    const page = await t.app.inject(`/jobs/${jobId}/application`);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain(`action="/api/jobs/${jobId}/applications"`);
    expect(page.body).toContain('enctype="multipart/form-data"');

    const typed = applicant({ coverNote: 'Kept <b>as typed</b>' });
    const bad = multipart({ ...typed, email: 'nope', humanProof: pageProofOf(page.body) }, []);
    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/jobs/${jobId}/applications`,
      ...from(),
      payload: bad.payload,
      headers: { ...bad.headers, accept: 'text/html' },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.headers['content-type']).toMatch(/text\/html/);
    expect(refused.body).toContain(APPLICATION_MESSAGES.email);
    expect(refused.body).toContain('Kept &#60;b&#62;as typed&#60;/b&#62;');
    expect(refused.body).toContain(`value="${typed.name}"`);

    // The page drawn again holds a new proof for the next send (the first one is spent).
    const good = multipart({ ...typed, humanProof: pageProofOf(refused.body) }, [
      { name: 'resume', filename: 'cv.pdf', bytes: RESUMES.pdf },
    ]);
    const sent = await t.app.inject({
      method: 'POST',
      url: `/api/jobs/${jobId}/applications`,
      ...from(),
      payload: good.payload,
      headers: good.headers,
    });
    expect(sent.statusCode).toBe(201);
    expect(sent.body).toContain(APPLICATION_MESSAGES.sentTitle);
    expect(await t.db('applications').where({ job_id: jobId })).toHaveLength(1);
  });

  it("is drawn so that its own POST carries the site's origin, and a POST with Origin: null is refused", async () => {
    const jobId = await jobTakingApplications(t);
    const page = await t.app.inject(`/jobs/${jobId}/application`);
    // Under the site's no-referrer a browser would send the form's POST with Origin: null.
    expect(page.headers['referrer-policy']).toBe('same-origin');
    const body = multipart({ ...applicant(), humanProof: pageProofOf(page.body) }, [
      { name: 'resume', filename: 'cv.pdf', bytes: RESUMES.pdf },
    ]);
    const opaque = await t.app.inject({
      method: 'POST',
      url: `/api/jobs/${jobId}/applications`,
      ...from(),
      payload: body.payload,
      headers: { ...body.headers, origin: 'null' },
    });
    expect(opaque.statusCode).toBe(403);
    const ours = await t.app.inject({
      method: 'POST',
      url: `/api/jobs/${jobId}/applications`,
      ...from(),
      payload: body.payload,
      headers: { ...body.headers, origin: new URL(t.config.publicUrl).origin },
    });
    expect(ours.statusCode).toBe(201);
  });

  it('says why for a job that takes no application here', async () => {
    const jobId = await jobTakingApplications(t, {
      apply_method: 'link',
      application_url: 'https://openballot.example/apply',
    });
    const page = await t.app.inject(`/jobs/${jobId}/application`);
    expect(page.statusCode).toBe(409);
    expect(page.body).toContain(APPLICATION_MESSAGES.notOnBoard);
  });
});

describe(`withdrawing, on ${testDatabase}`, () => {
  it("deletes the application and its résumé through the confirmation's link, and a relayed copy not yet sent never leaves", async () => {
    const jobId = await jobTakingApplications(t, {
      apply_method: 'email',
      application_email: 'jobs@withdrawn.example',
    });
    const who = applicant();
    const res = await apply(t, jobId, who, undefined, from());
    const id = Number(res.json().id);
    const [confirmation] = await outboxTo(who.email);
    const token = /withdraw\?token=([\w-]{43})/.exec(confirmation.text_body)![1]!;

    // Opening the link changes nothing: a page with a button.
    const page = await t.app.inject(`/applications/withdraw?token=${token}`);
    expect(page.statusCode).toBe(200);
    expect(await t.db('applications').where({ id })).toHaveLength(1);

    const withdrawn = await t.app.inject({
      method: 'POST',
      url: '/applications/withdraw',
      payload: `token=${token}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(withdrawn.statusCode).toBe(200);
    expect(withdrawn.body).toContain(APPLICATION_MESSAGES.withdrawn);
    expect(await t.db('applications').where({ id })).toHaveLength(0);
    expect(await t.db('application_files').where({ application_id: id })).toHaveLength(0);
    expect(await outboxTo('jobs@withdrawn.example')).toHaveLength(0);

    const again = await t.app.inject({
      method: 'POST',
      url: '/applications/withdraw',
      payload: `token=${token}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(again.statusCode).toBe(410);
  });

  it('gives up a queued message whose attachment went away instead of sending it bare', async () => {
    const jobId = await jobTakingApplications(t, {
      apply_method: 'email',
      application_email: 'jobs@gone.example',
    });
    const res = await apply(t, jobId, applicant(), undefined, from());
    await t
      .db('applications')
      .where({ id: Number(res.json().id) })
      .delete();
    await t.app.mailer.flush();
    const [message] = await outboxTo('jobs@gone.example');
    expect(message).toMatchObject({ status: 'failed', last_error: ATTACHMENT_GONE });
    expect(smtp.received.some((m) => m.to.includes('jobs@gone.example'))).toBe(false);
  });
});
