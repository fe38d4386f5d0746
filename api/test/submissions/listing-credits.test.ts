import { ADMIN_MESSAGES, type AdminSubmission } from '@jobboard/contract/admin';
import { EMPLOYER_MESSAGES, type EmployerListing } from '@jobboard/contract/employer';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { signedIn } from '../support/admin';
import { signedInEmployer } from '../support/employers';
import { count } from '../support/payments';
import { giveCredits as giveOrganizationCredits, insertSubmission } from '../support/submissions';
import { buildTestApp, testDatabase, type TestApp } from '../support/test-app';

/**
 * Multiples Listing credits are spent only on an admin's explicit choice, never because someone
 * typed the buyer's e-mail address into the public form, and never twice (issue 11); and only
 * when the buyer, signed in by the link e-mailed to the address, asked for it (issue 43, finding 14).
 */

const BUYER = 'multi@credits.example';
let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
let source: number;

beforeEach(async () => {
  t = await buildTestApp();
  admin = await signedIn(t);
  source = await insertSubmission(t.db, {
    status: 'paid',
    contact_email: BUYER,
    listing_type: 'featured',
  });
});
afterEach(() => t.close());

const giveCredits = (remaining: number) =>
  giveOrganizationCredits(t.db, { email: BUYER, source, remaining });
const creditsLeft = async () =>
  Number((await t.db('listing_credits').where({ source_submission_id: source }).first()).remaining);
const approve = (id: number, payload?: object) =>
  admin({
    method: 'POST',
    url: `/api/admin/submissions/${id}/approve`,
    ...(payload ? { payload } : {}),
  });

describe(`Multiples Listing credits on ${testDatabase}`, () => {
  it("are not spent by a plain approval: whoever typed the buyer's address gets a pay link", async () => {
    await giveCredits(2);
    const id = await insertSubmission(t.db, {
      status: 'pending_review',
      contact_email: 'Multi@Credits.example',
    });
    const view: AdminSubmission = (
      await admin({ method: 'GET', url: `/api/admin/submissions/${id}` })
    ).json();
    expect(view.listingCredits).toBe(2); // offered to the admin, in any letter case

    const res = await approve(id);
    expect(res.json()).toMatchObject({
      publishedWithCredit: false,
      paymentUrl: expect.stringMatching(/\/pay\/[A-Za-z0-9_-]{43}$/),
      submission: { submissionStatus: 'approved', listingCredits: 2 },
    });
    expect(await creditsLeft()).toBe(2);
    expect(await count(t, 'jobs')).toBe(0);
    expect(await count(t, 'outbox', { template: 'submission-approved' })).toBe(1);
    expect((await approve(id, { useCredit: true })).statusCode).toBe(409); // approved already
    expect(await creditsLeft()).toBe(2);
  });

  it("are spent only when the address's owner, signed in by its link, asked for it", async () => {
    await giveCredits(2);
    // Someone typed the buyer's address into the public form: the admin cannot spend its credits.
    const id = await insertSubmission(t.db, { status: 'pending_review', contact_email: BUYER });
    const refused = await approve(id, { useCredit: true });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().message).toBe(ADMIN_MESSAGES.creditNotRequested);
    expect(await creditsLeft()).toBe(2);
    expect(await count(t, 'submissions', { id, status: 'pending_review' })).toBe(1);

    // The buyer signs in with the e-mailed link and chooses to use a credit for it.
    const buyer = await signedInEmployer(t, BUYER);
    const page = (await buyer({ method: 'GET', url: '/api/employer/listings' })).json();
    expect(page.creditsLeft).toBe(2);
    const listing = page.listings.find((l: EmployerListing) => l.submissionId === String(id));
    expect(listing).toMatchObject({ canUseCredit: true, creditRequested: false });
    const asked = await buyer({
      method: 'POST',
      url: `/api/employer/submissions/${id}/use-credit`,
    });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json()).toMatchObject({ canUseCredit: false, creditRequested: true });
    expect(await creditsLeft()).toBe(2); // asked, not yet spent

    const card = (await admin({ method: 'GET', url: `/api/admin/submissions/${id}` })).json();
    expect(card.creditRequested).toBe(true);
    expect((await approve(id, { useCredit: true })).json()).toMatchObject({
      publishedWithCredit: true,
      submission: { submissionStatus: 'paid' },
    });
    expect(await creditsLeft()).toBe(1);
  });

  it("lets only the address's owner ask, only in review, and only with a credit left", async () => {
    const id = await insertSubmission(t.db, { status: 'pending_review', contact_email: BUYER });
    const buyer = await signedInEmployer(t, BUYER);
    const none = await buyer({ method: 'POST', url: `/api/employer/submissions/${id}/use-credit` });
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toBe(EMPLOYER_MESSAGES.noCreditsLeft);

    await giveCredits(1);
    const other = await insertSubmission(t.db, {
      status: 'pending_review',
      contact_email: 'someone@else.example',
    });
    const notTheirs = await buyer({
      method: 'POST',
      url: `/api/employer/submissions/${other}/use-credit`,
    });
    expect(notTheirs.statusCode).toBe(404);
    expect(await count(t, 'submissions', { id: other, credit_requested_at: null })).toBe(1);

    await approve(id);
    const late = await buyer({ method: 'POST', url: `/api/employer/submissions/${id}/use-credit` });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(EMPLOYER_MESSAGES.creditOnlyInReview);
  });

  it('refuses a body that is not a choice', async () => {
    const id = await insertSubmission(t.db, { status: 'pending_review', contact_email: BUYER });
    const res = await approve(id, { useCredit: 'yes' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toHaveProperty('useCredit');
  });

  it('spend the last credit once when approvals race for it: one publishes, the rest change nothing', async () => {
    await giveCredits(1);
    const ids: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      ids.push(
        await insertSubmission(t.db, {
          status: 'pending_review',
          contact_email: BUYER,
          title: `Role ${i}`,
          credit_requested_at: 1,
        }),
      );
    }
    const answers = await Promise.all(ids.map((id) => approve(id, { useCredit: true })));
    const statuses = answers.map((res) => res.statusCode).sort();
    expect(statuses).toEqual([200, 409, 409, 409]);
    expect(await creditsLeft()).toBe(0);
    expect(await count(t, 'jobs')).toBe(1);
    expect(await count(t, 'submissions', { status: 'paid', contact_email: BUYER })).toBe(2);
    expect(await count(t, 'submissions', { status: 'pending_review' })).toBe(3);
    expect(await count(t, 'payments', { provider: 'credit' })).toBe(1);
    expect(await count(t, 'outbox', { template: 'submission-published-with-credit' })).toBe(1);
  });

  it('give no further credits when the listing published with one is itself a Multiples Listing', async () => {
    await giveCredits(1);
    const id = await insertSubmission(t.db, {
      status: 'pending_review',
      contact_email: BUYER,
      listing_type: 'featured',
      amount_cents: 19_900,
      credit_requested_at: 1,
    });
    expect((await approve(id, { useCredit: true })).json()).toMatchObject({
      publishedWithCredit: true,
      submission: { submissionStatus: 'paid', listingCredits: 0 },
    });
    expect(await count(t, 'listing_credits', { source_submission_id: id })).toBe(0);
  });
});
