import { ENDPOINTS } from '@jobboard/contract/endpoints';
import { VALID_SUBMISSION } from '@jobboard/contract/testing';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CSRF, signedIn } from '../support/admin';
import { askForLink, employerCookie, newestLinkToken, signInWith } from '../support/employers';
import { startFakeStripe, type FakeStripe } from '../support/fake-stripe';
import { injectWithProof } from '../support/human-proof';
import { pay, startCheckout, stripeEnv, tokenOf } from '../support/payments';
import { giveCredits, insertSubmission, organizationOf } from '../support/submissions';
import { buildTestApp, testDatabase, type TestApp } from '../support/test-app';

/**
 * "An organisation is tied to the company record" (issue 47): a new address's organisation starts
 * tied to no company; publishing its first listing ties it to that job's company, in the same
 * transaction, with a line in its history; a later listing naming another company keeps the tie.
 */

const ANA = 'ana@acme-advocacy.org';
const CARL = 'carl@credit-coop.org';

let stripe: FakeStripe;
let t: TestApp;

beforeAll(async () => {
  stripe = await startFakeStripe({ webhookSecret: 'whsec_test_secret' });
});
afterAll(() => stripe.close());
beforeEach(async () => {
  t = await buildTestApp({ env: stripeEnv(stripe) });
  stripe.clock = t.clock;
  stripe.reset();
});
afterEach(() => t.close());

async function submit(email: string, organization: string, title: string): Promise<number> {
  const res = await injectWithProof(t.app, {
    method: 'POST',
    url: ENDPOINTS.submitJob.path,
    payload: { ...VALID_SUBMISSION, contactEmail: email, organization, title },
  });
  expect(res.statusCode, res.body).toBe(201);
  return Number(res.json().id);
}

/** Submitted, approved and paid through the Stripe stand-in; the company its job names. */
async function publishedByCard(email: string, organization: string, title: string) {
  const admin = await signedIn(t);
  const id = await submit(email, organization, title);
  const approved = await admin({ method: 'POST', url: `/api/admin/submissions/${id}/approve` });
  expect(approved.statusCode, approved.body).toBe(200);
  await pay(t, stripe, await startCheckout(t, stripe, tokenOf(approved.json().paymentUrl)));
  return companyOfSubmission(id);
}

async function companyOfSubmission(id: number) {
  const submission = await t.db('submissions').where({ id }).first();
  expect(submission.status).toBe('paid');
  const job = await t.db('jobs').where({ id: submission.job_id }).first();
  return { jobId: Number(submission.job_id), companyId: Number(job.company_id) };
}

/** The organisation as the admins' page shows it (GET /api/admin/organizations/:id). */
async function adminView(organizationId: number) {
  const admin = await signedIn(t);
  const res = await admin({ method: 'GET', url: `/api/admin/organizations/${organizationId}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    organization: { companyId: number | null };
    company: { id: number; name: string; slug: string | null } | null;
    history: { action: string; actor: string; subject: string | null; detail: string | null }[];
  };
}

describe(`an organisation tied to its company by its published listing, on ${testDatabase}`, () => {
  it('a new address paying by card ties its organisation to its job’s company, with a history line', async () => {
    const { jobId, companyId } = await publishedByCard(ANA, 'Acme Advocacy', 'Policy Director');
    const organizationId = await organizationOf(t.db, ANA);

    const view = await adminView(organizationId);
    expect(view.organization.companyId).toBe(companyId);
    // The admins' page names the company and links its public page.
    const { slug } = await t.db('companies').where({ id: companyId }).first();
    expect(slug).toBe('acme-advocacy');
    expect(view.company).toEqual({ id: companyId, name: 'Acme Advocacy', slug });
    expect(view.history.filter((h) => h.action === 'company_tied')).toEqual([
      {
        at: expect.any(String),
        actor: 'stripe',
        action: 'company_tied',
        subject: `Company Acme Advocacy (#${companyId})`,
        detail: `Job #${jobId}, published now, names this company`,
      },
    ]);
  });

  it('a later listing naming another company keeps the organisation’s tie', async () => {
    const first = await publishedByCard(ANA, 'Acme Advocacy', 'Policy Director');
    const second = await publishedByCard(ANA, 'Acme Client Trust', 'Field Organizer');
    expect(second.companyId).not.toBe(first.companyId);

    const view = await adminView(await organizationOf(t.db, ANA));
    expect(view.organization.companyId).toBe(first.companyId);
    expect(view.history.filter((h) => h.action === 'company_tied')).toHaveLength(1);
  });

  it('a listing published with a credit ties an organisation tied to no company yet', async () => {
    // Credits an organisation of one holds, from a Multiples listing of before organisations were
    // tied (so the organisation is tied to no company yet).
    const source = await insertSubmission(t.db, {
      contact_email: CARL,
      listing_type: 'featured',
      status: 'paid',
    });
    await giveCredits(t.db, { email: CARL, source, remaining: 1 });
    const organizationId = await organizationOf(t.db, CARL);
    expect((await t.db('organizations').where({ id: organizationId }).first()).company_id).toBe(
      null,
    );
    expect((await adminView(organizationId)).company).toBeNull();
    const id = await submit(CARL, 'Credit Co-op', 'Organizer');
    const signIn = await signInWith(
      t,
      await (async () => {
        const asked = await askForLink(t, CARL);
        expect(asked.statusCode, asked.body).toBe(202);
        return newestLinkToken(t, CARL);
      })(),
    );
    expect(signIn.statusCode, signIn.body).toBe(200);
    const asked = await t.app.inject({
      method: 'POST',
      url: `/api/employer/submissions/${id}/use-credit`,
      headers: { ...CSRF, cookie: employerCookie(signIn) },
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const admin = await signedIn(t);
    const approved = await admin({
      method: 'POST',
      url: `/api/admin/submissions/${id}/approve`,
      payload: { useCredit: true },
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ publishedWithCredit: true });

    const { jobId, companyId } = await companyOfSubmission(id);
    const view = await adminView(organizationId);
    expect(view.organization.companyId).toBe(companyId);
    expect(view.history.filter((h) => h.action === 'company_tied')).toEqual([
      expect.objectContaining({
        actor: expect.stringMatching(/^admin:/),
        subject: `Company Credit Co-op (#${companyId})`,
        detail: `Job #${jobId}, published now, names this company`,
      }),
    ]);
  });
});
