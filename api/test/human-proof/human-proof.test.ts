import { createHmac } from 'node:crypto';
import {
  CSRF_HEADER,
  CSRF_HEADER_VALUE,
  HUMAN_PROOF_LIMITS,
  HUMAN_PROOF_MESSAGES,
  HumanProofChallenge,
} from '@jobboard/contract/common';
import { VALID_SUBMISSION } from '@jobboard/contract/testing';
import type { LightMyRequestResponse } from 'fastify';
import { is } from 'superstruct';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Challenges } from '../../src/human-proof/challenges';
import {
  APPLICANT,
  RESUMES,
  jobTakingApplications,
  multipart,
  pageProofOf,
} from '../support/applications';
import { solve, solvedProof } from '../support/human-proof';
import { createJobs } from '../support/jobs';
import { insertSubmission } from '../support/submissions';
import { buildTestApp, testDatabase, type TestApp } from '../support/test-app';

/**
 * The spam check (issue 45) on every form it protects, on both databases: a solved challenge of
 * the board's, within its time, sent once, and the honeypot empty; anything else refused with the
 * one message before the form's own work, storing and sending nothing.
 */

let t: TestApp;
const log: string[] = [];
let jobId: number;
/** Live listings for the report form's sends, one each. */
let reportedJobs: string[];
let n = 0;
/** Each send from an address and with an e-mail address of its own: no limit of theirs is met. */
const next = () => (n += 1);

beforeAll(async () => {
  t = await buildTestApp({
    env: { SUBMISSION_RATE_LIMIT_MAX: '1000' },
    logStream: { write: (line) => void log.push(line) },
  });
  jobId = await jobTakingApplications(t);
  const titles = Array.from({ length: 40 }, (_, i) => `Reported Role ${i}`);
  reportedJobs = Object.values(
    await createJobs(
      t.app,
      titles.map((title) => ({ title })),
    ),
  );
});
afterAll(() => t.close());

const count = async (table: string) => Number((await t.db(table).count({ n: '*' }))[0]!.n);

/** What a form sends beside its own fields: the proof (left out when undefined) and the honeypot. */
interface ProofFields {
  humanProof?: string;
  website?: string;
}

interface ProtectedForm {
  name: string;
  /** One send of the form with these proof fields. */
  send(fields: ProofFields, app?: TestApp): Promise<LightMyRequestResponse>;
  /** Its answer when taken. */
  accepted: number;
  /** What it stores when taken (rows of a table). */
  stored(): Promise<number>;
}

const json = (url: string, body: object, app: TestApp, headers: Record<string, string> = {}) =>
  app.app.inject({
    method: 'POST',
    url,
    payload: body,
    headers: { [CSRF_HEADER]: CSRF_HEADER_VALUE, ...headers },
    remoteAddress: `198.51.100.${next() % 250}`,
  });

const applyBody = (fields: ProofFields) =>
  multipart(
    {
      ...APPLICANT,
      email: `applicant${next()}@applicant.example`,
      ...(fields as Record<string, string>),
    },
    [{ name: 'resume', filename: 'cv.pdf', bytes: RESUMES.pdf }],
  );

const FORMS: ProtectedForm[] = [
  {
    name: 'the submission form (POST /api/submit-job-for-review)',
    send: (fields, app = t) =>
      json('/api/submit-job-for-review', { ...VALID_SUBMISSION, ...fields }, app),
    accepted: 201,
    stored: () => count('submissions'),
  },
  {
    name: 'the job alert sign-up (POST /api/alerts)',
    send: (fields, app = t) =>
      json(
        '/api/alerts',
        { email: `reader${next()}@example.org`, frequency: 'daily', search: '', ...fields },
        app,
      ),
    accepted: 201,
    stored: () => count('job_alerts'),
  },
  {
    name: "the employer's sign-in request (POST /api/employer/sign-in-link)",
    send: async (fields, app = t) => {
      const email = `employer${next()}@org.example`;
      await insertSubmission(app.db, { contact_email: email });
      return json('/api/employer/sign-in-link', { email, ...fields }, app);
    },
    accepted: 202,
    stored: () => count('employer_sign_in_links'),
  },
  {
    name: "the board's application dialog (POST /api/jobs/:id/applications)",
    send: (fields, app = t) => {
      const body = applyBody(fields);
      return app.app.inject({
        method: 'POST',
        url: `/api/jobs/${jobId}/applications`,
        payload: body.payload,
        headers: { [CSRF_HEADER]: CSRF_HEADER_VALUE, ...body.headers },
        remoteAddress: `198.51.100.${next() % 250}`,
      });
    },
    accepted: 201,
    stored: () => count('applications'),
  },
  {
    name: 'the report of a listing (POST /api/jobs/:id/reports)',
    // A listing of its own each time: no threshold hides it, no cap of its reports is met.
    send: (fields, app = t) =>
      json(`/api/jobs/${reportedJobs.pop()}/reports`, { reason: 'scam', ...fields }, app),
    accepted: 201,
    stored: () => count('listing_reports'),
  },
];

/** A challenge signed with another key than the board's, solved. */
const foreignProof = async () =>
  solve(await new Challenges('another board entirely: another key of 32+').issue(t.clock.now));

/** ALTCHA's payload as a script could change it. */
interface Payload {
  challenge: { parameters: { cost: number; data: { expires: number } } };
  solution: { counter: number; derivedKey: string };
}

/** A solved proof with its payload changed after solving. */
async function tampered(change: (payload: Payload) => void) {
  const payload = JSON.parse(
    Buffer.from(await solvedProof(t.app), 'base64').toString('utf8'),
  ) as Payload;
  change(payload);
  return Buffer.from(JSON.stringify(payload)).toString('base64');
}

/** Every way a send is refused, each with the reason the log gives. */
const REFUSALS: { name: string; reason: string; fields: () => Promise<ProofFields> }[] = [
  { name: 'no proof', reason: 'missing', fields: async () => ({ website: '' }) },
  { name: 'an empty proof', reason: 'missing', fields: async () => ({ humanProof: '' }) },
  {
    name: 'a proof that is no payload',
    reason: 'unreadable',
    fields: async () => ({ humanProof: 'bm90IGpzb24=' }),
  },
  {
    name: 'a challenge another key signed',
    reason: 'forged',
    fields: async () => ({ humanProof: await foreignProof() }),
  },
  {
    name: 'a challenge whose parameters were changed (less work asked)',
    reason: 'forged',
    fields: async () => ({
      humanProof: await tampered(({ challenge }) => (challenge.parameters.cost = 1)),
    }),
  },
  {
    name: 'a challenge whose end was moved',
    reason: 'forged',
    fields: async () => ({
      humanProof: await tampered(({ challenge }) => (challenge.parameters.data.expires += 3600)),
    }),
  },
  {
    name: 'a wrong solution to a real challenge',
    reason: 'forged',
    fields: async () => ({
      humanProof: await tampered(({ solution }) => {
        solution.derivedKey = createHmac('sha256', 'guess').update('x').digest('hex');
      }),
    }),
  },
  {
    name: 'a page proof (the form drawn without JavaScript) on another form',
    reason: 'page proof elsewhere',
    fields: async () => ({ humanProof: await t.app.humanProof.pageProof(t.clock.now) }),
  },
  {
    name: 'a real proof with the honeypot filled',
    reason: 'honeypot',
    fields: async () => ({ humanProof: await solvedProof(t.app), website: 'https://spam.example' }),
  },
];

/** The answer to a refused send: the one message, nothing more, and why in the log. */
async function expectRefused(res: LightMyRequestResponse, reason: string) {
  expect(res.statusCode, res.body).toBe(400);
  expect(res.json()).toEqual({ message: HUMAN_PROOF_MESSAGES.refused });
  expect(log.join('')).toContain(`"reason":"${reason}"`);
}

describe.each(FORMS)(`the spam check on $name, on ${testDatabase}`, (form) => {
  it('takes a solved challenge with the honeypot empty, once', async () => {
    const before = await form.stored();
    const humanProof = await solvedProof(t.app);
    expect((await form.send({ humanProof, website: '' })).statusCode).toBe(form.accepted);
    expect(await form.stored()).toBe(before + 1);
    // The same solution again: refused, nothing more stored.
    log.length = 0;
    await expectRefused(await form.send({ humanProof, website: '' }), 'replayed');
    expect(await form.stored()).toBe(before + 1);
  });

  it.each(REFUSALS)('refuses $name, storing nothing', async ({ reason, fields }) => {
    const given = await fields();
    const before = await form.stored();
    const outbox = await count('outbox');
    log.length = 0;
    await expectRefused(await form.send(given), reason);
    expect(await form.stored()).toBe(before);
    expect(await count('outbox')).toBe(outbox);
  });

  it('refuses a solution sent after its challenge ended', async () => {
    const humanProof = await solvedProof(t.app);
    const before = await form.stored();
    const issued = t.clock.now;
    t.clock.now = new Date(issued.getTime() + HUMAN_PROOF_LIMITS.challengeMinutes * 60_000);
    try {
      log.length = 0;
      await expectRefused(await form.send({ humanProof }), 'expired');
      expect(await form.stored()).toBe(before);
    } finally {
      t.clock.now = issued;
    }
  });

  it('takes a solution once when two processes are sent it at the same moment', async () => {
    const other = await buildTestApp({
      sameDatabaseAs: t,
      env: { SUBMISSION_RATE_LIMIT_MAX: '1000' },
    });
    try {
      other.clock.now = t.clock.now;
      const humanProof = await solvedProof(t.app);
      const answers = await Promise.all([
        form.send({ humanProof, website: '' }),
        form.send({ humanProof, website: '' }, other),
      ]);
      expect(answers.map((res) => res.statusCode).sort()).toEqual([400, form.accepted].sort());
    } finally {
      await other.close();
    }
  });
});

describe(`the application form drawn without JavaScript, on ${testDatabase}`, () => {
  /** The form posted as a browser does without JavaScript: no CSRF header, a page back. */
  const post = (fields: ProofFields & Record<string, string>) => {
    const body = applyBody(fields);
    return t.app.inject({
      method: 'POST',
      url: `/api/jobs/${jobId}/applications`,
      payload: body.payload,
      headers: body.headers,
      remoteAddress: `198.51.100.${next() % 250}`,
    });
  };
  const drawn = async () => pageProofOf((await t.app.inject(`/jobs/${jobId}/application`)).body);

  it('takes the proof its page was drawn with, once; a second send gets the page again, as typed, with a new proof', async () => {
    const humanProof = await drawn();
    const before = await count('applications');
    expect((await post({ humanProof, website: '' })).statusCode).toBe(201);
    const again = await post({ humanProof, coverNote: 'Typed <i>again</i>' });
    expect(again.statusCode).toBe(400);
    expect(again.headers['content-type']).toMatch(/text\/html/);
    expect(again.body).toContain(HUMAN_PROOF_MESSAGES.refused);
    expect(again.body).toContain('Typed &#60;i&#62;again&#60;/i&#62;');
    const renewed = pageProofOf(again.body);
    expect(renewed).not.toBe(humanProof);
    expect((await post({ humanProof: renewed })).statusCode).toBe(201);
    expect(await count('applications')).toBe(before + 2);
  });

  it('refuses it without a proof, with a solved challenge of another key, with the honeypot filled, or past its two hours', async () => {
    const before = await count('applications');
    expect((await post({})).statusCode).toBe(400);
    expect((await post({ humanProof: await foreignProof() })).statusCode).toBe(400);
    expect((await post({ humanProof: await drawn(), website: 'x' })).statusCode).toBe(400);
    const humanProof = await drawn();
    const issued = t.clock.now;
    t.clock.now = new Date(issued.getTime() + 120 * 60_000);
    try {
      expect((await post({ humanProof })).statusCode).toBe(400);
    } finally {
      t.clock.now = issued;
    }
    expect(await count('applications')).toBe(before);
  });

  it("is the only form that takes a page proof: the board's dialog refuses one", async () => {
    log.length = 0;
    await expectRefused(
      await FORMS[3]!.send({ humanProof: await drawn() }),
      'page proof elsewhere',
    );
  });
});

describe(`the challenge and its keys on ${testDatabase}`, () => {
  it('GET /api/human-proof/challenge gives a challenge that, solved, a form takes', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/human-proof/challenge' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('no-store');
    const challenge = res.json();
    expect(is(challenge, HumanProofChallenge)).toBe(true);
    // Bounded work: the answer is a counter of the range, found by trying each from 0.
    expect(challenge.parameters).toMatchObject({ algorithm: 'PBKDF2/SHA-256', cost: 1000 });
    const humanProof = await solve(challenge);
    expect((await FORMS[1]!.send({ humanProof })).statusCode).toBe(201);
  });

  it("takes a challenge signed with the previous key after a rotation, and refuses the old key's once it is dropped", async () => {
    const oldKey = 'the board key before the rotation: 32 chars or more';
    const old = new Challenges(oldKey);
    const rotated = await buildTestApp({
      sameDatabaseAs: t,
      env: {
        HUMAN_PROOF_SECRET: 'the board key after the rotation: 32 chars or more',
        HUMAN_PROOF_SECRET_PREVIOUS: oldKey,
      },
    });
    const dropped = await buildTestApp({
      sameDatabaseAs: t,
      env: { HUMAN_PROOF_SECRET: 'the board key after the rotation: 32 chars or more' },
    });
    try {
      rotated.clock.now = dropped.clock.now = t.clock.now;
      const send = (app: TestApp, humanProof: string) => FORMS[1]!.send({ humanProof }, app);
      expect((await send(rotated, await solve(await old.issue(t.clock.now)))).statusCode).toBe(201);
      expect((await send(dropped, await solve(await old.issue(t.clock.now)))).statusCode).toBe(400);
      // What the new key signs, both take.
      expect((await send(dropped, await solvedProof(rotated.app))).statusCode).toBe(201);
    } finally {
      await rotated.close();
      await dropped.close();
    }
  });

  it('forgets spent solutions once their challenges have ended (the purge), and only those', async () => {
    await t.db('human_proof_spent').delete();
    const issued = t.clock.now;
    await FORMS[1]!.send({ humanProof: await solvedProof(t.app) });
    t.clock.now = new Date(issued.getTime() + 5 * 60_000);
    await FORMS[1]!.send({ humanProof: await solvedProof(t.app) });
    try {
      expect(await count('human_proof_spent')).toBe(2);
      t.clock.now = new Date(issued.getTime() + HUMAN_PROOF_LIMITS.challengeMinutes * 60_000);
      expect(await t.app.humanProof.purge(t.clock.now)).toBe(1);
      expect(await count('human_proof_spent')).toBe(1);
    } finally {
      t.clock.now = issued;
    }
  });
});
