import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { VALID_SUBMISSION } from '@jobboard/contract/testing';
import { fitSubject, OUTBOX_LIMITS } from '../../src/mail/outbox';
import { SUBMISSION_RECEIVED_TEMPLATE } from '../../src/mail/submission-emails';
import { ACKNOWLEDGEMENT_CAPS } from '../../src/submissions/acknowledgement-caps';
import { SmtpPeer, type ReceivedMail } from '../support/smtp-peer';
import { buildTestApp, testDatabase, type TestApp } from '../support/test-app';
import { injectWithProof } from '../support/human-proof';

let smtp: SmtpPeer;
let t: TestApp;
let open = false;
const logLines: string[] = [];

beforeAll(async () => {
  smtp = await new SmtpPeer().start();
});
afterAll(() => smtp.stop());
afterEach(async () => {
  if (open) await t.close();
  open = false;
  smtp.received.length = 0;
  logLines.length = 0;
});

async function appWithSmtp() {
  open = true;
  t = await buildTestApp({
    env: {
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Nonprofit Comms Jobs <jobs@board.example>',
      ADMIN_EMAIL: 'review@board.example',
      SUBMISSION_RATE_LIMIT_MAX: '1000',
    },
    logStream: { write: (line) => void logLines.push(line) },
  });
}

const submit = (change: Record<string, unknown> = {}) =>
  injectWithProof(t.app, {
    method: 'POST',
    url: '/api/submit-job-for-review',
    payload: { ...VALID_SUBMISSION, ...change },
  });

/** A received message's subject and text, transfer encodings undone. */
function readable(mail: ReceivedMail): string {
  const split = mail.raw.indexOf('\r\n\r\n');
  const headers = mail.raw.slice(0, split);
  let body = mail.raw.slice(split + 4);
  const encoding = /^Content-Transfer-Encoding:\s*(\S+)/im.exec(headers)?.[1]?.toLowerCase();
  if (encoding === 'base64') body = Buffer.from(body.replace(/\s+/g, ''), 'base64').toString();
  if (encoding === 'quoted-printable') {
    body = body
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  }
  const subject = headers
    .replace(/\r\n\s+/g, ' ')
    .replace(/=\?utf-8\?([bq])\?([^?]*)\?=/gi, (_, kind: string, text: string) =>
      kind.toLowerCase() === 'b'
        ? Buffer.from(text, 'base64').toString()
        : text
            .replace(/_/g, ' ')
            .replace(/=([0-9A-F]{2})/gi, (__, h: string) => String.fromCharCode(parseInt(h, 16))),
    );
  return `${subject}\n\n${body}`;
}

const to = (address: string) =>
  smtp.received.filter((m) => m.to.some((r) => r.toLowerCase() === address.toLowerCase()));
const skippedLogs = () =>
  logLines
    .map((line) => JSON.parse(line) as Record<string, unknown>)
    .filter((entry) => entry.msg === 'submission acknowledgement skipped: cap reached');

describe(`the acknowledgement to the contact on ${testDatabase}`, () => {
  it('carries the reference only: none of the submitted text reaches the address typed in', async () => {
    await appWithSmtp();
    const hostile = {
      title: 'Your account is locked MARK1',
      organization: 'Bank Security Team MARK2',
      description: 'Urgent: verify your password at http://phish.example/login now. MARK3 '.repeat(
        2,
      ),
      location: 'Call +1 555 0100 MARK4',
      contactName: 'Visit http://phish.example MARK5',
      applicationUrl: 'https://phish.example/MARK6',
      contactEmail: 'victim@elsewhere.example',
    };
    const res = await submit(hostile);
    expect(res.statusCode).toBe(201);
    await t.app.mailer.flush();

    const [acknowledgement] = to('victim@elsewhere.example');
    const text = readable(acknowledgement!);
    expect(text).toContain(`reference #${res.json().id}`);
    expect(text).toContain('Nonprofit Comms Jobs');
    for (const marker of ['MARK', 'phish.example', '555 0100', 'Bank Security', 'locked']) {
      expect(text).not.toContain(marker);
    }
    // The admins still get the whole submission to review.
    const notice = readable(to('review@board.example')[0]!);
    for (const marker of ['MARK1', 'MARK2', 'MARK4', 'MARK5']) expect(notice).toContain(marker);
  });

  it(`sends one address at most ${ACKNOWLEDGEMENT_CAPS.perRecipient} a day; beyond, the submission is stored and the admins told`, async () => {
    await appWithSmtp();
    const spellings = ['target@victim.example', 'TARGET@victim.example', 'Target@Victim.Example'];
    const ids: string[] = [];
    for (let i = 0; i < ACKNOWLEDGEMENT_CAPS.perRecipient + 2; i++) {
      const res = await submit({ contactEmail: spellings[i % spellings.length] });
      expect(res.statusCode).toBe(201);
      ids.push(res.json().id);
    }
    await t.app.mailer.flush();
    expect(to('target@victim.example')).toHaveLength(ACKNOWLEDGEMENT_CAPS.perRecipient);
    const notices = to('review@board.example');
    expect(notices).toHaveLength(ids.length);
    const noticeOf = (id: string) =>
      readable(notices.find((notice) => readable(notice).includes(`(submission #${id})`))!);
    expect(noticeOf(ids.at(-1)!)).toContain('The contact was not sent an acknowledgement');
    expect(noticeOf(ids[0]!)).not.toContain('not sent an acknowledgement');
    expect(Number((await t.db('submissions').count({ n: '*' }))[0]!.n)).toBe(ids.length);
    expect(skippedLogs().map((entry) => [entry.submissionId, entry.cap])).toEqual([
      [Number(ids.at(-2)), 'recipient'],
      [Number(ids.at(-1)), 'recipient'],
    ]);
    // Another address is not held back by this one's cap.
    await submit({ contactEmail: 'someone@else.example' });
    await t.app.mailer.flush();
    expect(to('someone@else.example')).toHaveLength(1);

    // A day later the address may be told again.
    t.clock.now = new Date(t.clock.now.getTime() + ACKNOWLEDGEMENT_CAPS.windowMs);
    await submit({ contactEmail: 'target@victim.example' });
    await t.app.mailer.flush();
    expect(to('target@victim.example')).toHaveLength(ACKNOWLEDGEMENT_CAPS.perRecipient + 1);
  });

  it(`sends at most ${ACKNOWLEDGEMENT_CAPS.total} acknowledgements a day in all`, async () => {
    await appWithSmtp();
    // A busy day so far: the cap's worth of acknowledgements already queued and sent.
    for (let i = 0; i < ACKNOWLEDGEMENT_CAPS.total; i++) {
      await t.app.outbox.enqueue(
        t.db,
        {
          template: SUBMISSION_RECEIVED_TEMPLATE,
          to: `employer${i}@x.example`,
          subject: 'x',
          text: 'x',
        },
        new Date(t.clock.now.getTime() - 60_000),
      );
    }
    await t.db('outbox').update({ status: 'sent' });
    const res = await submit({ contactEmail: 'new@employer.example' });
    expect(res.statusCode).toBe(201);
    await t.app.mailer.flush();
    expect(to('new@employer.example')).toHaveLength(0);
    expect(readable(to('review@board.example')[0]!)).toContain(
      'the board has sent as many acknowledgements as it may today',
    );
    expect(skippedLogs().map((entry) => entry.cap)).toEqual(['total']);

    t.clock.now = new Date(t.clock.now.getTime() + ACKNOWLEDGEMENT_CAPS.windowMs);
    await submit({ contactEmail: 'new@employer.example' });
    await t.app.mailer.flush();
    expect(to('new@employer.example')).toHaveLength(1);
  });

  it('holds the cap under concurrent submissions', async () => {
    await appWithSmtp();
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => submit({ contactEmail: 'burst@victim.example' })),
    );
    expect(answers.map((res) => res.statusCode)).toEqual(Array(8).fill(201));
    const queued = await t
      .db('outbox')
      .where({ template: SUBMISSION_RECEIVED_TEMPLATE, to_address: 'burst@victim.example' })
      .count({ n: '*' });
    expect(Number(queued[0]!.n)).toBe(ACKNOWLEDGEMENT_CAPS.perRecipient);
    expect(Number((await t.db('submissions').count({ n: '*' }))[0]!.n)).toBe(8);
  });
});

describe(`subjects fit the outbox on ${testDatabase}`, () => {
  it('stores a submission whose title and organization fill their limits, its notice subject cut to fit', async () => {
    await appWithSmtp();
    const res = await submit({ title: 'T'.repeat(200), organization: 'O'.repeat(200) });
    expect(res.statusCode).toBe(201);
    const subjects: string[] = (await t.db('outbox').select('subject')).map((r) => r.subject);
    expect(subjects).toHaveLength(2);
    for (const subject of subjects) {
      expect(Array.from(subject).length).toBeLessThanOrEqual(OUTBOX_LIMITS.subject);
    }
    expect(subjects.some((s) => s.endsWith('…'))).toBe(true);
    await t.app.mailer.flush();
    expect(smtp.received).toHaveLength(2);
  });

  it('never cuts a character in half, and keeps a subject on one line', () => {
    const emoji = '😀'.repeat(400);
    const cut = fitSubject(emoji);
    expect(Array.from(cut)).toHaveLength(OUTBOX_LIMITS.subject);
    expect(cut.endsWith('😀…')).toBe(true);
    expect(cut).not.toMatch(
      /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/,
    );
    expect(fitSubject('New job:\r\nBcc: x@y.example\tnow')).toBe('New job: Bcc: x@y.example now');
    // Every other line break and control character too: NEL, LS, PS, vertical tab, BEL, DEL.
    expect(fitSubject('a\u0085b\u2028c\u2029d\u000be\u0007f\u007fg')).toBe('a b c d e f g');
    expect(fitSubject('short')).toBe('short');
  });
});
