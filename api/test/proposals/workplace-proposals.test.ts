import { PROPOSAL_MESSAGES, type AdminProposal } from '@jobboard/contract/employer';
import { WORKPLACE_MESSAGES } from '@jobboard/contract/jobs';
import { VALID_SUBMISSION } from '@jobboard/contract/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { signedIn } from '../support/admin';
import { signedInEmployer } from '../support/employers';
import { injectWithProof } from '../support/human-proof';
import { buildTestApp, testDatabase, type TestApp } from '../support/test-app';

/**
 * Workplace type (issue 47) on the employer's paths: the submission form's workplace and places,
 * kept through the review and published with the job; a submission of an older form (no
 * workplace), published remote when its location says so, as before; and a proposal of another
 * workplace, shown to the admin as a change and written on approval.
 */

const EMPLOYER = 'hiring@coastaljusticefund.org';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
beforeEach(async () => {
  t = await buildTestApp();
  admin = await signedIn(t);
});
afterEach(() => t.close());

const submit = (change: Record<string, unknown>) =>
  injectWithProof(t.app, {
    method: 'POST',
    url: '/api/submit-job-for-review',
    payload: { ...VALID_SUBMISSION, ...change },
  });

/** Submitted through the form, approved, and paid by check (recorded by hand): the live job's id. */
async function published(id: number | string): Promise<number> {
  const approved = await admin({ method: 'POST', url: `/api/admin/submissions/${id}/approve` });
  expect(approved.statusCode, approved.body).toBe(200);
  const result = await t.db.transaction((trx) =>
    t.app.payments.markPaidAndPublish(
      trx,
      Number(id),
      { provider: 'manual', actor: 'admin:test', amountCents: 9_900 },
      t.clock.now,
    ),
  );
  expect(result.outcome).toBe('published');
  return Number((await t.db('submissions').where({ id }).first()).job_id);
}

async function liveJob(change: Record<string, unknown>): Promise<number> {
  const submitted = await submit(change);
  expect(submitted.statusCode, submitted.body).toBe(201);
  return published(submitted.json().id);
}

const jobOf = async (jobId: number) =>
  (await t.app.inject({ method: 'GET', url: `/api/jobs/${jobId}` })).json();

describe(`the submission's workplace on ${testDatabase}`, () => {
  it('a hybrid job with its places: on the review card, then published with them', async () => {
    const submitted = await submit({ workplaceType: 'hybrid', remotePlaces: 'MD,  VA ; DC' });
    expect(submitted.statusCode, submitted.body).toBe(201);
    const id = submitted.json().id as string;
    const card = (await admin({ method: 'GET', url: `/api/admin/submissions/${id}` })).json();
    expect(card).toMatchObject({ workplaceType: 'hybrid', remotePlaces: 'MD, VA, DC' });

    expect(await jobOf(await published(id))).toMatchObject({
      workplaceType: 'hybrid',
      remotePlaces: 'MD, VA, DC',
      remote: false,
    });
  });

  it("refuses places with an on-site job and an unknown workplace, with the contract's words; nothing is stored", async () => {
    const onSite = await submit({ workplaceType: 'on_site', remotePlaces: 'US' });
    expect(onSite.statusCode).toBe(400);
    expect(onSite.json().fields).toEqual({ remotePlaces: WORKPLACE_MESSAGES.placesOnSite });
    const odd = await submit({ workplaceType: 'flexible' });
    expect(odd.json().fields).toEqual({ workplaceType: WORKPLACE_MESSAGES.workplaceType });
    expect(await t.db('submissions').count({ n: '*' })).toEqual([{ n: 0 }]);
  });

  it('an older form that sends no workplace: remote when its location says so, as before', async () => {
    const jobId = await liveJob({ location: 'Remote' });
    expect(await jobOf(jobId)).toMatchObject({ workplaceType: 'remote', remote: true });
  });
});

describe(`proposing another workplace on ${testDatabase}`, () => {
  it('prefills it, shows the admin the change, and approving writes it', async () => {
    const jobId = await liveJob({ workplaceType: 'on_site' });
    const as = await signedInEmployer(t, EMPLOYER);
    const form = (await as({ method: 'GET', url: `/api/employer/jobs/${jobId}/proposal` })).json();
    expect(form).toMatchObject({ workplaceType: 'on_site', remotePlaces: '' });

    const refused = await as({
      method: 'POST',
      url: `/api/employer/jobs/${jobId}/proposal`,
      payload: { ...form, remotePlaces: 'US' },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields).toEqual({ remotePlaces: WORKPLACE_MESSAGES.placesOnSite });

    const sent = await as({
      method: 'POST',
      url: `/api/employer/jobs/${jobId}/proposal`,
      payload: { ...form, workplaceType: 'remote', remotePlaces: 'US' },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const [proposal] = (
      await admin({ method: 'GET', url: '/api/admin/proposals' })
    ).json() as AdminProposal[];
    expect(proposal!.changes).toEqual([
      { field: 'workplaceType', from: 'on_site', to: 'remote' },
      { field: 'remotePlaces', from: null, to: 'US' },
    ]);
    const approved = await admin({
      method: 'POST',
      url: `/api/admin/proposals/${proposal!.id}/approve`,
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().message).toBe(PROPOSAL_MESSAGES.approvedNotice);
    expect(await jobOf(jobId)).toMatchObject({
      workplaceType: 'remote',
      remotePlaces: 'US',
      remote: true,
    });
  });
});
