import {
  EMPLOYER_MESSAGES,
  PROPOSAL_MESSAGES,
  TYPO_FIX_LIMITS,
  type AdminProposal,
  type EmployerListing,
  type JobProposalForm,
} from '@jobboard/contract/employer';
import { SUBMISSION_LIMITS } from '@jobboard/contract/submissions';
import { VALID_SUBMISSION } from '@jobboard/contract/testing';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CSRF, signedIn } from '../support/admin';
import { signedInEmployer } from '../support/employers';
import { startFakeStripe, type FakeStripe } from '../support/fake-stripe';
import { pay, startCheckout, stripeEnv, tokenOf } from '../support/payments';
import { buildTestApp, testDatabase, type TestApp } from '../support/test-app';
import { injectWithProof } from '../support/human-proof';

/**
 * Changes an employer proposes to their live job (issue 30): stored for the admin's review (one
 * pending per job, a new one replacing it), withdrawn, approved from a diff (only the proposed
 * fields written, through the admin's edit path: search, cache, history, e-mail) or rejected with
 * a reason (e-mail); a typo fix live at once only with the admin's setting on and under the
 * limit; only the job's own address, only a live job.
 */

const EMPLOYER = 'hiring@coastaljusticefund.org';
const OTHER = 'jobs@elsewhere.example';
/** Long enough that a small fix is within TYPO_FIX_LIMITS.maxShare of it. */
const LONG_DESCRIPTION = `${'Lead our communications team and tell the story of the climate justice movement. '.repeat(8)}Travel is rare.`;

let stripe: FakeStripe;
let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;

beforeAll(async () => {
  stripe = await startFakeStripe({ webhookSecret: 'whsec_test_secret' });
});
afterAll(() => stripe.close());
beforeEach(async () => {
  t = await buildTestApp({ env: stripeEnv(stripe) });
  admin = await signedIn(t);
  stripe.reset();
});
afterEach(() => t.close());

/** Submitted, approved and paid: the live job's id. */
async function liveJob(change: Record<string, unknown> = {}): Promise<number> {
  const submitted = await injectWithProof(t.app, {
    method: 'POST',
    url: '/api/submit-job-for-review',
    payload: { ...VALID_SUBMISSION, description: LONG_DESCRIPTION, ...change },
  });
  expect(submitted.statusCode, submitted.body).toBe(201);
  const id = Number(submitted.json().id);
  const approved = await admin({ method: 'POST', url: `/api/admin/submissions/${id}/approve` });
  expect(approved.statusCode, approved.body).toBe(200);
  const session = await startCheckout(t, stripe, tokenOf(approved.json().paymentUrl));
  await pay(t, stripe, session);
  return Number((await t.db('submissions').where({ id }).first()).job_id);
}

type As = Awaited<ReturnType<typeof signedInEmployer>>;

async function formOf(as: As, jobId: number): Promise<JobProposalForm> {
  const res = await as({ method: 'GET', url: `/api/employer/jobs/${jobId}/proposal` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const propose = (as: As, jobId: number, payload: Record<string, unknown>) =>
  as({ method: 'POST', url: `/api/employer/jobs/${jobId}/proposal`, payload });

async function pending(): Promise<AdminProposal[]> {
  const res = await admin({ method: 'GET', url: '/api/admin/proposals' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const jobOf = async (jobId: number) =>
  (await admin({ method: 'GET', url: `/api/admin/jobs/${jobId}` })).json();

const historyOf = async (jobId: number) =>
  (await admin({ method: 'GET', url: `/api/admin/jobs/${jobId}/history` })).json() as {
    kind: string;
    actor: string;
    summary: string;
  }[];

const searchIds = async (query: string) =>
  (await t.app.inject({ method: 'POST', url: '/api/jobs/search', payload: { query } }))
    .json()
    .jobs.map((j: { id: string }) => j.id);

const proposalMail = () => t.db('outbox').where({ template: 'proposal-decided' }).orderBy('id');

async function listingOf(as: As, jobId: number): Promise<EmployerListing> {
  const res = await as({ method: 'GET', url: '/api/employer/listings' });
  return res.json().listings.find((l: EmployerListing) => l.jobId === String(jobId));
}

const setTypoFixes = (on: boolean) =>
  admin({ method: 'PUT', url: '/api/admin/settings', payload: { employerTypoFixes: on } });

describe(`proposing changes to a live job, on ${testDatabase}`, () => {
  it('prefills the form from the job, stores only the changed fields, and the listing says it waits', async () => {
    const jobId = await liveJob();
    const as = await signedInEmployer(t, EMPLOYER);
    const form = await formOf(as, jobId);
    expect(form).toMatchObject({
      title: VALID_SUBMISSION.title,
      location: VALID_SUBMISSION.location,
      salaryMin: '85000',
      description: LONG_DESCRIPTION,
      responsibilities: [],
    });
    const before = await listingOf(as, jobId);
    expect(before).toMatchObject({ canPropose: true, proposal: null });

    const unchanged = await propose(as, jobId, form);
    expect(unchanged.statusCode).toBe(400);
    expect(unchanged.json().message).toContain(PROPOSAL_MESSAGES.nothingChanged);

    const res = await propose(as, jobId, {
      ...form,
      title: 'Head of Communications',
      salaryMax: '110000',
      requirements: ['Five years of campaign work', ' '],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ outcome: 'pending', message: PROPOSAL_MESSAGES.saved });
    const row = await t.db('job_proposals').where({ job_id: jobId }).first();
    expect(JSON.parse(row.changes)).toEqual({
      title: 'Head of Communications',
      salaryMax: 110000,
      requirements: ['Five years of campaign work'],
    });
    expect(row).toMatchObject({ email: EMPLOYER, status: 'pending' });
    // The job is as it was until the admin approves.
    expect((await jobOf(jobId)).title).toBe(VALID_SUBMISSION.title);

    const listing = await listingOf(as, jobId);
    expect(listing.proposal).toMatchObject({ status: 'pending', id: String(row.id) });
    // The form reopens with the pending proposal's values.
    expect(await formOf(as, jobId)).toMatchObject({
      title: 'Head of Communications',
      salaryMax: '110000',
      requirements: ['Five years of campaign work'],
    });
  });

  it('validates like the submission form and loses nothing stored', async () => {
    const jobId = await liveJob();
    const as = await signedInEmployer(t, EMPLOYER);
    const form = await formOf(as, jobId);
    for (const bad of [
      { title: '' },
      { applicationUrl: 'not a url' },
      { salaryMin: '200000', salaryMax: '100000' },
      { description: 'short' },
      { benefits: Array.from({ length: 51 }, () => 'x') },
    ]) {
      const res = await propose(as, jobId, { ...form, ...bad });
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect(await t.db('job_proposals')).toEqual([]);
  });

  it('replaces the pending proposal with a new one, and withdraws it', async () => {
    const jobId = await liveJob();
    const as = await signedInEmployer(t, EMPLOYER);
    const form = await formOf(as, jobId);
    expect((await propose(as, jobId, { ...form, title: 'First idea' })).statusCode).toBe(200);
    expect((await propose(as, jobId, { ...form, title: 'Second idea' })).statusCode).toBe(200);
    const rows = await t.db('job_proposals').where({ job_id: jobId }).orderBy('id');
    expect(rows.map((r) => r.status)).toEqual(['withdrawn', 'pending']);
    expect((await pending()).map((p) => p.changes)).toEqual([
      [{ field: 'title', from: VALID_SUBMISSION.title, to: 'Second idea' }],
    ]);

    const withdrawn = await as({ method: 'DELETE', url: `/api/employer/jobs/${jobId}/proposal` });
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect(withdrawn.json().message).toBe(PROPOSAL_MESSAGES.withdrawn);
    expect(await pending()).toEqual([]);
    expect((await listingOf(as, jobId)).proposal).toMatchObject({ status: 'withdrawn' });
    const again = await as({ method: 'DELETE', url: `/api/employer/jobs/${jobId}/proposal` });
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(PROPOSAL_MESSAGES.noPending);
  });

  it('keeps one pending proposal when two are saved at once', async () => {
    const jobId = await liveJob();
    const as = await signedInEmployer(t, EMPLOYER);
    const form = await formOf(as, jobId);
    const answers = await Promise.all(
      ['One', 'Two', 'Three'].map((title) => propose(as, jobId, { ...form, title })),
    );
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200, 200]);
    const rows = await t.db('job_proposals').where({ job_id: jobId });
    expect(rows.filter((row) => row.status === 'pending')).toHaveLength(1);
    expect(rows.filter((row) => row.status === 'withdrawn')).toHaveLength(2);
  });

  it('is 404 for another address, and refused for a job that is not live', async () => {
    const jobId = await liveJob();
    const mine = await signedInEmployer(t, EMPLOYER);
    const form = await formOf(mine, jobId);
    await liveJob({ contactEmail: OTHER, title: 'Their own job' });
    const other = await signedInEmployer(t, OTHER);
    for (const attempt of [
      { method: 'GET' as const, url: `/api/employer/jobs/${jobId}/proposal` },
      {
        method: 'POST' as const,
        url: `/api/employer/jobs/${jobId}/proposal`,
        payload: { ...form, title: 'Hijacked' },
      },
      { method: 'DELETE' as const, url: `/api/employer/jobs/${jobId}/proposal` },
      { method: 'GET' as const, url: '/api/employer/jobs/999999/proposal' },
    ]) {
      const res = await other(attempt);
      expect(res.statusCode, `${attempt.method} ${attempt.url}`).toBe(404);
      expect(res.json().message).toBe(EMPLOYER_MESSAGES.listingNotFound);
    }
    expect(await t.db('job_proposals')).toEqual([]);

    const closed = await mine({
      method: 'POST',
      url: `/api/employer/jobs/${jobId}/close`,
      payload: { reason: 'filled' },
    });
    expect(closed.statusCode).toBe(200);
    expect(closed.json()).toMatchObject({ canPropose: false });
    const res = await propose(mine, jobId, { ...form, title: 'Too late' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(PROPOSAL_MESSAGES.notLive);
    expect(await t.db('job_proposals')).toEqual([]);
  });

  it('stores the proposal of the longest address a submission may give (job_proposals.email, varchar 320)', async () => {
    const longest = `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(57)}.org`;
    expect(longest).toHaveLength(SUBMISSION_LIMITS.contactEmail);
    const jobId = await liveJob({ contactEmail: longest });
    const as = await signedInEmployer(t, longest);
    const res = await propose(as, jobId, { ...(await formOf(as, jobId)), title: 'Renamed' });
    expect(res.statusCode, res.body).toBe(200);
    expect((await t.db('job_proposals').first()).email).toBe(longest);
  });

  it('needs the CSRF header and an employer session', async () => {
    const jobId = await liveJob();
    const anonymous = await t.app.inject({
      method: 'POST',
      url: `/api/employer/jobs/${jobId}/proposal`,
      headers: CSRF,
      payload: {},
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe(`the admin's review of proposals, on ${testDatabase}`, () => {
  it('approves: the proposed fields applied, the others untouched, search and history follow, the employer told', async () => {
    const jobId = await liveJob();
    const as = await signedInEmployer(t, EMPLOYER);
    const form = await formOf(as, jobId);
    // Read once, so the search answer is in the public cache before the change.
    expect(await searchIds('Communications')).toContain(String(jobId));
    expect(await searchIds('Bioregional')).toEqual([]);
    await propose(as, jobId, {
      ...form,
      title: 'Bioregional Communications Lead',
      description: `${LONG_DESCRIPTION} Remote-friendly.`,
    });
    // Meanwhile the admin changes another field: the approval keeps it.
    const put = await admin({
      method: 'PUT',
      url: `/api/admin/jobs/${jobId}`,
      payload: { featured: true, locations: ['Baltimore, MD'] },
    });
    expect(put.statusCode, put.body).toBe(200);

    const [proposal] = await pending();
    expect(proposal).toMatchObject({ jobId: String(jobId), email: EMPLOYER });
    expect(proposal!.changes.map((c) => c.field)).toEqual(['title', 'description']);
    expect(proposal!.changes[0]).toEqual({
      field: 'title',
      from: VALID_SUBMISSION.title,
      to: 'Bioregional Communications Lead',
    });

    const res = await admin({
      method: 'POST',
      url: `/api/admin/proposals/${proposal!.id}/approve`,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(PROPOSAL_MESSAGES.approvedNotice);

    const job = await jobOf(jobId);
    expect(job).toMatchObject({
      title: 'Bioregional Communications Lead',
      description: `${LONG_DESCRIPTION} Remote-friendly.`,
      featured: true,
      locations: ['Baltimore, MD'],
      salaryMin: 85000,
      salaryMax: 105000,
      deadline: VALID_SUBMISSION.deadline,
      applicationUrl: VALID_SUBMISSION.applicationUrl,
    });
    expect(await searchIds('Bioregional')).toEqual([String(jobId)]);
    expect(await historyOf(jobId)).toContainEqual(
      expect.objectContaining({
        kind: 'edited',
        actor: 'admin:alice',
        summary: expect.stringContaining(PROPOSAL_MESSAGES.approvedLine('alice')),
      }),
    );
    expect(await pending()).toEqual([]);
    const [mail] = await proposalMail();
    expect(mail).toMatchObject({ to_address: EMPLOYER });
    expect(mail.text_body).toContain('approved');
    expect(mail.text_body).toContain('/employer');
    expect((await listingOf(as, jobId)).proposal).toMatchObject({ status: 'approved' });

    const twice = await admin({
      method: 'POST',
      url: `/api/admin/proposals/${proposal!.id}/approve`,
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(PROPOSAL_MESSAGES.alreadyDecided);
  });

  it('rejects with a reason the employer is e-mailed; the job stays as it is', async () => {
    const jobId = await liveJob();
    const as = await signedInEmployer(t, EMPLOYER);
    await propose(as, jobId, { ...(await formOf(as, jobId)), title: 'Something else entirely' });
    const [proposal] = await pending();
    const blank = await admin({
      method: 'POST',
      url: `/api/admin/proposals/${proposal!.id}/reject`,
      payload: { reason: '  ' },
    });
    expect(blank.statusCode).toBe(400);
    const res = await admin({
      method: 'POST',
      url: `/api/admin/proposals/${proposal!.id}/reject`,
      payload: { reason: 'The title must name the role.' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await jobOf(jobId)).title).toBe(VALID_SUBMISSION.title);
    const [mail] = await proposalMail();
    expect(mail.to_address).toBe(EMPLOYER);
    expect(mail.text_body).toContain('Reason: The title must name the role.');
    expect(mail.text_body).toContain('/employer');
    expect((await listingOf(as, jobId)).proposal).toMatchObject({
      status: 'rejected',
      reason: 'The title must name the role.',
    });
    const missing = await admin({ method: 'POST', url: '/api/admin/proposals/999999/approve' });
    expect(missing.statusCode).toBe(404);
  });

  it("refuses to apply a proposal to a job taken off the board since; the employer's close withdraws it", async () => {
    const removed = await liveJob();
    const as = await signedInEmployer(t, EMPLOYER);
    await propose(as, removed, { ...(await formOf(as, removed)), title: 'Senior role' });
    const [proposal] = await pending();
    const off = await admin({
      method: 'PUT',
      url: `/api/admin/jobs/${removed}`,
      payload: { active: false },
    });
    expect(off.statusCode, off.body).toBe(200);
    const refused = await admin({
      method: 'POST',
      url: `/api/admin/proposals/${proposal!.id}/approve`,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(PROPOSAL_MESSAGES.jobNotLive);
    expect((await jobOf(removed)).title).toBe(VALID_SUBMISSION.title);
    const rejected = await admin({
      method: 'POST',
      url: `/api/admin/proposals/${proposal!.id}/reject`,
      payload: { reason: 'The job is no longer on the board.' },
    });
    expect(rejected.statusCode, rejected.body).toBe(200);

    const filled = await liveJob({ title: 'Filled role' });
    await propose(as, filled, { ...(await formOf(as, filled)), title: 'Filled role, senior' });
    expect(await pending()).toHaveLength(1);
    const closed = await as({
      method: 'POST',
      url: `/api/employer/jobs/${filled}/close`,
      payload: { reason: 'filled' },
    });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json().proposal).toMatchObject({ status: 'withdrawn' });
    expect(await pending()).toEqual([]);
  });

  it('is the admin’s alone: the routes need an admin session', async () => {
    for (const attempt of [
      { method: 'GET' as const, url: '/api/admin/proposals' },
      { method: 'POST' as const, url: '/api/admin/proposals/1/approve' },
      { method: 'GET' as const, url: '/api/admin/settings' },
      { method: 'PUT' as const, url: '/api/admin/settings', payload: { employerTypoFixes: true } },
    ]) {
      const res = await t.app.inject({ ...attempt, headers: CSRF });
      expect(res.statusCode, `${attempt.method} ${attempt.url}`).toBe(401);
    }
    // An employer's session is not an admin's.
    await liveJob();
    const as = await signedInEmployer(t, EMPLOYER);
    expect((await as({ method: 'GET', url: '/api/admin/settings' })).statusCode).toBe(401);
  });
});

describe(`typo fixes, on ${testDatabase}`, () => {
  const typo = (form: JobProposalForm) => ({
    ...form,
    description: form.description.replace('Travel is rare.', 'Travel is rarely needed.'),
  });

  it('wait for review while the setting is off (its default)', async () => {
    expect((await admin({ method: 'GET', url: '/api/admin/settings' })).json()).toMatchObject({
      employerTypoFixes: false,
      requirePay: false,
      reportThreshold: 3,
    });
    const jobId = await liveJob();
    const as = await signedInEmployer(t, EMPLOYER);
    const res = await propose(as, jobId, typo(await formOf(as, jobId)));
    expect(res.json()).toMatchObject({ outcome: 'pending' });
    expect((await jobOf(jobId)).description).toBe(LONG_DESCRIPTION);
  });

  it('go live at once with the setting on, and the admin sees them in the history', async () => {
    const saved = await setTypoFixes(true);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ employerTypoFixes: true, requirePay: false });
    const jobId = await liveJob();
    const as = await signedInEmployer(t, EMPLOYER);
    const form = await formOf(as, jobId);
    expect(await searchIds('rarely')).toEqual([]);
    const res = await propose(as, jobId, typo(form));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ outcome: 'live', message: PROPOSAL_MESSAGES.typoFixed });
    expect((await jobOf(jobId)).description).toContain('Travel is rarely needed.');
    expect(await searchIds('rarely')).toEqual([String(jobId)]);
    expect(await pending()).toEqual([]);
    expect(await historyOf(jobId)).toContainEqual(
      expect.objectContaining({
        kind: 'edited',
        actor: 'employer',
        summary: expect.stringContaining(PROPOSAL_MESSAGES.typoFixLine),
      }),
    );
    expect((await listingOf(as, jobId)).proposal).toMatchObject({ status: 'approved' });
  });

  it(`wait for review over ${TYPO_FIX_LIMITS.maxChars} characters, or when another field changes`, async () => {
    await setTypoFixes(true);
    const jobId = await liveJob();
    const as = await signedInEmployer(t, EMPLOYER);
    const form = await formOf(as, jobId);
    const big = await propose(as, jobId, {
      ...form,
      description: `${form.description} ${'x'.repeat(TYPO_FIX_LIMITS.maxChars)}`,
    });
    expect(big.json()).toMatchObject({ outcome: 'pending' });
    const withTitle = await propose(as, jobId, { ...typo(form), title: 'Director' });
    expect(withTitle.json()).toMatchObject({ outcome: 'pending' });
    expect((await jobOf(jobId)).description).toBe(LONG_DESCRIPTION);
  });

  it('share one budget per listing between reviews: chained fixes cannot rewrite it unseen', async () => {
    await setTypoFixes(true);
    const jobId = await liveJob();
    const as = await signedInEmployer(t, EMPLOYER);
    // Each fix changes 8 characters of the text as it is, well under the limit alone; measured
    // from the reviewed text, the third brings the chain past TYPO_FIX_LIMITS.maxChars.
    const fix = async (word: string) => {
      const form = await formOf(as, jobId);
      const res = await propose(as, jobId, {
        ...form,
        description: `${form.description} ${word}`,
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().outcome as string;
    };
    expect(8 * 3).toBeGreaterThan(TYPO_FIX_LIMITS.maxChars);
    expect(await fix('Remote.')).toBe('live');
    expect(await fix('Hybrid.')).toBe('live');
    expect(await fix('Onsite.')).toBe('pending');
    expect((await jobOf(jobId)).description).toBe(`${LONG_DESCRIPTION} Remote. Hybrid.`);
    const [waiting] = await pending();
    expect(waiting).toMatchObject({ jobId: String(jobId) });

    // The admin approves it: the texts are reviewed again, and a new budget starts from them.
    const approved = await admin({
      method: 'POST',
      url: `/api/admin/proposals/${waiting!.id}/approve`,
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(await fix('Travel.')).toBe('live');
  });

  it(`wait for review over ${TYPO_FIX_LIMITS.maxShare * 100}% of a short text`, async () => {
    await setTypoFixes(true);
    const jobId = await liveJob({
      description: 'A short description of the role, some fifty characters long.',
    });
    const as = await signedInEmployer(t, EMPLOYER);
    const form = await formOf(as, jobId);
    const res = await propose(as, jobId, {
      ...form,
      description: form.description.replace('fifty', 'forty-five'),
    });
    expect(res.json()).toMatchObject({ outcome: 'pending' });
  });
});
