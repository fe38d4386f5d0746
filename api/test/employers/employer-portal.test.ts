import {
  EMPLOYER_LIMITS,
  EMPLOYER_MESSAGES,
  type EmployerListing,
} from '@jobboard/contract/employer';
import { SUBMISSION_LIMITS } from '@jobboard/contract/submissions';
import { VALID_SUBMISSION } from '@jobboard/contract/testing';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CSRF, signedIn } from '../support/admin';
import {
  askForLink,
  employerCookie,
  newestLinkToken,
  signInWith,
  signedInEmployer,
} from '../support/employers';
import { startFakeStripe, type FakeStripe } from '../support/fake-stripe';
import { SmtpPeer } from '../support/smtp-peer';
import { pay, startCheckout, stripeEnv, tokenOf } from '../support/payments';
import { buildTestApp, testDatabase, type TestApp } from '../support/test-app';
import { organizationOf } from '../support/submissions';
import { injectWithProof } from '../support/human-proof';

/**
 * The employers' page (issue 30): a sign-in link instead of an account (single use, 30 minutes,
 * only its hash stored, the same answer for any address, rate-limited), then the address's
 * listings with their status and timeline, a receipt once paid, an edit before approval, and
 * closing a live job, which leaves the search, the feeds and the sitemap at once. Another
 * address's ids answer 404.
 */

const EMPLOYER = 'hiring@coastaljusticefund.org';
const OTHER = 'jobs@elsewhere.example';
const MINUTE_MS = 60_000;

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

/** A submission through the public form; its id. */
async function submit(change: Record<string, unknown> = {}): Promise<number> {
  const res = await injectWithProof(t.app, {
    method: 'POST',
    url: '/api/submit-job-for-review',
    payload: { ...VALID_SUBMISSION, ...change },
  });
  expect(res.statusCode, res.body).toBe(201);
  return Number(res.json().id);
}

async function approve(id: number): Promise<string> {
  const res = await admin({ method: 'POST', url: `/api/admin/submissions/${id}/approve` });
  expect(res.statusCode, res.body).toBe(200);
  return tokenOf(res.json().paymentUrl);
}

/** Submitted, approved and paid through Stripe: the submission, its job and the session id. */
async function live(change: Record<string, unknown> = {}) {
  const id = await submit(change);
  const session = await startCheckout(t, stripe, await approve(id));
  await pay(t, stripe, session);
  const row = await t.db('submissions').where({ id }).first();
  return { id, jobId: Number(row.job_id), sessionId: session.id };
}

const listingsOf = async (as: Awaited<ReturnType<typeof signedInEmployer>>) => {
  const res = await as({ method: 'GET', url: '/api/employer/listings' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { email: string; listings: EmployerListing[]; total: number };
};

describe(`the employer's sign-in link, on ${testDatabase}`, () => {
  it('answers the same for an address without listings, and sends it nothing', async () => {
    await submit();
    const known = await askForLink(t, EMPLOYER);
    const unknown = await askForLink(t, OTHER);
    expect(known.statusCode).toBe(202);
    expect(unknown.statusCode).toBe(202);
    expect(unknown.json().message).toBe(EMPLOYER_MESSAGES.linkRequested(OTHER));
    expect(known.json().message).toBe(EMPLOYER_MESSAGES.linkRequested(EMPLOYER));
    const mail = await t.db('outbox').where({ template: 'employer-sign-in' });
    expect(mail.map((m) => m.to_address)).toEqual([EMPLOYER]);
    expect(await t.db('employer_sign_in_links').select('email')).toEqual([{ email: EMPLOYER }]);
  });

  it('finds the listings of an address in any letter case, and stores only the hash of the token', async () => {
    await submit({ contactEmail: 'Hiring@CoastalJusticeFund.org' });
    await askForLink(t, ' HIRING@coastaljusticefund.org ');
    const token = await newestLinkToken(t, 'HIRING@coastaljusticefund.org');
    const rows = JSON.stringify(await t.db('employer_sign_in_links').select());
    expect(rows).not.toContain(token);
    const res = await signInWith(t, token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ email: EMPLOYER });
  });

  it('works once: a second use is refused with what to do next', async () => {
    await submit();
    await askForLink(t, EMPLOYER);
    const token = await newestLinkToken(t, EMPLOYER);
    const [first, second] = await Promise.all([signInWith(t, token), signInWith(t, token)]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 410]);
    const again = await signInWith(t, token);
    expect(again.statusCode).toBe(410);
    expect(again.json().message).toBe(EMPLOYER_MESSAGES.linkUsed);
  });

  it(`stops working after ${EMPLOYER_LIMITS.linkMinutes} minutes`, async () => {
    await submit();
    await askForLink(t, EMPLOYER);
    const token = await newestLinkToken(t, EMPLOYER);
    t.clock.now = new Date(t.clock.now.getTime() + EMPLOYER_LIMITS.linkMinutes * MINUTE_MS);
    const res = await signInWith(t, token);
    expect(res.statusCode).toBe(410);
    expect(res.json().message).toBe(EMPLOYER_MESSAGES.linkExpired);
  });

  it('answers an unknown or malformed token as a link that does not work', async () => {
    for (const token of ['A'.repeat(43), 'short', '../../etc']) {
      const res = await signInWith(t, token);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(EMPLOYER_MESSAGES.linkInvalid);
    }
  });

  it('sends at most employerSignInLinkPerAddress links to one address, and limits an unknown address alike', async () => {
    await submit();
    for (const email of [EMPLOYER, OTHER]) {
      for (let i = 0; i < t.config.rateLimits.employerSignInLinkPerAddress.max; i++) {
        expect((await askForLink(t, email)).statusCode).toBe(202);
      }
      const refused = await askForLink(t, email.toUpperCase());
      expect(refused.statusCode).toBe(429);
      expect(refused.json().message).toMatch(/^Several sign-in links were sent/);
    }
    expect(await t.db('outbox').where({ template: 'employer-sign-in' })).toHaveLength(
      t.config.rateLimits.employerSignInLinkPerAddress.max,
    );
  });

  it('limits one client across addresses', async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= t.config.rateLimits.employerSignInLink.max; i++) {
      statuses.push((await askForLink(t, `someone${i}@example.org`)).statusCode);
    }
    expect(statuses.slice(0, -1).every((s) => s === 202)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });

  it('stores the link of the longest address a submission may give (employer_sign_in_links.email, varchar 320)', async () => {
    const longest = `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(57)}.org`;
    expect(longest).toHaveLength(SUBMISSION_LIMITS.contactEmail);
    await submit({ contactEmail: longest.toUpperCase() });
    expect((await askForLink(t, longest)).statusCode).toBe(202);
    const res = await signInWith(t, await newestLinkToken(t, longest));
    expect(res.json()).toEqual({ email: longest });
  });

  it('refuses a bad address with the form message, and a request without the CSRF header', async () => {
    const bad = await askForLink(t, 'not an address');
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toContain(EMPLOYER_MESSAGES.email);
    const forged = await injectWithProof(t.app, {
      method: 'POST',
      url: '/api/employer/sign-in-link',
      payload: { email: EMPLOYER },
    });
    expect(forged.statusCode).toBe(403);
  });
});

describe(`a sign-in link's token, on ${testDatabase}`, () => {
  it('is in no log line, and in no copy of a sent e-mail', async () => {
    const smtp = await new SmtpPeer().start();
    const lines: string[] = [];
    const logged = await buildTestApp({
      env: { LOG_LEVEL: 'debug', SMTP_URL: smtp.url },
      logStream: { write: (line) => void lines.push(line) },
    });
    try {
      await injectWithProof(logged.app, {
        method: 'POST',
        url: '/api/submit-job-for-review',
        payload: VALID_SUBMISSION,
      });
      await askForLink(logged, EMPLOYER);
      const token = await newestLinkToken(logged, EMPLOYER);
      await logged.app.inject(`/employer/sign-in?token=${token}`);
      await logged.app.mailer.flush();
      const sent = await logged.db('outbox').where({ template: 'employer-sign-in' }).first();
      expect(sent.status).toBe('sent');
      expect(sent.text_body).toContain('/employer/sign-in?token=[redacted]');
      expect(sent.text_body).not.toContain(token);
      // Quoted-printable: its soft line breaks joined.
      expect(smtp.received.map((m) => m.raw.replace(/=\r?\n/g, '')).join('')).toContain(token);
      const log = lines.join('\n');
      expect(log).toContain('/employer/sign-in?token=[redacted]');
      expect(log).not.toContain(token);
    } finally {
      await logged.close();
      await smtp.stop();
    }
  });
});

describe(`the employer's session, on ${testDatabase}`, () => {
  it('holds the address until sign-out; an admin session is not an employer one', async () => {
    await submit();
    expect((await t.app.inject('/api/employer/session')).statusCode).toBe(401);
    expect((await admin({ method: 'GET', url: '/api/employer/listings' })).statusCode).toBe(401);

    await askForLink(t, EMPLOYER);
    const res = await signInWith(t, await newestLinkToken(t, EMPLOYER));
    const cookie = employerCookie(res);
    const me = await t.app.inject({ url: '/api/employer/session', headers: { cookie } });
    expect(me.json()).toEqual({ email: EMPLOYER });
    // The employer's cookie is no admin's.
    expect(
      (await t.app.inject({ url: '/api/admin/check-auth', headers: { cookie } })).statusCode,
    ).toBe(401);

    const out = await t.app.inject({
      method: 'DELETE',
      url: '/api/employer/session',
      headers: { ...CSRF, cookie },
    });
    expect(out.json().message).toBe(EMPLOYER_MESSAGES.signedOut);
    expect(
      (await t.app.inject({ url: '/api/employer/session', headers: { cookie } })).statusCode,
    ).toBe(401);
    // The admin is still signed in.
    expect((await admin({ method: 'GET', url: '/api/admin/check-auth' })).statusCode).toBe(200);
  });

  it('ends after the idle timeout', async () => {
    await submit();
    const as = await signedInEmployer(t, EMPLOYER);
    t.clock.now = new Date(t.clock.now.getTime() + t.config.session.idleMinutes * MINUTE_MS + 1);
    const res = await as({ method: 'GET', url: '/api/employer/listings' });
    expect(res.statusCode).toBe(401);
  });
});

describe(`the employer's listings, on ${testDatabase}`, () => {
  it('shows each listing of the address, newest first, with its status, timeline, pay link and receipt', async () => {
    const paid = await live({ title: 'Paid Role' });
    t.clock.now = new Date(t.clock.now.getTime() + MINUTE_MS);
    const approved = await submit({ title: 'Approved Role' });
    await approve(approved);
    t.clock.now = new Date(t.clock.now.getTime() + MINUTE_MS);
    const rejected = await submit({ title: 'Rejected Role' });
    await admin({
      method: 'POST',
      url: `/api/admin/submissions/${rejected}/reject`,
      payload: { notes: 'Not a nonprofit role' },
    });
    t.clock.now = new Date(t.clock.now.getTime() + MINUTE_MS);
    await submit({ title: 'Waiting Role', contactEmail: 'HIRING@coastaljusticefund.org' });
    await submit({ title: 'Someone Else', contactEmail: OTHER });

    const as = await signedInEmployer(t, EMPLOYER);
    const { listings, total } = await listingsOf(as);
    expect(total).toBe(4);
    expect(listings.map((l) => [l.title, l.status])).toEqual([
      ['Waiting Role', 'in_review'],
      ['Rejected Role', 'rejected'],
      ['Approved Role', 'awaiting_payment'],
      ['Paid Role', 'live'],
    ]);
    const [waiting, , due, running] = listings;
    expect(waiting!.canEdit).toBe(true);
    expect(due!.paymentDue).toBe(true);
    expect(due!.receiptId).toBeNull();
    expect(running!.jobId).toBe(String(paid.jobId));
    expect(running!.receiptId).not.toBeNull();
    expect(running!.canClose).toBe(true);
    expect(running!.endsAt).not.toBeNull();
    expect(running!.timeline.map((e) => e.kind)).toEqual([
      'submitted',
      'approved',
      'paid',
      'live',
      'ending',
    ]);

    // A fresh pay link for the approved one: a working pay page.
    const link = await as({
      method: 'POST',
      url: `/api/employer/submissions/${approved}/pay-link`,
    });
    expect(link.statusCode, link.body).toBe(200);
    expect((await t.app.inject(`/api/pay/${tokenOf(link.json().url)}`)).statusCode).toBe(200);
    const none = await as({ method: 'POST', url: `/api/employer/submissions/${paid.id}/pay-link` });
    expect(none.statusCode).toBe(409);
  });

  it('says a listing is ending within 7 days of its end, and ended after it', async () => {
    await live();
    const as = await signedInEmployer(t, EMPLOYER);
    const [listing] = (await listingsOf(as)).listings;
    const end = Date.parse(listing!.endsAt!);
    // Sessions end after their idle timeout: sign in again at each new time.
    t.clock.now = new Date(end - 6 * 24 * 60 * MINUTE_MS);
    const soon = await signedInEmployer(t, EMPLOYER);
    expect((await listingsOf(soon)).listings[0]!.status).toBe('ending');
    t.clock.now = new Date(end + MINUTE_MS);
    const later = await signedInEmployer(t, EMPLOYER);
    const ended = (await listingsOf(later)).listings[0]!;
    expect(ended.status).toBe('ended');
    expect(ended.canClose).toBe(false);
    expect(ended.timeline.at(-1)!.kind).toBe('ended');
  });

  it('pages through many listings', async () => {
    for (let i = 0; i < EMPLOYER_LIMITS.pageSize + 1; i++) {
      await t.db('submissions').insert({
        organization_id: await organizationOf(t.db, EMPLOYER),
        title: `Role ${i}`,
        organization: 'Coastal Justice Fund',
        description: 'A role long enough to be a description of a job.',
        location: 'Remote',
        categories: '[]',
        job_type: 'Full-time',
        application_url: 'https://coastaljusticefund.org/jobs',
        contact_name: 'Jordan Lee',
        contact_email: EMPLOYER,
        listing_type: 'basic',
        amount_cents: 9_900,
        status: 'pending_review',
        submitted_at: t.clock.now.getTime() + i,
        updated_at: t.clock.now.getTime(),
      });
    }
    const as = await signedInEmployer(t, EMPLOYER);
    const first = await listingsOf(as);
    expect(first.listings).toHaveLength(EMPLOYER_LIMITS.pageSize);
    expect(first.total).toBe(EMPLOYER_LIMITS.pageSize + 1);
    const second = await as({ method: 'GET', url: '/api/employer/listings?page=2' });
    expect(second.json().listings.map((l: EmployerListing) => l.title)).toEqual(['Role 0']);
  });
});

describe(`receipts, on ${testDatabase}`, () => {
  it("shows the board, tier, amount, promo and discount, date and Stripe's reference; only to the payer", async () => {
    await admin({
      method: 'POST',
      url: '/api/admin/promo-codes',
      payload: { code: 'SPRING', percentOff: 20, maxRedemptions: null },
    });
    const paid = await live({ promoCode: 'SPRING' });
    const as = await signedInEmployer(t, EMPLOYER);
    const receiptId = (await listingsOf(as)).listings[0]!.receiptId!;
    const res = await as({ method: 'GET', url: `/api/employer/receipts/${receiptId}` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      boardName: t.config.site.boardName,
      title: VALID_SUBMISSION.title,
      tierName: 'Featured Listing',
      listPriceCents: 9_900,
      amountCents: 7_920,
      discountCents: 1_980,
      promoCode: 'SPRING',
      provider: 'stripe',
      reference: paid.sessionId,
    });
    expect(Date.parse(res.json().paidAt)).toBe(t.clock.now.getTime());

    await submit({ contactEmail: OTHER });
    const other = await signedInEmployer(t, OTHER);
    const refused = await other({ method: 'GET', url: `/api/employer/receipts/${receiptId}` });
    expect(refused.statusCode).toBe(404);
    expect(refused.json().message).toBe(EMPLOYER_MESSAGES.receiptNotFound);
  });
});

describe(`editing a submission before approval, on ${testDatabase}`, () => {
  it('validates like submitting, returns it to the queue marked edited, and the admin sees when', async () => {
    const id = await submit();
    const as = await signedInEmployer(t, EMPLOYER);
    const form = await as({ method: 'GET', url: `/api/employer/submissions/${id}` });
    expect(form.statusCode, form.body).toBe(200);
    expect(form.json()).toMatchObject({ title: VALID_SUBMISSION.title, salaryMin: '85000' });

    const bad = await as({
      method: 'PUT',
      url: `/api/employer/submissions/${id}`,
      payload: { ...VALID_SUBMISSION, title: '' },
    });
    expect(bad.statusCode).toBe(400);
    expect((await t.db('submissions').where({ id }).first()).title).toBe(VALID_SUBMISSION.title);

    const moved = await as({
      method: 'PUT',
      url: `/api/employer/submissions/${id}`,
      payload: { ...VALID_SUBMISSION, contactEmail: OTHER },
    });
    expect(moved.statusCode).toBe(400);
    expect(JSON.stringify(moved.json())).toContain(EMPLOYER_MESSAGES.contactEmailFixed);

    t.clock.now = new Date(t.clock.now.getTime() + MINUTE_MS);
    const res = await as({
      method: 'PUT',
      url: `/api/employer/submissions/${id}`,
      payload: { ...VALID_SUBMISSION, title: 'Communications Director (typo fixed)' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'edited',
      title: 'Communications Director (typo fixed)',
    });
    expect(res.json().timeline.map((e: { kind: string }) => e.kind)).toEqual([
      'submitted',
      'edited',
    ]);

    const seen = await admin({ method: 'GET', url: `/api/admin/submissions/${id}` });
    expect(seen.json()).toMatchObject({
      submissionStatus: 'pending_review',
      editedAt: t.clock.now.toISOString(),
      title: 'Communications Director (typo fixed)',
    });

    await approve(id);
    const late = await as({
      method: 'PUT',
      url: `/api/employer/submissions/${id}`,
      payload: VALID_SUBMISSION,
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(EMPLOYER_MESSAGES.editAfterApproval);
  });
});

describe(`closing a job, on ${testDatabase}`, () => {
  const searchIds = async () =>
    (await t.app.inject({ method: 'POST', url: '/api/jobs/search', payload: { pageSize: 50 } }))
      .json()
      .jobs.map((j: { id: string }) => j.id);
  const feed = async () => (await t.app.inject('/feed.json')).body;
  const sitemap = async () => (await t.app.inject('/sitemap.xml')).body;

  it('takes it off the board, feeds and sitemap at once, keeps it, and tells the admin why', async () => {
    const { jobId } = await live();
    const as = await signedInEmployer(t, EMPLOYER);
    // Read once, so each answer is in the public cache before the change.
    expect(await searchIds()).toContain(String(jobId));
    expect(await feed()).toContain(`/jobs/${jobId}`);
    expect(await sitemap()).toContain(`/jobs/${jobId}<`);

    const res = await as({
      method: 'POST',
      url: `/api/employer/jobs/${jobId}/close`,
      payload: { reason: 'filled' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'filled', canClose: false });
    expect(res.json().timeline.at(-1)).toMatchObject({ kind: 'closed', detail: 'filled' });

    expect(await searchIds()).not.toContain(String(jobId));
    expect(await feed()).not.toContain(`/jobs/${jobId}`);
    expect(await sitemap()).not.toContain(`/jobs/${jobId}<`);
    expect(await t.db('jobs').where({ id: jobId }).first()).toMatchObject({
      active: expect.anything(),
    });

    const history = await admin({ method: 'GET', url: `/api/admin/jobs/${jobId}/history` });
    expect(history.json()).toContainEqual(
      expect.objectContaining({
        kind: 'deactivated',
        actor: 'employer',
        summary: 'Taken off the board by the employer: Filled',
      }),
    );

    const again = await as({
      method: 'POST',
      url: `/api/employer/jobs/${jobId}/close`,
      payload: { reason: 'closed' },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(EMPLOYER_MESSAGES.alreadyClosed);
  });

  it('refuses a reason it does not know', async () => {
    const { jobId } = await live();
    const as = await signedInEmployer(t, EMPLOYER);
    const res = await as({
      method: 'POST',
      url: `/api/employer/jobs/${jobId}/close`,
      payload: { reason: 'gone' },
    });
    expect(res.statusCode).toBe(400);
  });
});

describe(`another address's listings, on ${testDatabase}`, () => {
  it('are 404 to every route, as ids that do not exist', async () => {
    const mine = await live();
    const pending = await submit();
    await submit({ contactEmail: OTHER });
    const other = await signedInEmployer(t, OTHER);
    const receiptId = (await t.db('payments').where({ submission_id: mine.id }).first()).id;
    const attempts = [
      { method: 'GET' as const, url: `/api/employer/submissions/${pending}` },
      {
        method: 'PUT' as const,
        url: `/api/employer/submissions/${pending}`,
        payload: VALID_SUBMISSION,
      },
      { method: 'POST' as const, url: `/api/employer/submissions/${pending}/pay-link` },
      {
        method: 'POST' as const,
        url: `/api/employer/jobs/${mine.jobId}/close`,
        payload: { reason: 'closed' },
      },
      { method: 'GET' as const, url: `/api/employer/receipts/${receiptId}` },
      { method: 'GET' as const, url: '/api/employer/submissions/999999' },
    ];
    for (const attempt of attempts) {
      const res = await other(attempt);
      expect(res.statusCode, `${attempt.method} ${attempt.url}: ${res.body}`).toBe(404);
    }
    expect((await listingsOf(other)).listings.map((l) => l.submissionId)).not.toContain(
      String(pending),
    );
    expect((await t.db('jobs').where({ id: mine.jobId }).first()).active).toBeTruthy();
  });
});
