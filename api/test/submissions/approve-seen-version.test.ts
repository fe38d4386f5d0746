import { ADMIN_MESSAGES, type AdminSubmission } from '@jobboard/contract/admin';
import { VALID_SUBMISSION } from '@jobboard/contract/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { signedIn } from '../support/admin';
import { signedInEmployer } from '../support/employers';
import { buildTestApp, testDatabase, type TestApp } from '../support/test-app';
import { injectWithProof } from '../support/human-proof';

/**
 * Approving names the version of the submission the admin read (issue 43, finding 13): an
 * employer's edit made while the card was open is refused with 409, changing nothing, instead of
 * being published unseen.
 */

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;

beforeEach(async () => {
  t = await buildTestApp();
  admin = await signedIn(t);
});
afterEach(() => t.close());

async function submit(): Promise<number> {
  const res = await injectWithProof(t.app, {
    method: 'POST',
    url: '/api/submit-job-for-review',
    payload: VALID_SUBMISSION,
  });
  expect(res.statusCode, res.body).toBe(201);
  return Number(res.json().id);
}

const card = async (id: number): Promise<AdminSubmission> =>
  (await admin({ method: 'GET', url: `/api/admin/submissions/${id}` })).json();

const approve = (id: number, editedAt: string | null | undefined) =>
  admin({
    method: 'POST',
    url: `/api/admin/submissions/${id}/approve`,
    payload: editedAt === undefined ? {} : { editedAt },
  });

const approvalMails = async (id: number) =>
  Number(
    (
      await t
        .db('outbox')
        .where({ submission_id: id, template: 'submission-approved' })
        .count('* as n')
    )[0]!.n,
  );

describe(`approving the version the admin read, on ${testDatabase}`, () => {
  it('refuses an approval of a card read before the employer edited it, and changes nothing', async () => {
    const id = await submit();
    const read = await card(id);
    expect(read.editedAt).toBeNull();

    t.clock.now = new Date(t.clock.now.getTime() + 60_000);
    const employer = await signedInEmployer(t, VALID_SUBMISSION.contactEmail);
    const edit = await employer({
      method: 'PUT',
      url: `/api/employer/submissions/${id}`,
      payload: { ...VALID_SUBMISSION, description: `${VALID_SUBMISSION.description} Send $50.` },
    });
    expect(edit.statusCode, edit.body).toBe(200);

    const stale = await approve(id, read.editedAt);
    expect(stale.statusCode, stale.body).toBe(409);
    expect(stale.json().message).toBe(ADMIN_MESSAGES.editedDuringReview);
    const after = await card(id);
    expect(after.submissionStatus).toBe('pending_review');
    expect(await approvalMails(id)).toBe(0);

    // Read again, the edit in view: the approval goes through.
    expect(after.editedAt).toBe(t.clock.now.toISOString());
    const fresh = await approve(id, after.editedAt);
    expect(fresh.statusCode, fresh.body).toBe(200);
    expect(fresh.json().submission.submissionStatus).toBe('approved');
    expect(await approvalMails(id)).toBe(1);
  });

  it('approves a never-edited submission read as such', async () => {
    const id = await submit();
    const res = await approve(id, null);
    expect(res.statusCode, res.body).toBe(200);
  });

  it('refuses a version the submission never had', async () => {
    const id = await submit();
    const res = await approve(id, '2020-01-01T00:00:00.000Z');
    expect(res.statusCode, res.body).toBe(409);
  });
});
