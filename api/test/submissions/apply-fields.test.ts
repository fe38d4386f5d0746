import type { AdminJob, AdminSubmission } from '@jobboard/contract/admin';
import { APPLY_FIELD_MESSAGES } from '@jobboard/contract/applications';
import type { AdminProposal, JobProposalForm } from '@jobboard/contract/employer';
import type { Job } from '@jobboard/contract/jobs';
import type { SubmissionForm } from '@jobboard/contract/submissions';
import { VALID_SUBMISSION } from '@jobboard/contract/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn } from '../support/admin';
import { signedInEmployer } from '../support/employers';
import { buildTestApp, testDatabase, type TestApp } from '../support/test-app';
import { injectWithProof } from '../support/human-proof';

/**
 * How candidates apply, chosen by the employer (issue 42, docs/product.md#applying): the public
 * form, the employer's edit before approval, publishing after payment, the review card and the
 * employer's proposed changes all carry it; the relayed address reaches no public answer.
 */

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
let employer: Awaited<ReturnType<typeof signedInEmployer>>;

beforeAll(async () => {
  t = await buildTestApp({ env: { SUBMISSION_RATE_LIMIT_MAX: '1000' } });
  admin = await signedIn(t);
  // An address signs in once it has a listing.
  await submitted({});
  employer = await signedInEmployer(t, VALID_SUBMISSION.contactEmail);
});
afterAll(() => t.close());

const RELAYED = 'applications@coastaljusticefund.org';
const DESCRIPTION = `${VALID_SUBMISSION.description} We work across the Gulf coast with partners.`;
const QUESTION = { id: '', kind: 'yesNo', label: ' Can you travel? ', required: true, choices: [] };

async function submitted(change: Record<string, unknown>): Promise<string> {
  const res = await injectWithProof(t.app, {
    method: 'POST',
    url: '/api/submit-job-for-review',
    payload: { ...VALID_SUBMISSION, description: DESCRIPTION, ...change },
  });
  expect(res.statusCode, res.body).toBe(201);
  return String(res.json().id);
}

const reviewCard = async (id: string) =>
  (await admin({ url: `/api/admin/submissions/${id}` })).json() as AdminSubmission;

/** Approved and marked paid by an admin: the live job's id. */
async function published(id: string): Promise<string> {
  const res = await admin({ method: 'POST', url: `/api/admin/submissions/${id}/mark-paid` });
  expect(res.statusCode, res.body).toBe(200);
  return String(res.json().jobId);
}

const approve = async (id: string) => {
  await t.db('submissions').where({ id }).update({ status: 'approved' });
};
const adminJob = async (id: string) =>
  (await admin({ url: `/api/admin/jobs/${id}` })).json() as AdminJob;
const publicJob = async (id: string) => (await t.app.inject(`/api/jobs/${id}`)).json() as Job;

describe(`the public form's ways to apply, on ${testDatabase}`, () => {
  it('a relayed e-mail needs no link; the review card and the admin see the address, the public job never', async () => {
    const id = await submitted({
      applyMethod: 'email',
      applicationUrl: '',
      applicationEmail: RELAYED,
      howToApply: 'Include two writing samples.',
      screeningQuestions: [QUESTION],
    });
    expect(await reviewCard(id)).toMatchObject({
      applyMethod: 'email',
      applicationUrl: '',
      applicationEmail: RELAYED,
      howToApply: 'Include two writing samples.',
      screeningQuestions: [
        { id: 'q1', kind: 'yesNo', label: 'Can you travel?', required: true, choices: [] },
      ],
    });
    await approve(id);
    const jobId = await published(id);
    expect(await adminJob(jobId)).toMatchObject({
      applyMethod: 'email',
      applicationEmail: RELAYED,
      howToApply: 'Include two writing samples.',
    });
    const job = await publicJob(jobId);
    expect(job.apply).toMatchObject({
      method: 'board',
      howToApply: 'Include two writing samples.',
    });
    expect(job).not.toHaveProperty('applicationUrl');
    expect(JSON.stringify(job)).not.toContain(RELAYED);
  });

  it('an older form (no method) is a link, as before, and its job links out', async () => {
    const id = await submitted({});
    expect(await reviewCard(id)).toMatchObject({
      applyMethod: 'link',
      applicationUrl: VALID_SUBMISSION.applicationUrl,
      applicationEmail: null,
      screeningQuestions: [],
    });
    await approve(id);
    const job = await publicJob(await published(id));
    expect(job.applicationUrl).toBe(VALID_SUBMISSION.applicationUrl);
    expect(job.apply).toEqual({ method: 'link', questions: [] });
  });

  it("the board's form with its questions", async () => {
    const id = await submitted({
      applyMethod: 'form',
      applicationUrl: '',
      screeningQuestions: [
        QUESTION,
        { ...QUESTION, kind: 'choice', choices: ['Yes', 'Sometimes'] },
      ],
    });
    await approve(id);
    const job = await publicJob(await published(id));
    expect(job.apply).toEqual({
      method: 'board',
      questions: [
        { id: 'q1', kind: 'yesNo', label: 'Can you travel?', required: true, choices: [] },
        {
          id: 'q2',
          kind: 'choice',
          label: 'Can you travel?',
          required: true,
          choices: ['Yes', 'Sometimes'],
        },
      ],
    });
  });

  it('the employer’s edit before approval takes the same fields and checks', async () => {
    const id = await submitted({});
    const form = (
      await employer({ url: `/api/employer/submissions/${id}` })
    ).json() as SubmissionForm;
    expect(form).toMatchObject({
      applyMethod: 'link',
      applicationEmail: '',
      howToApply: '',
      screeningQuestions: [],
    });
    const put = (payload: object) =>
      employer({ method: 'PUT', url: `/api/employer/submissions/${id}`, payload });
    const missing = await put({ ...form, applyMethod: 'email', applicationUrl: '' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields).toEqual({
      applicationEmail: APPLY_FIELD_MESSAGES.applicationEmail,
    });
    const res = await put({
      ...form,
      applyMethod: 'email',
      applicationUrl: '',
      applicationEmail: RELAYED,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await reviewCard(id)).toMatchObject({
      applyMethod: 'email',
      applicationEmail: RELAYED,
      title: VALID_SUBMISSION.title,
      editedAt: expect.any(String),
    });
  });
});

describe(`the employer's proposed changes of how to apply, on ${testDatabase}`, () => {
  it('go through review like other fields, and approved, change those fields alone', async () => {
    const id = await submitted({});
    await approve(id);
    const jobId = await published(id);
    const before = await adminJob(jobId);
    const formRes = await employer({ url: `/api/employer/jobs/${jobId}/proposal` });
    expect(formRes.statusCode, formRes.body).toBe(200);
    const form = formRes.json() as JobProposalForm;
    expect(form).toMatchObject({
      applyMethod: 'link',
      applicationEmail: '',
      screeningQuestions: [],
    });

    const propose = (payload: object) =>
      employer({ method: 'POST', url: `/api/employer/jobs/${jobId}/proposal`, payload });
    const bad = await propose({ ...form, applyMethod: 'email' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({ applicationEmail: APPLY_FIELD_MESSAGES.applicationEmail });

    const saved = await propose({
      ...form,
      applyMethod: 'form',
      screeningQuestions: [QUESTION],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const [proposal] = (await admin({ url: '/api/admin/proposals' })).json() as AdminProposal[];
    const stored = JSON.stringify([
      { id: 'q1', kind: 'yesNo', label: 'Can you travel?', required: true, choices: [] },
    ]);
    expect(proposal!.changes).toEqual([
      { field: 'applyMethod', from: 'link', to: 'form' },
      { field: 'screeningQuestions', from: null, to: stored },
    ]);
    // Nothing changes until an admin approves.
    expect(await adminJob(jobId)).toEqual(before);
    const approved = await admin({
      method: 'POST',
      url: `/api/admin/proposals/${proposal!.id}/approve`,
    });
    expect(approved.statusCode, approved.body).toBe(200);
    const after = await adminJob(jobId);
    expect(after).toMatchObject({
      applyMethod: 'form',
      screeningQuestions: JSON.parse(stored),
      applicationUrl: VALID_SUBMISSION.applicationUrl,
    });
    const { apply: _a, applyMethod: _m, screeningQuestions: _q, ...rest } = after;
    const { apply: _b, applyMethod: _n, screeningQuestions: _r, ...restBefore } = before;
    expect(rest).toEqual(restBefore);
    expect((await publicJob(jobId)).apply?.method).toBe('board');
  });
});
