import {
  APPLICATION_STATUSES,
  DEFAULT_DECLINE,
  INBOX_LIMITS,
  INBOX_MESSAGES,
  fillDeclineTemplate,
  type InboxApplications,
} from '@jobboard/contract/applications';
import { DAY_MS, isoDate } from '@jobboard/contract/common';
import { EMPLOYER_MESSAGES, type EmployerListings } from '@jobboard/contract/employer';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn } from '../support/admin';
import {
  APPLICANT,
  EMPLOYER_EMAIL,
  RESUMES,
  apply,
  jobTakingApplications,
  type FilePart,
} from '../support/applications';
import { parseCsv } from '../support/csv';
import { signedInEmployer } from '../support/employers';
import { SmtpPeer } from '../support/smtp-peer';
import { insertSubmission } from '../support/submissions';
import { buildTestApp, testDatabase, type TestApp } from '../support/test-app';

/**
 * The employer's applicant inbox (issue 42): each listing's applications newest first with their
 * counts, the employer's status, star and note (only what is given changes), bulk statuses, the
 * decline e-mail from their template (once), the résumé downloaded as the same bytes and never
 * shown in place, the CSV export, the settings, and the numbers beside the views and apply
 * clicks. Another employer's listing, application and résumé answer 404, and nothing changes.
 */

const OTHER_EMPLOYER = 'jobs@elsewhere.example';

let t: TestApp;
let smtp: SmtpPeer;
type Requester = (options: InjectOptions) => Promise<LightMyRequestResponse>;
let employer: Requester;
let other: Requester;
let admin: Requester;
let n = 0;

beforeAll(async () => {
  smtp = await new SmtpPeer().start();
  t = await buildTestApp({ env: { SMTP_URL: smtp.url } });
  // The other employer's listing first: they need one to be sent a sign-in link.
  await othersJob();
  await jobTakingApplications(t);
  employer = await signedInEmployer(t, EMPLOYER_EMAIL);
  other = await signedInEmployer(t, OTHER_EMPLOYER);
  admin = await signedIn(t);
});
afterAll(async () => {
  await t.close();
  await smtp.stop();
});

/** A job taking applications on the board whose submission's contact is the other employer. */
async function othersJob(): Promise<number> {
  const jobId = await jobTakingApplications(t, { apply_method: 'form' }, { employer: false });
  await insertSubmission(t.db, { job_id: jobId, status: 'paid', contact_email: OTHER_EMPLOYER });
  return jobId;
}

/** An application through the board's form, from an applicant and a client address of its own. */
async function applied(
  jobId: number,
  fields: Record<string, string> = {},
  resume?: FilePart,
): Promise<string> {
  n += 1;
  const who = { ...APPLICANT, email: `applicant${n}@applicant.example`, ...fields };
  const res = await apply(t, jobId, who, resume, { remoteAddress: `203.0.113.${n % 250}` });
  expect(res.statusCode, res.body).toBe(201);
  return String(res.json().id);
}

const inbox = async (jobId: number, query = ''): Promise<InboxApplications> => {
  const res = await employer({
    method: 'GET',
    url: `/api/employer/jobs/${jobId}/applications${query}`,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

const change = (id: string, payload: Record<string, unknown>, as: Requester = employer) =>
  as({ method: 'PUT', url: `/api/employer/applications/${id}`, payload });

const stored = (id: string) =>
  t
    .db('applications')
    .where({ id: Number(id) })
    .first();

/** Advance the app's clock (each application a minute apart, so newest first is by time). */
const later = (ms = 60_000) => {
  t.clock.now = new Date(t.clock.now.getTime() + ms);
};

describe(`the employer's applicant inbox, on ${testDatabase}`, () => {
  it("lists a listing's applications newest first, with how many are in each status", async () => {
    const jobId = await jobTakingApplications(t, { apply_method: 'form' }, { title: 'Field Lead' });
    const first = await applied(jobId, { name: 'Ada First' });
    later();
    const second = await applied(jobId, { name: 'Ben Second' });
    later();
    const third = await applied(jobId, { name: 'Cy Third' });
    expect((await change(second, { status: 'shortlisted' })).statusCode).toBe(200);

    const page = await inbox(jobId);
    expect(page.applications.map((a) => a.id)).toEqual([third, second, first]);
    expect(page.job).toMatchObject({ id: String(jobId), title: 'Field Lead', open: true });
    expect(page.total).toBe(3);
    expect(page.counts).toEqual({
      ...Object.fromEntries(APPLICATION_STATUSES.map((status) => [status, 0])),
      new: 2,
      shortlisted: 1,
    });
    const [newest] = page.applications;
    expect(newest).toMatchObject({
      name: 'Cy Third',
      phone: APPLICANT.phone,
      links: [APPLICANT.links],
      coverNote: APPLICANT.coverNote,
      resume: { name: 'cv.pdf', kind: 'pdf', bytes: RESUMES.pdf.length },
      status: 'new',
      starred: false,
      note: null,
      declinedAt: null,
    });

    const shortlisted = await inbox(jobId, '?status=shortlisted');
    expect(shortlisted.applications.map((a) => a.id)).toEqual([second]);
    expect(shortlisted).toMatchObject({ matched: 1, total: 3 });
  });

  it(`pages a listing with hundreds of applications, ${INBOX_LIMITS.pageSize} at a time`, async () => {
    const jobId = await jobTakingApplications(t);
    const at = t.clock.now.getTime();
    const rows = Array.from({ length: INBOX_LIMITS.pageSize + 5 }, (_, i) => ({
      job_id: jobId,
      name: `Applicant ${i}`,
      email: `bulk${i}@applicant.example`,
      email_key: `bulk${i}@applicant.example`,
      links: '[]',
      cover_note: 'Hello',
      answers: '[]',
      resume_name: 'cv.pdf',
      resume_type: 'pdf',
      resume_bytes: 10,
      withdraw_token_hash: `${jobId}-${i}`.padEnd(64, 'x'),
      created_at: at + i,
      updated_at: at + i,
    }));
    await t.db('applications').insert(rows);
    const first = await inbox(jobId);
    expect(first).toMatchObject({ page: 1, pageSize: INBOX_LIMITS.pageSize, matched: 55 });
    expect(first.applications).toHaveLength(INBOX_LIMITS.pageSize);
    expect(first.applications[0]!.name).toBe('Applicant 54');
    const second = await inbox(jobId, '?page=2');
    expect(second.applications.map((a) => a.name)).toEqual(
      ['4', '3', '2', '1', '0'].map((i) => `Applicant ${i}`),
    );
  });

  it('changes only the fields given: status, star, note', async () => {
    const jobId = await jobTakingApplications(t);
    const id = await applied(jobId);
    const before = await stored(id);

    const starred = await change(id, { starred: true });
    expect(starred.statusCode, starred.body).toBe(200);
    expect(starred.json()).toMatchObject({ starred: true, status: 'new', note: null });
    later();
    expect((await change(id, { note: '  Strong writing sample.  ' })).json()).toMatchObject({
      starred: true,
      status: 'new',
      note: 'Strong writing sample.',
    });
    expect((await change(id, { status: 'interviewing' })).json()).toMatchObject({
      starred: true,
      status: 'interviewing',
      note: 'Strong writing sample.',
    });
    expect((await change(id, {})).json()).toMatchObject({ starred: true, status: 'interviewing' });
    expect((await change(id, { note: ' ' })).json().note).toBeNull();

    // What the applicant sent, and what is not the inbox's, comes through unchanged.
    const after = await stored(id);
    const untouched = (row: Record<string, unknown>) => {
      const { status: _s, starred: _st, note: _n, updated_at: _u, ...rest } = row;
      return rest;
    };
    expect(untouched(after)).toEqual(untouched(before));
    expect(Number(after.updated_at)).toBeGreaterThan(Number(before.updated_at));
  });

  it('refuses a note past its limit and a status it does not know, with their messages', async () => {
    const id = await applied(await jobTakingApplications(t));
    const long = await change(id, { note: 'x'.repeat(INBOX_LIMITS.note + 1) });
    expect(long.statusCode).toBe(400);
    expect(long.json().fields).toEqual({ note: INBOX_MESSAGES.note });
    const status = await change(id, { status: 'ghosted' });
    expect(status.statusCode).toBe(400);
    expect((await stored(id)).status).toBe('new');
  });

  it('gives one status to several applications, all or none', async () => {
    const jobId = await jobTakingApplications(t);
    const [a, b] = [await applied(jobId), await applied(jobId)];
    const bulk = (payload: Record<string, unknown>, as: Requester = employer) =>
      as({ method: 'POST', url: '/api/employer/applications/status', payload });

    const res = await bulk({ ids: [a, b], status: 'reviewing' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(INBOX_MESSAGES.bulkChanged(2, 'reviewing'));
    expect([(await stored(a)).status, (await stored(b)).status]).toEqual([
      'reviewing',
      'reviewing',
    ]);

    // One foreign id (another employer's, or none at all): 404, and nothing changes.
    const foreign = await applied(await othersJob());
    for (const stray of [foreign, '999999']) {
      const refused = await bulk({ ids: [a, stray], status: 'hired' });
      expect(refused.statusCode).toBe(404);
      expect(refused.json().message).toBe(INBOX_MESSAGES.notFound);
    }
    expect((await stored(a)).status).toBe('reviewing');
    expect((await stored(foreign)).status).toBe('new');

    const empty = await bulk({ ids: [], status: 'hired' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fields).toEqual({ ids: INBOX_MESSAGES.ids });
    const tooMany = await bulk({
      ids: Array.from({ length: INBOX_LIMITS.bulk + 1 }, (_, i) => String(i + 1)),
      status: 'hired',
    });
    expect(tooMany.json().fields).toEqual({ ids: INBOX_MESSAGES.ids });
  });

  it("answers 404 for another employer's listing, application and résumé, and changes nothing", async () => {
    const jobId = await jobTakingApplications(t);
    const id = await applied(jobId);
    const before = await stored(id);
    const asked: [InjectOptions, string][] = [
      [
        { method: 'GET', url: `/api/employer/jobs/${jobId}/applications` },
        EMPLOYER_MESSAGES.listingNotFound,
      ],
      [
        { method: 'GET', url: `/api/employer/jobs/${jobId}/applications.csv` },
        EMPLOYER_MESSAGES.listingNotFound,
      ],
      [
        { method: 'PUT', url: `/api/employer/applications/${id}`, payload: { status: 'hired' } },
        INBOX_MESSAGES.notFound,
      ],
      [
        { method: 'POST', url: `/api/employer/applications/${id}/decline` },
        INBOX_MESSAGES.notFound,
      ],
      [{ method: 'GET', url: `/api/employer/applications/${id}/resume` }, INBOX_MESSAGES.notFound],
    ];
    for (const [request, message] of asked) {
      const res = await other(request);
      expect(res.statusCode, `${request.method} ${request.url}`).toBe(404);
      expect(res.json().message).toBe(message);
      expect(res.body).not.toContain(APPLICANT.name);
    }
    expect(await stored(id)).toEqual(before);
    expect(
      await t.db('outbox').where({ template: 'application-declined', to_address: before.email }),
    ).toEqual([]);
  });

  it('downloads the résumé as the bytes sent, as an attachment that never runs in place', async () => {
    const id = await applied(
      await jobTakingApplications(t),
      {},
      {
        name: 'resume',
        filename: "Rosa's CV (final) <b>.pdf",
        contentType: 'text/html',
        bytes: RESUMES.pdf,
      },
    );
    for (const [as, url] of [
      [employer, `/api/employer/applications/${id}/resume`],
      [admin, `/api/admin/applications/${id}/resume`],
    ] as const) {
      const res = await as({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.rawPayload.equals(RESUMES.pdf), url).toBe(true);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toBe(
        'attachment; filename="Rosas-CV-final-b.pdf"',
      );
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['cache-control']).toBe('no-store');
      expect(String(res.headers['content-security-policy'])).toMatch(/^default-src 'none'/);
    }
    const gone = await admin({ method: 'GET', url: '/api/admin/applications/999999/resume' });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe(INBOX_MESSAGES.notFound);
  });

  it("declines once, queuing the employer's template filled in, Reply-To the employer", async () => {
    const jobId = await jobTakingApplications(t, { apply_method: 'form' }, { title: 'Data Lead' });
    const job = (await t.app.inject(`/api/jobs/${jobId}`)).json();
    const id = await applied(jobId, { name: 'Dee Declined' });
    // Marked declined first, without a word: the e-mail may still go, once.
    expect((await change(id, { status: 'declined' })).statusCode).toBe(200);

    const res = await employer({ method: 'POST', url: `/api/employer/applications/${id}/decline` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(INBOX_MESSAGES.declined('Dee Declined'));
    expect(res.json().application).toMatchObject({ status: 'declined' });
    expect(res.json().application.declinedAt).toBe(t.clock.now.toISOString());

    const values = { name: 'Dee Declined', title: 'Data Lead', organization: job.organization };
    const applicant = (await stored(id)).email;
    const queued = await t
      .db('outbox')
      .where({ template: 'application-declined', to_address: applicant });
    expect(queued).toHaveLength(1);
    expect(queued[0].subject).toBe(fillDeclineTemplate(DEFAULT_DECLINE.subject, values));
    expect(queued[0].text_body).toBe(fillDeclineTemplate(DEFAULT_DECLINE.body, values));
    expect(queued[0].text_body).toContain('Dear Dee Declined,');
    expect(JSON.parse(queued[0].headers)).toEqual({ 'Reply-To': EMPLOYER_EMAIL });

    const again = await employer({
      method: 'POST',
      url: `/api/employer/applications/${id}/decline`,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(INBOX_MESSAGES.alreadyDeclined);
    expect(
      await t.db('outbox').where({ template: 'application-declined', to_address: applicant }),
    ).toHaveLength(1);

    // As a mail program reads it: to the applicant, answers go to the employer.
    await t.app.mailer.flush();
    const mails = await Promise.all(
      smtp.received.filter((m) => m.to.includes(applicant)).map((m) => simpleParser(m.raw)),
    );
    const mail = mails.find((m) => m.subject === 'Your application for Data Lead');
    expect(mail?.replyTo?.value.map((a) => a.address)).toEqual([EMPLOYER_EMAIL]);
    expect(mail?.text).toContain('Dear Dee Declined,');
  });

  it("declines with the employer's own template once they have written one", async () => {
    const jobId = await jobTakingApplications(t, { apply_method: 'form' }, { title: 'Editor' });
    const id = await applied(jobId, { name: 'Eve Edited' });
    const saved = await employer({
      method: 'PUT',
      url: '/api/employer/application-settings',
      payload: {
        declineSubject: 'About {title}',
        declineBody: 'Hi {name}, thank you. {organization} went another way for {title}.',
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    await employer({ method: 'POST', url: `/api/employer/applications/${id}/decline` });
    const applicant = (await stored(id)).email;
    const [queued] = await t
      .db('outbox')
      .where({ template: 'application-declined', to_address: applicant });
    const job = (await t.app.inject(`/api/jobs/${jobId}`)).json();
    expect(queued.subject).toBe('About Editor');
    expect(queued.text_body).toBe(
      `Hi Eve Edited, thank you. ${job.organization} went another way for Editor.`,
    );
    // Put back, for the tests after.
    await employer({
      method: 'PUT',
      url: '/api/employer/application-settings',
      payload: { declineSubject: DEFAULT_DECLINE.subject, declineBody: DEFAULT_DECLINE.body },
    });
  });

  it('exports every application as CSV, a formula typed by an applicant kept as text', async () => {
    const jobId = await jobTakingApplications(t, {
      apply_method: 'form',
      screening_questions: JSON.stringify([
        { id: 'q1', kind: 'yesNo', label: 'Can you work in DC?', required: true, choices: [] },
      ]),
    });
    const id = await applied(jobId, {
      name: '=HYPERLINK("https://evil.example","Click")',
      'answers.q1': 'yes',
    });
    await change(id, { starred: true, note: 'Call back, "soon", please' });
    const res = await employer({
      method: 'GET',
      url: `/api/employer/jobs/${jobId}/applications.csv`,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="applications-${jobId}-${isoDate(t.clock.now)}.csv"`,
    );
    expect(res.headers['cache-control']).toBe('no-store');
    const [header, row] = parseCsv(res.body);
    expect(header).toEqual([
      'Applied',
      'Name',
      'E-mail',
      'Phone',
      'Links',
      'Status',
      'Starred',
      'Note',
      'Decline e-mail sent',
      'Résumé',
      'Cover note',
      'Can you work in DC?',
    ]);
    const at = (name: string) => row![header!.indexOf(name)];
    expect(at('Name')).toBe(`'=HYPERLINK("https://evil.example","Click")`);
    expect(at('Status')).toBe('New');
    expect(at('Starred')).toBe('yes');
    expect(at('Note')).toBe('Call back, "soon", please');
    expect(at('Can you work in DC?')).toBe('yes');
    expect(at('Phone')).toBe(`'${APPLICANT.phone}`);
  });

  it('keeps the settings given and leaves the others, with a message for each bad one', async () => {
    const settings = (payload?: Record<string, unknown>) =>
      employer({
        method: payload === undefined ? 'GET' : 'PUT',
        url: '/api/employer/application-settings',
        ...(payload === undefined ? {} : { payload }),
      });
    expect((await settings()).json()).toEqual({
      notify: 'each',
      declineSubject: DEFAULT_DECLINE.subject,
      declineBody: DEFAULT_DECLINE.body,
    });
    expect((await settings({ notify: 'digest' })).json()).toEqual({
      notify: 'digest',
      declineSubject: DEFAULT_DECLINE.subject,
      declineBody: DEFAULT_DECLINE.body,
    });
    // The digest's own record is not the settings' to change.
    await t
      .db('employer_application_settings')
      .where({ email_key: EMPLOYER_EMAIL })
      .update({ digest_sent_at: 1234 });
    expect((await settings({ declineBody: 'Thank you, {name}.' })).json()).toEqual({
      notify: 'digest',
      declineSubject: DEFAULT_DECLINE.subject,
      declineBody: 'Thank you, {name}.',
    });
    const row = await t
      .db('employer_application_settings')
      .where({ email_key: EMPLOYER_EMAIL })
      .first();
    expect(Number(row.digest_sent_at)).toBe(1234);

    const bad = await settings({
      notify: 'hourly',
      declineSubject: ' ',
      declineBody: 'x'.repeat(INBOX_LIMITS.declineBody + 1),
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields).sort()).toEqual([
      'declineBody',
      'declineSubject',
      'notify',
    ]);
    expect(bad.json().fields.declineSubject).toBe(INBOX_MESSAGES.declineSubject);
    expect(bad.json().fields.declineBody).toBe(INBOX_MESSAGES.declineBody);
    const long = await settings({ declineSubject: 'x'.repeat(INBOX_LIMITS.declineSubject + 1) });
    expect(long.json().fields).toEqual({ declineSubject: INBOX_MESSAGES.declineSubject });

    // A daily digest: a new application is not e-mailed to the employer on its own.
    const jobId = await jobTakingApplications(t);
    await applied(jobId, { name: 'Quiet Applicant' });
    const news = await t
      .db('outbox')
      .where({ template: 'application-received' })
      .andWhere('text_body', 'like', '%Quiet Applicant%');
    expect(news).toEqual([]);
    await settings({ notify: 'each', declineBody: DEFAULT_DECLINE.body });
  });

  it("adds each listing's applications to its numbers, all of them and each day", async () => {
    const jobId = await jobTakingApplications(
      t,
      { apply_method: 'form' },
      { title: 'Counted Role' },
    );
    const yesterdays = await applied(jobId);
    await t
      .db('applications')
      .where({ id: Number(yesterdays) })
      .update({ created_at: t.clock.now.getTime() - DAY_MS });
    await applied(jobId);
    await applied(jobId);
    const linked = await jobTakingApplications(
      t,
      { apply_method: 'link', application_url: 'https://example.org/apply' },
      { title: 'Linked Role' },
    );

    const listings: EmployerListings['listings'] = [];
    for (let page = 1; ; page += 1) {
      const res = await employer({ method: 'GET', url: `/api/employer/listings?page=${page}` });
      expect(res.statusCode, res.body).toBe(200);
      listings.push(...(res.json() as EmployerListings).listings);
      if (page * res.json().pageSize >= res.json().total) break;
    }
    const counted = listings.find((l) => l.jobId === String(jobId))!;
    expect(counted.applications).toBe(3);
    const today = isoDate(t.clock.now);
    const yesterday = isoDate(t.clock.now.getTime() - DAY_MS);
    const days = new Map(counted.stats!.days.map((d) => [d.day, d.applications]));
    expect([days.get(yesterday), days.get(today)]).toEqual([1, 2]);
    expect(counted.stats!.totalApplications).toBe(3);
    const none = listings.find((l) => l.jobId === String(linked))!;
    expect(none.applications).toBeUndefined();
    expect(none.stats!.days[0]).not.toHaveProperty('applications');

    const adminStats = await admin({ method: 'GET', url: `/api/admin/jobs/${jobId}/stats` });
    expect(adminStats.json().totalApplications).toBe(3);
    expect(adminStats.json().days.at(-1).applications).toBe(2);
  });
});
