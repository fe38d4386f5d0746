import type {
  AdminEmailPage,
  AdminJob,
  AdminJobPage,
  AdminStats,
  AdminSubmissionPage,
  HistoryEntry,
} from '@jobboard/contract/admin';
import { ENDPOINTS } from '@jobboard/contract/endpoints';
import { CHANNELS } from '@jobboard/contract/jobs';
import { VALID_SUBMISSION } from '@jobboard/contract/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY, adminBoard, type Admin } from '../support/admin-board';
import { parseCsv } from '../support/csv';
import { jobInput } from '../support/jobs';
import { invalidRows } from '../support/rows';
import { testDatabase, type TestApp } from '../support/test-app';
import { injectWithProof } from '../support/human-proof';

/**
 * The back office at scale (issue 16; support/admin-board.ts: 2,000 jobs): the CSV exports, the
 * jobs' and submissions' history, the e-mail page, the review queue's pages and the dashboard's
 * numbers. The tests run in order: the numbers count the submissions the ones before made.
 */

let t: TestApp;
let admin: Admin;
let ids: number[];
let page: (query: string) => Promise<AdminJobPage>;
let jobOf: (id: number) => Promise<AdminJob>;
let historyOf: (id: number) => Promise<HistoryEntry[]>;

beforeAll(async () => {
  ({ t, admin, ids, page, jobOf, historyOf } = await adminBoard());
}, 120_000);
afterAll(() => t.close());

const now = () => t.clock.now.getTime();

describe(`CSV exports on ${testDatabase}`, () => {
  it('exports every job of the current view (all pages), parseable, with its columns', async () => {
    const res = await admin({ url: `${ENDPOINTS.exportJobs.path}?source=sync&sort=title` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="jobs-\d{4}-\d\d-\d\d\.csv"$/,
    );
    const [header, ...rows] = parseCsv(res.body);
    expect(header).toEqual([
      'id',
      'title',
      'organization',
      'status',
      'expired',
      'featured',
      'source',
      'categories',
      'locations',
      'job_type',
      'experience_level',
      'salary',
      'salary_min',
      'salary_max',
      'salary_period',
      'salary_currency',
      'benefits_summary',
      'held_back',
      'posted_date',
      'expires_at',
      'created_at',
      'application_url',
      // Issue 45: test/link-checks/link-checks.test.ts.
      'application_link_flagged',
      'submission_id',
      'views',
      'apply_clicks',
      // By channel (issue 44): test/job-stats/channel-counts.test.ts.
      ...CHANNELS.map((channel) => `views_${channel}`),
      ...CHANNELS.map((channel) => `apply_clicks_${channel}`),
    ]);
    const view = await page('?source=sync&sort=title');
    expect(rows).toHaveLength(view.total);
    expect(rows.every((r) => r[6] === 'sync')).toBe(true);
    expect(rows[0]![1]).toBe(view.jobs[0]!.title);
  });

  it('writes formulas, quotes, commas and line breaks as plain text', async () => {
    const hostile = [
      '=HYPERLINK("http://evil.example","Click")',
      '+1+2',
      '-2+3',
      '@SUM(A1:A2)',
      'Comma, "quoted"\nand a new line',
    ];
    const created = await t.app.jobs.createMany(
      hostile.map((title) => jobInput({ title, organization: 'Zeta Hostile Org', source: 'sync' })),
      t.clock.now,
    );
    const res = await admin({
      url: `${ENDPOINTS.exportJobs.path}?q=zeta%20hostile&sort=created&dir=asc`,
    });
    const [, ...rows] = parseCsv(res.body);
    expect(rows.map((r) => Number(r[0]))).toEqual(created);
    expect(rows.map((r) => r[1])).toEqual([
      `'=HYPERLINK("http://evil.example","Click")`,
      `'+1+2`,
      `'-2+3`,
      `'@SUM(A1:A2)`,
      'Comma, "quoted"\nand a new line',
    ]);
  });

  it('exports submissions with their payments', async () => {
    const submitted = await injectWithProof(t.app, {
      method: 'POST',
      url: ENDPOINTS.submitJob.path,
      payload: { ...VALID_SUBMISSION, title: 'CSV Paid Role' },
    });
    const id = submitted.json().id as string;
    await admin({ method: 'POST', url: `/api/admin/submissions/${id}/approve`, payload: {} });
    expect(
      (await admin({ method: 'POST', url: `/api/admin/submissions/${id}/mark-paid` })).statusCode,
    ).toBe(200);
    const res = await admin({ url: `${ENDPOINTS.exportSubmissions.path}?q=csv%20paid` });
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    const [header, ...rows] = parseCsv(res.body);
    expect(header).toEqual([
      'id',
      'submitted_at',
      'status',
      'title',
      'organization',
      'contact_name',
      'contact_email',
      'listing_type',
      'promo_code',
      'amount_usd',
      'paid_at',
      'paid_usd',
      'payments',
      'job_id',
    ]);
    expect(rows).toHaveLength(1);
    const row = Object.fromEntries(header!.map((name, i) => [name, rows[0]![i]]));
    expect(row).toMatchObject({ id, status: 'paid', title: 'CSV Paid Role', amount_usd: '99' });
    expect(row.paid_usd).toBe('99');
    expect(row.payments).toBe('manual paid 99');
    expect(row.job_id).toMatch(/^\d+$/);
  });
});

describe(`history on ${testDatabase}`, () => {
  it('records an admin edit with who, when and what changed', async () => {
    const job = await jobOf(ids[20]!);
    const form = {
      title: `${job.title} (edited)`,
      organization: job.organization,
      applicationUrl: job.applicationUrl,
      description: job.description,
      category: job.category,
      locations: job.locations,
      jobType: job.jobType,
      via: job.via,
      postedDate: job.postedDate,
      salaryMin: 50_000,
      salaryMax: 60_000,
      active: job.active,
      featured: job.featured,
    };
    const res = await admin({ method: 'PUT', url: `/api/admin/jobs/${ids[20]}`, payload: form });
    expect(res.statusCode, res.body).toBe(200);
    const history = await historyOf(ids[20]!);
    expect(history[0]).toMatchObject({ kind: 'created' });
    expect(history.at(-1)).toMatchObject({
      kind: 'edited',
      actor: 'admin:alice',
      summary: 'Edited: Changed title, salary',
      at: t.clock.now.toISOString(),
    });
  });

  it('shows an ended listing as expired', async () => {
    // ids[21]: ended 10 days ago.
    const history = await historyOf(ids[21]!);
    expect(history).toContainEqual({
      at: new Date(now() - 10 * DAY).toISOString(),
      kind: 'expired',
      summary: 'Listing ended',
      actor: null,
    });
  });

  it('tells a submission’s story: submitted, e-mails, approved, paid, published; and its job’s', async () => {
    const submitted = await injectWithProof(t.app, {
      method: 'POST',
      url: ENDPOINTS.submitJob.path,
      payload: { ...VALID_SUBMISSION, title: 'Timeline Role' },
    });
    const id = submitted.json().id as string;
    await admin({ method: 'POST', url: `/api/admin/submissions/${id}/approve`, payload: {} });
    await t.app.mailer.flush();
    await admin({ method: 'POST', url: `/api/admin/submissions/${id}/mark-paid` });
    const res = await admin({ url: `/api/admin/submissions/${id}/history` });
    expect(res.statusCode).toBe(200);
    const kinds = (res.json() as HistoryEntry[]).map((e) => e.kind);
    expect(kinds.slice(0, 1)).toEqual(['submitted']);
    expect(kinds).toEqual(
      expect.arrayContaining(['approved', 'paid', 'published', 'email_waiting']),
    );
    expect(kinds.filter((k) => k.startsWith('email_')).length).toBeGreaterThanOrEqual(3);
    const jobId = (await admin({ url: `/api/admin/submissions/${id}` })).json().jobId;
    const jobKinds = (await historyOf(Number(jobId))).map((e) => e.kind);
    expect(jobKinds).toEqual(expect.arrayContaining(['created', 'submitted', 'approved', 'paid']));
    expect((await admin({ url: '/api/admin/submissions/2000000000/history' })).statusCode).toBe(
      404,
    );
    expect((await admin({ url: '/api/admin/jobs/2000000000/history' })).statusCode).toBe(404);
  });
});

describe(`e-mail page on ${testDatabase}`, () => {
  it('lists the outbox by state and sends a failed message again', async () => {
    const all = (await admin({ url: ENDPOINTS.adminEmails.path })).json() as AdminEmailPage;
    expect(all.total).toBeGreaterThan(0);
    const target = all.emails.find(
      (e) => e.template === 'new-submission' && e.status === 'pending',
    )!;
    await t.app.outbox.markAttemptFailed(Number(target.id), {
      failed: true,
      nextAttemptAt: now(),
      error: '550 mailbox unavailable',
    });
    const failed = (await admin({ url: `${ENDPOINTS.adminEmails.path}?status=failed` })).json();
    expect(failed.emails.map((e: { id: string }) => e.id)).toContain(target.id);
    const shown = failed.emails.find((e: { id: string }) => e.id === target.id);
    expect(shown).toMatchObject({
      status: 'failed',
      resendable: true,
      lastError: '550 mailbox unavailable',
    });
    const resent = await admin({ method: 'POST', url: `/api/admin/emails/${target.id}/resend` });
    expect(resent.statusCode, resent.body).toBe(200);
    expect(resent.json()).toMatchObject({ id: target.id, status: 'pending', attempts: 0 });
    // Only a failed message can be resent.
    const again = await admin({ method: 'POST', url: `/api/admin/emails/${target.id}/resend` });
    expect(again.statusCode).toBe(409);
    expect(
      (await admin({ method: 'POST', url: '/api/admin/emails/2000000000/resend' })).statusCode,
    ).toBe(404);
  });

  it('refuses to resend a failed message whose pay link was taken out', async () => {
    const approval = (await admin({ url: ENDPOINTS.adminEmails.path + '?pageSize=100' }))
      .json()
      .emails.find((e: { template: string }) => e.template === 'submission-approved');
    expect(approval).toBeDefined();
    await t.app.outbox.markAttemptFailed(Number(approval.id), {
      failed: true,
      nextAttemptAt: now(),
      error: '550',
      textBody: 'Pay here: http://localhost:3000/pay/[redacted]',
    });
    const res = await admin({ method: 'POST', url: `/api/admin/emails/${approval.id}/resend` });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain('Generate Payment Link');
  });
});

describe(`submissions list and numbers on ${testDatabase}`, () => {
  it('pages, searches and filters the review queue', async () => {
    for (let i = 0; i < 30; i += 1) {
      await injectWithProof(t.app, {
        method: 'POST',
        url: ENDPOINTS.submitJob.path,
        payload: { ...VALID_SUBMISSION, title: `Queue Role ${i}` },
      });
    }
    const list = async (query: string) =>
      (
        await admin({ url: `${ENDPOINTS.adminSubmissionPage.path}${query}` })
      ).json() as AdminSubmissionPage;
    const pending = await list('?status=pending_review&q=queue%20role');
    expect(pending.total).toBe(30);
    expect(pending.submissions).toHaveLength(25);
    expect((await list('?status=pending_review&q=queue%20role&page=2')).submissions).toHaveLength(
      5,
    );
    const byTitle = await list('?q=queue%20role&sort=title&dir=asc&pageSize=3');
    expect(byTitle.submissions.map((s) => s.title)).toEqual([
      'Queue Role 0',
      'Queue Role 1',
      'Queue Role 10',
    ]);
    expect(
      (await list('?status=paid')).submissions.every((s) => s.submissionStatus === 'paid'),
    ).toBe(true);
    expect(pending.flaggedPayments).toBe(0);
    expect(
      (await admin({ url: `${ENDPOINTS.adminSubmissionPage.path}?status=lost` })).statusCode,
    ).toBe(400);
  });

  it('counts live, expiring, pending and paid jobs and revenue by month', async () => {
    const stats = (await admin({ url: ENDPOINTS.adminStats.path })).json() as AdminStats;
    const live = (await page('?status=live&pageSize=1')).total;
    const expiring = (await page('?expiring=yes&pageSize=1')).total;
    expect(stats.live).toBe(live);
    expect(stats.expiringSoon).toBe(expiring);
    expect(stats.pendingReview).toBeGreaterThanOrEqual(30);
    // Two submissions were marked paid above, at $99 each, this month.
    expect(stats.paidThisMonth).toBe(2);
    expect(stats.revenueByMonth).toHaveLength(12);
    expect(stats.revenueByMonth.at(-1)).toEqual({ month: '2026-11', cents: 19_800 });
    expect(stats.revenueByMonth[0]!.month).toBe('2025-12');
    expect(stats.lastSync).toBeNull();
    expect(stats.confirmedAlerts).toBe(0);
  });

  it('leaves every stored row valid for PostgreSQL', async () => {
    expect(await invalidRows(t.db)).toEqual([]);
  });
});
