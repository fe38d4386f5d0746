import type { AdminJob, AdminSubmission } from '@jobboard/contract/admin';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CSRF, createAdmin, login, sessionCookie, signedIn } from '../support/admin';
import { registeredRoutes } from '../support/routes';
import { giveCredits, insertSubmission } from '../support/submissions';
import { buildTestApp, testDatabase, type TestApp } from '../support/test-app';
import { ADMIN_JOB_FORM } from '../support/jobs';
import { injectWithProof } from '../support/human-proof';

type Request = Awaited<ReturnType<typeof signedIn>>;
let t: TestApp;
let admin: Request;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await signedIn(t);
});
afterAll(() => t.close());

/** Every admin route of the app as registered, with a concrete URL. */
function adminRoutes() {
  return registeredRoutes(t.app)
    .filter(
      ({ url }) =>
        // The sign-in steps are for those without a session (admin-two-factor.test.ts).
        (url.startsWith('/api/admin') && !/\/(login|login\/code|logout)$/.test(url)) ||
        url === '/api/refresh-jobs',
    )
    .filter(({ method }) => method !== 'HEAD')
    .map(({ method, url }) => ({ method, url: url.replace(/:id/g, '1') }));
}

describe(`admin routes refuse without a session on ${testDatabase}`, () => {
  it('knows the admin routes (the table is not empty)', () => {
    const urls = adminRoutes().map((r) => `${r.method} ${r.url}`);
    expect(urls.length).toBeGreaterThanOrEqual(16);
    expect(urls).toContain('GET /api/refresh-jobs');
    expect(urls).toContain('PUT /api/admin/submissions/1/amount');
  });

  it('every one answers 401 JSON with no cookie and with a logged-out cookie', async () => {
    await createAdmin(t, { username: 'carol', password: 'carol long password' });
    const loggedOut = sessionCookie(
      await login(t, { username: 'carol', password: 'carol long password' }),
    );
    await t.app.inject({
      method: 'POST',
      url: '/api/admin/logout',
      headers: { ...CSRF, cookie: loggedOut },
    });
    for (const route of adminRoutes()) {
      for (const cookie of [undefined, loggedOut, 'board.sid=forged.value']) {
        const res = await t.app.inject({
          method: route.method as 'GET',
          url: route.url,
          headers: { ...CSRF, ...(cookie ? { cookie } : {}) },
          ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: {} }),
        });
        expect(res.statusCode, `${route.method} ${route.url}`).toBe(401);
        expect(res.json(), `${route.method} ${route.url}`).toHaveProperty('message');
      }
    }
  });
});

/** The dashboard's form, with locations to tidy (spaces, a case-duplicate) and a salary. */
const JOB_FORM = {
  ...ADMIN_JOB_FORM,
  locations: [' Portland, ME ', 'Remote', 'remote'],
  salaryMin: 70_000,
  salaryMax: 85_000,
};

describe(`admin jobs on ${testDatabase}`, () => {
  it('creates, reads, updates and deletes a job, and the public board follows', async () => {
    const created = await admin({ method: 'POST', url: '/api/admin/jobs', payload: JOB_FORM });
    expect(created.statusCode).toBe(201);
    const job: AdminJob = created.json();
    expect(job).toMatchObject({
      title: 'Senior Grants Writer',
      locations: ['Portland, ME', 'Remote'],
      remote: true,
      source: 'admin',
      deadline: '2027-01-10',
      salary: '$70,000 - $85,000 a year',
    });
    expect((await t.app.inject(`/api/jobs/${job.id}`)).statusCode).toBe(200);

    const updated = await admin({
      method: 'PUT',
      url: `/api/admin/jobs/${job.id}`,
      payload: { ...JOB_FORM, title: 'Grants Director', active: false },
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({
      title: 'Grants Director',
      active: false,
      source: 'admin',
    });
    expect((await t.app.inject(`/api/jobs/${job.id}`)).statusCode).toBe(404); // inactive: off the board
    const all: AdminJob[] = (await admin({ method: 'GET', url: '/api/admin/jobs' })).json();
    expect(all.find((j) => j.id === job.id)).toMatchObject({ active: false });

    const deleted = await admin({ method: 'DELETE', url: `/api/admin/jobs/${job.id}` });
    expect(deleted.json()).toEqual({ message: 'Job deleted successfully' });
    expect((await admin({ method: 'GET', url: `/api/admin/jobs/${job.id}` })).statusCode).toBe(404);
    expect((await admin({ method: 'DELETE', url: `/api/admin/jobs/${job.id}` })).statusCode).toBe(
      404,
    );
  });

  it.each([
    [{ title: '' }, 'title', 'Required'],
    [{ applicationUrl: 'nope' }, 'applicationUrl', 'Please enter a valid URL'],
    [{ category: [] }, 'category', 'Select at least one category'],
    [{ locations: [] }, 'locations', 'At least one location is required'],
    [{ jobType: '' }, 'jobType', 'Required'],
    [{ postedDate: '' }, 'postedDate', 'Required'],
    [{ postedDate: '2026-13-01' }, 'postedDate', 'Invalid input'],
    [{ deadline: '2026-02-30' }, 'deadline', 'Invalid input'],
    [
      { salaryMin: 90_000, salaryMax: 80_000 },
      'salaryMax',
      'Maximum salary must be at least the minimum salary',
    ],
  ])('refuses %j with the field message', async (change, field, message) => {
    const res = await admin({
      method: 'POST',
      url: '/api/admin/jobs',
      payload: { ...JOB_FORM, ...change },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields[field]).toBe(message);
  });

  it('saves a job with a legacy type and a text deadline as they are (nothing lost on edit)', async () => {
    const res = await admin({
      method: 'POST',
      url: '/api/admin/jobs',
      payload: { ...JOB_FORM, jobType: 'Remote', deadline: 'Rolling' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ jobType: 'Remote', deadline: 'Rolling', remote: true });
  });

  it('extends and republishes a listing', async () => {
    const job: AdminJob = (
      await admin({ method: 'POST', url: '/api/admin/jobs', payload: JOB_FORM })
    ).json();
    await t
      .db('jobs')
      .where({ id: Number(job.id) })
      .update({ expires_at: t.clock.now.getTime() - 1000 });
    expect((await t.app.inject(`/api/jobs/${job.id}`)).json().expired).toBe(true);
    const extended = await admin({
      method: 'POST',
      url: `/api/admin/jobs/${job.id}/extend`,
    });
    expect(extended.json()).toMatchObject({
      expired: false,
      expiresAt: '2026-12-22T12:00:00.000Z',
    });
    await t
      .db('jobs')
      .where({ id: Number(job.id) })
      .update({ expires_at: t.clock.now.getTime() - 1000, active: false });
    const republished = await admin({ method: 'POST', url: `/api/admin/jobs/${job.id}/republish` });
    expect(republished.json()).toMatchObject({
      active: true,
      expired: false,
      postedDate: '2026-11-22',
      expiresAt: '2026-12-22T12:00:00.000Z',
    });
  });
});

describe(`the review queue on ${testDatabase}`, () => {
  beforeEach(async () => {
    await t.db('outbox').delete();
  });

  const act = (id: number, action: string, payload?: object) =>
    admin({
      method: 'POST',
      url: `/api/admin/submissions/${id}/${action}`,
      ...(payload ? { payload } : {}),
    });

  it('lists submissions in the admin shape, newest first', async () => {
    const older = await insertSubmission(t.db, {
      status: 'pending_review',
      submitted_at: 1000,
      title: 'Older',
    });
    const newer = await insertSubmission(t.db, {
      status: 'pending_review',
      submitted_at: 2000,
      title: 'Newer',
    });
    const list: AdminSubmission[] = (
      await admin({ method: 'GET', url: '/api/admin/submissions' })
    ).json();
    const ids = list.map((s) => Number(s.id));
    expect(ids.indexOf(newer)).toBeLessThan(ids.indexOf(older));
    expect(list.find((s) => Number(s.id) === newer)).toMatchObject({
      title: 'Newer',
      organization: 'Open Ballot Project',
      category: ['Political', 'Communications'],
      amount: 9_900,
      submissionStatus: 'pending_review',
      contactEmail: 'sam@openballot.example',
    });
  });

  it('gives a pending submission the approval e-mail to copy, its link a placeholder', async () => {
    const pending = await insertSubmission(t.db, { status: 'pending_review', title: 'Pending' });
    const rejected = await insertSubmission(t.db, { status: 'rejected', title: 'Rejected' });
    const list: AdminSubmission[] = (
      await admin({ method: 'GET', url: '/api/admin/submissions' })
    ).json();
    const text = list.find((s) => Number(s.id) === pending)!.approvalEmail!;
    expect(text.split('\n').slice(0, 3)).toEqual([
      'Subject: Approved: Pending - complete your payment',
      '',
      'Hello Sam Rivera,',
    ]);
    expect(text).toContain('costs $99. Pay securely here:\n[payment link]\n');
    expect(text).toContain('newsletter of over 3,000 nonprofit professionals');
    expect(list.find((s) => Number(s.id) === rejected)!.approvalEmail).toBeNull();
  });

  it('approves a pending submission: link generated, e-mailed, recorded with who and when', async () => {
    const id = await insertSubmission(t.db, { status: 'pending_review' });
    const res = await act(id, 'approve');
    expect(res.statusCode).toBe(200);
    const { paymentUrl, submission } = res.json();
    expect(paymentUrl).toMatch(/^http:\/\/localhost:3000\/pay\/[A-Za-z0-9_-]{43}$/);
    expect(submission.submissionStatus).toBe('approved');
    const mail = await t.db('outbox').where({ template: 'submission-approved' }).first();
    expect(mail.text_body).toContain(paymentUrl);
    expect(
      await t.db('submission_events').where({ submission_id: id, to_status: 'approved' }).first(),
    ).toMatchObject({
      from_status: 'pending_review',
      actor: 'admin:alice',
      created_at: t.clock.now.getTime(),
    });
    // Generating a link issues a new one (only a hash is stored: the e-mailed one cannot be
    // shown again), valid for 14 days; the e-mailed link keeps working beside it (issue 25).
    const link = await act(id, 'payment-link');
    expect(link.json()).toEqual({
      paymentUrl: expect.stringMatching(/^http:\/\/localhost:3000\/pay\/[A-Za-z0-9_-]{43}$/),
      expiresAt: '2026-12-06T12:00:00.000Z',
      earlierLinksValid: 1,
      approvalEmail: expect.any(String),
    });
    expect(link.json().paymentUrl).not.toBe(paymentUrl);
    // The copy an admin sends by hand (Copy Email Template) is the e-mail the API sent, with the
    // new link in place of the old one.
    expect(link.json().approvalEmail).toBe(
      `Subject: ${mail.subject}\n\n${mail.text_body.replace(paymentUrl, link.json().paymentUrl)}`,
    );
    const pay = (url: string) => t.app.inject(`/api${new URL(url).pathname}`);
    expect((await pay(link.json().paymentUrl)).statusCode).toBe(200);
    expect((await pay(paymentUrl)).statusCode).toBe(200);
  });

  it('rejects with a reason, which the employer is told', async () => {
    const id = await insertSubmission(t.db, { status: 'pending_review' });
    const res = await act(id, 'reject', { notes: 'The role has no salary range.' });
    expect(res.json()).toMatchObject({
      submissionStatus: 'rejected',
      reviewNotes: 'The role has no salary range.',
    });
    const mail = await t.db('outbox').where({ template: 'submission-rejected' }).first();
    expect(mail.text_body).toContain('Reason: The role has no salary range.');
    expect(
      await t.db('submission_events').where({ submission_id: id, to_status: 'rejected' }).first(),
    ).toMatchObject({
      note: 'The role has no salary range.',
    });
  });

  it('rejects without a reason too', async () => {
    const id = await insertSubmission(t.db, { status: 'pending_review' });
    expect((await act(id, 'reject', {})).json().submissionStatus).toBe('rejected');
  });

  it.each([
    ['approve an approved submission', 'approved', 'approve'],
    ['approve a rejected submission', 'rejected', 'approve'],
    ['reject an approved submission', 'approved', 'reject'],
    ['reject a paid submission', 'paid', 'reject'],
    ['link a pending submission', 'pending_review', 'payment-link'],
    ['link a rejected submission', 'rejected', 'payment-link'],
    ['revoke the links of a pending submission', 'pending_review', 'revoke-payment-links'],
    ['revoke the links of a paid submission', 'paid', 'revoke-payment-links'],
    ['mark paid a pending submission', 'pending_review', 'mark-paid'],
  ])('refuses to %s (409), changing nothing', async (_, status, action) => {
    const id = await insertSubmission(t.db, { status });
    const res = await act(id, action, action === 'reject' ? {} : undefined);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toHaveProperty('message');
    expect((await t.db('submissions').where({ id }).first()).status).toBe(status);
    expect(await t.db('outbox').count({ n: '*' })).toEqual([{ n: 0 }]);
  });

  it('answers 404 for an unknown submission', async () => {
    expect((await act(999_999, 'approve')).statusCode).toBe(404);
    expect((await admin({ method: 'GET', url: '/api/admin/submissions/abc' })).statusCode).toBe(
      404,
    );
  });

  describe('amount', () => {
    const setAmount = (id: number, amount: unknown) =>
      admin({ method: 'PUT', url: `/api/admin/submissions/${id}/amount`, payload: { amount } });

    it.each([0, -100, 12.5, '1500', null])('refuses %j', async (amount) => {
      const id = await insertSubmission(t.db, { status: 'pending_review' });
      const res = await setAmount(id, amount);
      expect(res.statusCode).toBe(400);
      expect(res.json().fields.amount).toBe('Please enter a valid amount greater than 0.');
    });

    it('takes cents and records the change', async () => {
      const id = await insertSubmission(t.db, { status: 'approved' });
      const res = await setAmount(id, 4_950);
      expect(res.json()).toMatchObject({ amount: 4_950 });
      expect(await t.db('submission_events').where({ submission_id: id }).first()).toMatchObject({
        note: 'Amount changed from 9900 to 4950 cents',
        actor: 'admin:alice',
      });
    });

    it('is refused once paid (409)', async () => {
      const id = await insertSubmission(t.db, { status: 'paid' });
      expect((await setAmount(id, 5_000)).statusCode).toBe(409);
    });
  });

  it('marks a payment by hand when there is no Stripe, publishing the job', async () => {
    const id = await insertSubmission(t.db, { status: 'approved' });
    const res = await act(id, 'mark-paid');
    expect(res.statusCode).toBe(200);
    const submission: AdminSubmission = res.json();
    expect(submission).toMatchObject({ submissionStatus: 'paid' });
    expect((await t.app.inject(`/api/jobs/${submission.jobId}`)).json()).toMatchObject({
      featured: true,
    });
    expect(await t.db('payments').where({ submission_id: id }).first()).toMatchObject({
      provider: 'manual',
      status: 'paid',
    });
  });

  it('publishes at once, without payment, when the admin uses a Multiples credit of the contact', async () => {
    const email = 'multi@credits.example';
    const source = await insertSubmission(t.db, {
      status: 'paid',
      contact_email: email,
      listing_type: 'featured',
    });
    await giveCredits(t.db, { email, source, remaining: 2 });
    const second = await insertSubmission(t.db, {
      status: 'pending_review',
      contact_email: 'Multi@Credits.example',
      title: 'Second role',
      credit_requested_at: 1, // the buyer asked, signed in (test/submissions/listing-credits.test.ts)
    });
    const res = await act(second, 'approve', { useCredit: true });
    expect(res.json()).toMatchObject({
      paymentUrl: null,
      publishedWithCredit: true,
      submission: { submissionStatus: 'paid' },
    });
    expect(
      (await t.db('listing_credits').where({ source_submission_id: source }).first()).remaining,
    ).toBe(1);
    expect(
      await t
        .db('outbox')
        .where({ template: 'submission-published-with-credit' })
        .count({ n: '*' }),
    ).toEqual([{ n: 1 }]);
    const third = await insertSubmission(t.db, {
      status: 'pending_review',
      contact_email: email,
      credit_requested_at: 1,
    });
    expect((await act(third, 'approve', { useCredit: true })).json()).toMatchObject({
      publishedWithCredit: true,
    });
    // No credit left: refused, changing nothing; a plain approval sends the pay link.
    const fourth = await insertSubmission(t.db, {
      status: 'pending_review',
      contact_email: email,
      credit_requested_at: 1,
    });
    const refused = await act(fourth, 'approve', { useCredit: true });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/no Multiples Listing credits left/);
    expect((await t.db('submissions').where({ id: fourth }).first()).status).toBe('pending_review');
    expect((await act(fourth, 'approve')).json()).toMatchObject({
      publishedWithCredit: false,
      submission: { submissionStatus: 'approved' },
    });
  });

  it('says whether payments go through Stripe', async () => {
    expect((await admin({ method: 'GET', url: '/api/admin/submissions/payments' })).json()).toEqual(
      { stripeConfigured: false },
    );
  });

  it('answers /api/refresh-jobs honestly when no source is configured', async () => {
    const res = await admin({ method: 'GET', url: '/api/refresh-jobs' });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toMatch(/No external job source/);
  });
});

describe(`promo codes on ${testDatabase}`, () => {
  it('are created, listed, updated and deleted by admins', async () => {
    const created = await admin({
      method: 'POST',
      url: '/api/admin/promo-codes',
      payload: {
        code: 'spring25',
        description: 'Spring drive',
        percentOff: 25,
        endsAt: '2027-03-31',
        maxRedemptions: 10,
      },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      code: 'SPRING25',
      percentOff: 25,
      endsAt: '2027-03-31',
      redemptions: 0,
      active: true,
    });
    const id = created.json().id;
    expect(
      (
        await admin({
          method: 'POST',
          url: '/api/admin/promo-codes',
          payload: { code: 'SPRING25', percentOff: 5 },
        })
      ).statusCode,
    ).toBe(409);
    const bad = await admin({
      method: 'POST',
      url: '/api/admin/promo-codes',
      payload: { code: 'X1', percentOff: 10, amountOffCents: 500 },
    });
    expect(bad.json().fields.percentOff).toBe('Give either a percentage or an amount off');
    const updated = await admin({
      method: 'PUT',
      url: `/api/admin/promo-codes/${id}`,
      payload: { code: 'SPRING25', amountOffCents: 2_000, active: false },
    });
    expect(updated.json()).toMatchObject({
      amountOffCents: 2_000,
      percentOff: null,
      active: false,
    });
    expect(
      (await admin({ method: 'GET', url: '/api/admin/promo-codes' }))
        .json()
        .map((p: { code: string }) => p.code),
    ).toContain('SPRING25');
    expect(
      (await admin({ method: 'DELETE', url: `/api/admin/promo-codes/${id}` })).statusCode,
    ).toBe(200);
  });

  it('end on the last day they name', async () => {
    await admin({
      method: 'POST',
      url: '/api/admin/promo-codes',
      payload: { code: 'TODAYONLY', percentOff: 10, endsAt: '2026-11-22' },
    });
    const submit = await injectWithProof(t.app, {
      method: 'POST',
      url: '/api/submit-job-for-review',
      payload: {
        title: 'Organizer',
        organization: 'Org',
        description: 'A long enough description of the role, its duties and what it offers.',
        location: 'Remote',
        category: ['Political'],
        jobType: 'Full-time',
        // Salary is required since issue 16 (the form says only roles with one are posted).
        salaryMin: '50000',
        applicationUrl: 'https://org.example/jobs',
        contactEmail: 'a@org.example',
        contactName: 'A',
        promoCode: 'todayonly',
      },
    });
    expect(submit.statusCode).toBe(201);
  });
});
