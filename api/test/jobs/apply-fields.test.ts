import { ADMIN_MESSAGES, type AdminJob, type HistoryEntry } from '@jobboard/contract/admin';
import { APPLY_FIELD_MESSAGES, APPLY_LIMITS } from '@jobboard/contract/applications';
import type { Job } from '@jobboard/contract/jobs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn } from '../support/admin';
import { ADMIN_JOB_FORM } from '../support/jobs';
import { insertSubmission } from '../support/submissions';
import { buildTestApp, testDatabase, type TestApp } from '../support/test-app';

/**
 * How a job takes applications, through the admin's form (issue 42, docs/product.md#applying):
 * a link, an address the board relays to, or (for a listing an employer submitted) the board's
 * form. Every bad input gets its message; a save that does not give the apply fields keeps them.
 */

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await signedIn(t);
});
afterAll(() => t.close());

const RELAYED = 'hiring-desk@harborhealth.example';
const QUESTION = {
  id: 'x',
  kind: 'choice' as const,
  label: '  Which shift? ',
  required: true,
  choices: [' Day', 'Night ', ''],
};

const create = (payload: object) =>
  admin({ method: 'POST', url: '/api/admin/jobs', payload: { ...ADMIN_JOB_FORM, ...payload } });
const put = (id: string, payload: object) =>
  admin({ method: 'PUT', url: `/api/admin/jobs/${id}`, payload });
const adminJob = async (id: string) =>
  (await admin({ url: `/api/admin/jobs/${id}` })).json() as AdminJob;
const publicJob = async (id: string) => (await t.app.inject(`/api/jobs/${id}`)).json() as Job;
const historyOf = async (id: string) =>
  (await admin({ url: `/api/admin/jobs/${id}/history` })).json() as HistoryEntry[];

async function created(payload: object): Promise<string> {
  const res = await create(payload);
  expect(res.statusCode, res.body).toBe(201);
  return String((res.json() as AdminJob).id);
}

describe(`the admin's job form and how candidates apply, on ${testDatabase}`, () => {
  it('creates a job whose applications are relayed: the admin sees the address, the public never', async () => {
    const id = await created({
      applyMethod: 'email',
      applicationUrl: '',
      applicationEmail: ` ${RELAYED} `,
      howToApply: ' Tell us which shift suits you. ',
      screeningQuestions: [QUESTION],
    });
    expect(await adminJob(id)).toMatchObject({
      applyMethod: 'email',
      applicationEmail: RELAYED,
      howToApply: 'Tell us which shift suits you.',
      // Stored normalised: numbered, trimmed, blank choices left out.
      screeningQuestions: [
        {
          id: 'q1',
          kind: 'choice',
          label: 'Which shift?',
          required: true,
          choices: ['Day', 'Night'],
        },
      ],
    });
    const job = await publicJob(id);
    expect(job.apply).toEqual({
      method: 'board',
      questions: [
        {
          id: 'q1',
          kind: 'choice',
          label: 'Which shift?',
          required: true,
          choices: ['Day', 'Night'],
        },
      ],
      howToApply: 'Tell us which shift suits you.',
    });
    expect(job).not.toHaveProperty('applicationUrl');
    expect(JSON.stringify(job)).not.toContain(RELAYED);
  });

  it('creates a job by its link as before when the form sends no method (an older admin build)', async () => {
    const id = await created({});
    expect(await adminJob(id)).toMatchObject({
      applyMethod: 'link',
      applicationUrl: ADMIN_JOB_FORM.applicationUrl,
      applicationEmail: null,
      howToApply: null,
      screeningQuestions: [],
    });
    expect((await publicJob(id)).applicationUrl).toBe(ADMIN_JOB_FORM.applicationUrl);
    const res = await create({ applicationUrl: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ applicationUrl: ADMIN_MESSAGES.required });
  });

  it.each([
    [{ applyMethod: 'fax' }, { applyMethod: APPLY_FIELD_MESSAGES.method }],
    [{ applyMethod: 'link', applicationUrl: '' }, { applicationUrl: ADMIN_MESSAGES.required }],
    [
      { applyMethod: 'link', applicationUrl: 'ftp://x.example' },
      { applicationUrl: ADMIN_MESSAGES.url },
    ],
    [
      { applyMethod: 'email', applicationUrl: '', applicationEmail: '' },
      { applicationEmail: APPLY_FIELD_MESSAGES.applicationEmail },
    ],
    [
      { applyMethod: 'email', applicationEmail: 'a,b@x.example' },
      { applicationEmail: APPLY_FIELD_MESSAGES.applicationEmail },
    ],
    [
      { applicationEmail: 'not an address' },
      { applicationEmail: APPLY_FIELD_MESSAGES.applicationEmail },
    ],
    [
      { howToApply: 'x'.repeat(APPLY_LIMITS.howToApply + 1) },
      { howToApply: APPLY_FIELD_MESSAGES.howToApply },
    ],
    [
      { screeningQuestions: Array.from({ length: 6 }, () => QUESTION) },
      { screeningQuestions: APPLY_FIELD_MESSAGES.tooManyQuestions },
    ],
    [
      { screeningQuestions: [{ ...QUESTION, label: ' ' }] },
      { screeningQuestions: APPLY_FIELD_MESSAGES.questionLabel },
    ],
    [
      { screeningQuestions: [{ ...QUESTION, choices: ['Only one'] }] },
      { screeningQuestions: APPLY_FIELD_MESSAGES.choices },
    ],
    [
      { screeningQuestions: [{ kind: 'essay', label: 'Why?', required: true, choices: [] }] },
      { screeningQuestions: APPLY_FIELD_MESSAGES.questionShape },
    ],
    [{ screeningQuestions: 'Why?' }, { screeningQuestions: APPLY_FIELD_MESSAGES.questionShape }],
    // The board's form needs an employer to read its inbox: an admin's job has none.
    [
      { applyMethod: 'form', applicationUrl: '' },
      { applyMethod: APPLY_FIELD_MESSAGES.formNeedsEmployer },
    ],
  ])('refuses %j with its message, and stores nothing', async (fields, messages) => {
    const before = await t.db('jobs').count({ n: '*' });
    const res = await create(fields);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().fields).toEqual(messages);
    expect(await t.db('jobs').count({ n: '*' })).toEqual(before);
  });

  it('changes the way to apply alone, in the job’s history (the address is the admins’ to see there)', async () => {
    const id = await created({ howToApply: 'Mention the job title.' });
    const before = await adminJob(id);
    const missing = await put(id, { applyMethod: 'email' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields).toEqual({
      applicationEmail: APPLY_FIELD_MESSAGES.applicationEmail,
    });
    expect(await adminJob(id)).toEqual(before);

    const res = await put(id, { applyMethod: 'email', applicationEmail: RELAYED });
    expect(res.statusCode, res.body).toBe(200);
    const after = await adminJob(id);
    const { apply: _a, applyMethod: _m, applicationEmail: _e, ...rest } = after;
    const { apply: _b, applyMethod: _n, applicationEmail: _f, ...restBefore } = before;
    expect(rest).toEqual(restBefore);
    // The link stays stored (the admin may go back to it), out of the public answer.
    expect(after.applicationUrl).toBe(ADMIN_JOB_FORM.applicationUrl);
    expect(await publicJob(id)).not.toHaveProperty('applicationUrl');
    expect((await historyOf(id)).at(-1)).toMatchObject({
      kind: 'edited',
      summary: 'Edited: Changed how to apply',
      changes: [
        { field: 'applyMethod', from: 'link', to: 'email' },
        { field: 'applicationEmail', from: null, to: RELAYED },
      ],
    });

    // Back to the link it kept; a save without the apply fields keeps them all.
    expect((await put(id, { applyMethod: 'link' })).statusCode).toBe(200);
    expect((await put(id, { title: 'Grants Writer' })).statusCode).toBe(200);
    expect(await adminJob(id)).toMatchObject({
      applyMethod: 'link',
      applicationEmail: RELAYED,
      howToApply: 'Mention the job title.',
    });
    expect((await publicJob(id)).applicationUrl).toBe(ADMIN_JOB_FORM.applicationUrl);
  });

  it('refuses a link without an address to go to, whichever save gives the method', async () => {
    const id = await created({
      applyMethod: 'email',
      applicationUrl: '',
      applicationEmail: RELAYED,
    });
    const res = await put(id, { applyMethod: 'link' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ applicationUrl: APPLY_FIELD_MESSAGES.applicationUrl });
  });

  it('questions in the history read as words', async () => {
    const id = await created({});
    expect((await put(id, { screeningQuestions: [QUESTION] })).statusCode).toBe(200);
    const line = (await historyOf(id)).at(-1)!;
    expect(line.summary).toBe('Edited: Changed screening questions');
    expect(line.changes).toEqual([
      {
        field: 'screeningQuestions',
        from: null,
        to: JSON.stringify([
          {
            id: 'q1',
            kind: 'choice',
            label: 'Which shift?',
            required: true,
            choices: ['Day', 'Night'],
          },
        ]),
      },
    ]);
  });

  it('takes the board’s form for a listing an employer submitted, not for another', async () => {
    const submission = await insertSubmission(t.db, { status: 'approved' });
    const paid = await admin({
      method: 'POST',
      url: `/api/admin/submissions/${submission}/mark-paid`,
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const fromEmployer = String(paid.json().jobId);
    const res = await put(fromEmployer, { applyMethod: 'form', screeningQuestions: [QUESTION] });
    expect(res.statusCode, res.body).toBe(200);
    expect((await publicJob(fromEmployer)).apply).toMatchObject({ method: 'board' });

    const own = await created({});
    const refused = await put(own, { applyMethod: 'form' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields).toEqual({ applyMethod: APPLY_FIELD_MESSAGES.formNeedsEmployer });
  });
});
