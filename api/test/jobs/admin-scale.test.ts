import {
  MAX_BULK_JOBS,
  type AdminEmailPage,
  type AdminJob,
  type AdminJobPage,
  type AdminStats,
  type AdminSubmissionPage,
  type BulkJobResult,
  type HistoryEntry,
} from '@jobboard/contract/admin';
import { MAX_QUERY_LENGTH } from '@jobboard/contract/common';
import { ENDPOINTS } from '@jobboard/contract/endpoints';
import { PAY_MESSAGES, defaultSearchFilter, JOB_LIMITS } from '@jobboard/contract/jobs';
import { VALID_SUBMISSION } from '@jobboard/contract/testing';
import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import type { JobInput } from '../../src/jobs/job-input';
import { CSRF, login, sessionCookie, signedIn } from '../support/admin';
import { parseCsv } from '../support/csv';
import { jobInput } from '../support/jobs';
import { invalidRows } from '../support/rows';
import { buildTestApp, testDatabase, type TestApp } from '../support/test-app';

type Request = Awaited<ReturnType<typeof signedIn>>;
let t: TestApp;
let admin: Request;

const DAY = 24 * 60 * 60 * 1000;
const JOBS = 2_000;
const ORGS = Array.from({ length: 40 }, (_, i) => `Org ${String(i).padStart(2, '0')} Alliance`);
const SOURCES = ['admin', 'submission', 'sync', 'demo'] as const;

/** The 2,000 jobs, varied on every filter: what each list must find is computed from these. */
function boardInputs(now: Date): JobInput[] {
  return Array.from({ length: JOBS }, (_, i) => {
    // Ends: none, long ago, within 7 days, or months away.
    const end = [null, -10 * DAY, 3 * DAY, 90 * DAY][i % 4]!;
    return jobInput({
      title: `${i % 7 === 0 ? 'Grants' : 'Program'} Lead ${String(i).padStart(4, '0')}`,
      organization: ORGS[i % ORGS.length]!,
      featured: i % 10 === 0,
      active: i % 9 !== 0,
      source: SOURCES[i % SOURCES.length],
      expiresAt: end === null ? null : new Date(now.getTime() + end),
      postedDate: `2026-${String((i % 11) + 1).padStart(2, '0')}-15`,
    });
  });
}

let inputs: JobInput[];
let ids: number[];

beforeAll(async () => {
  t = await buildTestApp({ env: { SUBMISSION_RATE_LIMIT_MAX: '1000' } });
  admin = await signedIn(t);
  inputs = boardInputs(t.clock.now);
  ids = await t.app.jobs.createMany(inputs, t.clock.now);
  // A live PostgreSQL database has statistics (autovacuum analyzes a table that grew); a freshly
  // filled test database has none until this, and plans as if the tables were empty.
  if (testDatabase === 'postgres') await t.db.raw('ANALYZE');
}, 120_000);
afterAll(() => t.close());

const page = async (query: string) => {
  const res = await admin({ url: `${ENDPOINTS.adminJobPage.path}${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as AdminJobPage;
};

/** What the filters must find, computed from the inputs. */
function expected(pick: (input: JobInput, index: number) => boolean): number[] {
  return inputs.flatMap((input, i) => (pick(input, i) ? [ids[i]!] : []));
}
const now = () => t.clock.now.getTime();
const isLive = (j: JobInput) => j.active && (!j.expiresAt || j.expiresAt.getTime() > now());

describe(`admin jobs list at ${JOBS} jobs on ${testDatabase}`, () => {
  it('pages every job newest first and keeps the total', async () => {
    const first = await page('');
    expect(first.total).toBe(JOBS);
    expect(first.pageSize).toBe(25);
    expect(first.jobs.map((j) => Number(j.id))).toEqual([...ids].reverse().slice(0, 25));
    const second = await page('?page=2');
    expect(second.jobs.map((j) => Number(j.id))).toEqual([...ids].reverse().slice(25, 50));
    const last = await page('?page=20&pageSize=100');
    expect(last.jobs).toHaveLength(100);
    expect(Number(last.jobs.at(-1)!.id)).toBe(ids[0]);
    expect((await page('?page=21&pageSize=100')).jobs).toEqual([]);
  });

  it('searches title and organization, any letter case', async () => {
    const grants = await page('?q=gRANTS&pageSize=100');
    expect(grants.total).toBe(expected((j) => j.title.startsWith('Grants')).length);
    expect(grants.jobs.every((j) => j.title.startsWith('Grants'))).toBe(true);
    const org = await page(`?q=${encodeURIComponent('org 07 alli')}`);
    expect(org.total).toBe(expected((j) => j.organization === 'Org 07 Alliance').length);
    // LIKE's own wildcards are taken literally.
    expect((await page('?q=%25')).total).toBe(0);
    expect((await page('?q=_')).total).toBe(0);
  });

  it('filters by status, featured, source and expiring within 7 days, alone and together', async () => {
    const cases: [string, (j: JobInput) => boolean][] = [
      ['status=live', isLive],
      ['status=inactive', (j) => !j.active],
      ['status=expired', (j) => !!j.expiresAt && j.expiresAt.getTime() <= now()],
      ['featured=yes', (j) => j.featured],
      ['featured=no', (j) => !j.featured],
      ['source=sync', (j) => j.source === 'sync'],
      [
        'expiring=yes',
        (j) =>
          j.active &&
          !!j.expiresAt &&
          j.expiresAt.getTime() > now() &&
          j.expiresAt.getTime() <= now() + 7 * DAY,
      ],
      [
        'status=live&featured=yes&source=admin',
        (j) => isLive(j) && j.featured && j.source === 'admin',
      ],
    ];
    for (const [query, pick] of cases) {
      const want = expected(pick);
      const result = await page(`?${query}&pageSize=100`);
      expect(result.total, query).toBe(want.length);
      expect(want.length, query).toBeGreaterThan(0);
      const shown = result.jobs.map((j) => Number(j.id));
      expect(
        shown.every((id) => want.includes(id)),
        query,
      ).toBe(true);
    }
    // An empty choice is no filter (what a cleared <select> sends).
    expect((await page('?status=&featured=&source=&expiring=')).total).toBe(JOBS);
  });

  it('sorts by each column both ways, pages never overlapping', async () => {
    const titles = await page('?sort=title&dir=asc&pageSize=100');
    const sortedTitles = inputs.map((j) => j.title.toLowerCase()).sort();
    expect(titles.jobs.map((j) => j.title.toLowerCase())).toEqual(sortedTitles.slice(0, 100));
    const desc = await page('?sort=organization&dir=desc&pageSize=50');
    expect(desc.jobs.every((j) => j.organization === 'Org 39 Alliance')).toBe(true);
    const posted = await page('?sort=posted&dir=asc&pageSize=10');
    expect(posted.jobs.every((j) => j.postedDate === '2026-01-15')).toBe(true);
    const expires = await page('?sort=expires&dir=asc&pageSize=10');
    expect(Date.parse(expires.jobs[0]!.expiresAt!)).toBe(now() - 10 * DAY);
    const expiresDesc = await page('?sort=expires&dir=desc&pageSize=100&page=20');
    // Jobs without an end come last whichever the direction.
    expect(expiresDesc.jobs.at(-1)!.expiresAt ?? null).toBeNull();
    expect(expiresDesc.jobs[0]!.expiresAt ?? null).toBeNull();
    const status = await page('?sort=status&dir=asc&pageSize=10');
    expect(status.jobs.every((j) => !j.active)).toBe(true);
    const seen = new Set<string>();
    for (let p = 1; p <= 20; p += 1) {
      for (const job of (await page(`?sort=title&dir=desc&pageSize=100&page=${p}`)).jobs) {
        expect(seen.has(job.id)).toBe(false);
        seen.add(job.id);
      }
    }
    expect(seen.size).toBe(JOBS);
  });

  it('answers every view quickly (p95 printed: the figure goes in the report, not an assertion)', async () => {
    // Timed on the app as production runs it: the test app also checks every answer against its
    // struct (support/response-check.ts), about 10 ms of superstruct per page that production
    // never spends. Same database and session store, so the same cookie signs in.
    const bare = await buildApp({ config: t.config, db: t.db, now: () => t.clock.now });
    await bare.ready();
    const cookie = sessionCookie(await login(t));
    const get = (url: string) => bare.inject({ url, headers: { cookie } });
    const views = [
      '',
      '?page=40&pageSize=50',
      '?q=grants',
      '?status=live&sort=title&dir=asc',
      '?featured=yes&sort=organization',
      '?source=sync&sort=posted&dir=desc',
      '?expiring=yes&sort=expires&dir=asc',
      '?q=org%2012&status=inactive',
    ];
    const durations: number[] = [];
    const slowest: Record<string, number> = {};
    for (let round = 0; round < 8; round += 1) {
      for (const view of views) {
        const started = performance.now();
        const res = await get(`${ENDPOINTS.adminJobPage.path}${view}`);
        const took = performance.now() - started;
        durations.push(took);
        slowest[view] = Math.max(slowest[view] ?? 0, took);
        expect(res.statusCode).toBe(200);
      }
    }
    const subDurations: number[] = [];
    for (let round = 0; round < 20; round += 1) {
      const started = performance.now();
      const res = await get(`${ENDPOINTS.adminSubmissionPage.path}?q=x&status=paid`);
      subDurations.push(performance.now() - started);
      expect(res.statusCode).toBe(200);
    }
    const p95 = (list: number[]) =>
      [...list].sort((a, b) => a - b)[Math.ceil(list.length * 0.95) - 1]!;
    console.log(
      `[admin-scale] ${testDatabase}, ${JOBS} jobs: jobs list p95 ${p95(durations).toFixed(1)} ms ` +
        `slowest by view ${JSON.stringify(slowest, (_k, v: unknown) => (typeof v === 'number' ? Math.round(v) : v))} ` +
        `(median ${[...durations].sort((a, b) => a - b)[durations.length >> 1]!.toFixed(1)} ms, ` +
        `${durations.length} requests); submissions list p95 ${p95(subDurations).toFixed(1)} ms`,
    );
    await bare.close();
  });

  it('refuses a bad query with 400 naming the field', async () => {
    for (const [query, field] of [
      ['?status=gone', 'status'],
      ['?sort=salary', 'sort'],
      ['?dir=up', 'dir'],
      ['?pageSize=101', 'pageSize'],
      ['?page=0', 'page'],
      [`?q=${'x'.repeat(MAX_QUERY_LENGTH + 1)}`, 'q'],
      ['?extra=1', 'extra'],
    ] as const) {
      const res = await admin({ url: `${ENDPOINTS.adminJobPage.path}${query}` });
      expect(res.statusCode, query).toBe(400);
      expect(res.json().fields, query).toHaveProperty(field);
    }
    const longest = await page(`?q=${'x'.repeat(MAX_QUERY_LENGTH)}`);
    expect(longest.total).toBe(0);
  });
});

const bulk = (body: unknown) =>
  admin({ method: 'POST', url: ENDPOINTS.bulkJobs.path, payload: body as object });
const jobOf = async (id: number) =>
  (await admin({ url: `/api/admin/jobs/${id}` })).json() as AdminJob;
const historyOf = async (id: number) =>
  (await admin({ url: `/api/admin/jobs/${id}/history` })).json() as HistoryEntry[];

describe(`bulk actions on ${testDatabase}`, () => {
  it('extends three jobs by 30 days from their end (or today), with a summary and an audit line each', async () => {
    // One ended, one ending in 3 days, one with no end.
    const chosen = [ids[1]!, ids[2]!, ids[0]!];
    const res = await bulk({ action: 'extend', ids: chosen.map(String) });
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json() as BulkJobResult;
    expect(result).toMatchObject({ action: 'extend', requested: 3, changed: 3, unchanged: 0 });
    expect(result.message).toBe('3 jobs extended by 30 days');
    expect(Date.parse((await jobOf(ids[1]!)).expiresAt!)).toBe(now() + 30 * DAY);
    expect(Date.parse((await jobOf(ids[2]!)).expiresAt!)).toBe(now() + 33 * DAY);
    expect(Date.parse((await jobOf(ids[0]!)).expiresAt!)).toBe(now() + 30 * DAY);
    const history = await historyOf(ids[1]!);
    expect(history.at(-1)).toMatchObject({ kind: 'extended', actor: 'admin:alice' });
    expect(history.at(-1)!.summary).toContain('Extended by 30 days');
  });

  it('changes nothing when one id names no job (all or nothing)', async () => {
    const before = await Promise.all([ids[5]!, ids[6]!].map(jobOf));
    const auditBefore = (await historyOf(ids[5]!)).length;
    for (const action of ['deactivate', 'activate', 'extend', 'delete'] as const) {
      const res = await bulk({ action, ids: [ids[5], ids[6], 2_000_000_000] });
      expect(res.statusCode, action).toBe(404);
      expect(res.json().message).toContain('2000000000');
      expect(res.json().message).toContain('nothing was changed');
    }
    expect(await Promise.all([ids[5]!, ids[6]!].map(jobOf))).toEqual(before);
    expect((await historyOf(ids[5]!)).length).toBe(auditBefore);
  });

  it('undoes every change when a write fails part-way (all or nothing)', async () => {
    const [first, second] = [ids[40]!, ids[41]!];
    // A fault in the database itself: the second job's update fails after the first's is written.
    if (testDatabase === 'postgres') {
      await t.db.raw(
        `CREATE FUNCTION bulk_fault() RETURNS trigger AS $$ BEGIN RAISE EXCEPTION 'injected fault'; END $$ LANGUAGE plpgsql`,
      );
      await t.db.raw(
        `CREATE TRIGGER bulk_fault BEFORE UPDATE ON jobs FOR EACH ROW WHEN (NEW.id = ${second}) EXECUTE FUNCTION bulk_fault()`,
      );
    } else {
      await t.db.raw(
        `CREATE TRIGGER bulk_fault BEFORE UPDATE ON jobs WHEN NEW.id = ${second} BEGIN SELECT RAISE(ABORT, 'injected fault'); END`,
      );
    }
    try {
      const before = await Promise.all([first, second].map(jobOf));
      const auditBefore = (await historyOf(first)).length;
      for (const action of ['extend', 'deactivate'] as const) {
        const res = await bulk({ action, ids: [first, second] });
        expect(res.statusCode, action).toBe(500);
      }
      expect(await Promise.all([first, second].map(jobOf))).toEqual(before);
      expect((await historyOf(first)).length).toBe(auditBefore);
    } finally {
      await t.db.raw('DROP TRIGGER bulk_fault' + (testDatabase === 'postgres' ? ' ON jobs' : ''));
      if (testDatabase === 'postgres') await t.db.raw('DROP FUNCTION bulk_fault()');
    }
    // Without the fault the same action goes through.
    expect((await bulk({ action: 'extend', ids: [first, second] })).json()).toMatchObject({
      changed: 2,
    });
  });

  it('deactivates and activates, counting jobs already so', async () => {
    // ids[9] is inactive (9 % 9 === 0), ids[10] and ids[11] are active.
    const off = (await bulk({ action: 'deactivate', ids: [ids[9], ids[10], ids[11]] })).json();
    expect(off).toMatchObject({ changed: 2, unchanged: 1 });
    expect(off.message).toBe('2 jobs deactivated; 1 job already so');
    expect((await jobOf(ids[10]!)).active).toBe(false);
    const on = (
      await bulk({ action: 'activate', ids: [ids[9], ids[10], ids[11], ids[11]] })
    ).json();
    expect(on).toMatchObject({ requested: 3, changed: 3, unchanged: 0 });
    expect((await historyOf(ids[10]!)).map((e) => e.kind)).toEqual(
      expect.arrayContaining(['deactivated', 'activated']),
    );
  });

  it('deletes in one go, and refuses an empty or oversized selection', async () => {
    const doomed = [ids[1990]!, ids[1991]!];
    expect((await bulk({ action: 'delete', ids: doomed })).json()).toMatchObject({ changed: 2 });
    expect((await admin({ url: `/api/admin/jobs/${doomed[0]}` })).statusCode).toBe(404);
    expect((await page('')).total).toBe(JOBS - 2);
    expect((await bulk({ action: 'delete', ids: [] })).statusCode).toBe(400);
    const tooMany = Array.from({ length: MAX_BULK_JOBS + 1 }, (_, i) => i + 1);
    expect((await bulk({ action: 'delete', ids: tooMany })).statusCode).toBe(400);
    expect((await bulk({ action: 'explode', ids: [ids[3]] })).statusCode).toBe(400);
    expect((await bulk({ action: 'delete', ids: ['x'] })).statusCode).toBe(400);
  });
});

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
      'submission_id',
      'views',
      'apply_clicks',
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
    const submitted = await t.app.inject({
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
    const submitted = await t.app.inject({
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
      await t.app.inject({
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

describe(`data the filters can use on ${testDatabase}`, () => {
  const LONG_URL = (max: number) =>
    `https://example.org/${'a'.repeat(max - 'https://example.org/'.length)}`;

  it('keeps the experience level and company links of a public submission on its published job', async () => {
    const website = LONG_URL(JOB_LIMITS.companyUrl);
    const logo = LONG_URL(JOB_LIMITS.companyUrl);
    const submitted = await t.app.inject({
      method: 'POST',
      url: ENDPOINTS.submitJob.path,
      payload: {
        ...VALID_SUBMISSION,
        title: 'Senior Data Editor',
        organization: 'Linked Data Desk',
        experienceLevel: 'senior',
        companyWebsite: website,
        logoUrl: logo,
      },
    });
    expect(submitted.statusCode, submitted.body).toBe(201);
    const id = submitted.json().id as string;
    expect((await admin({ url: `/api/admin/submissions/${id}` })).json()).toMatchObject({
      experienceLevel: 'senior',
    });
    await admin({ method: 'POST', url: `/api/admin/submissions/${id}/approve`, payload: {} });
    await admin({ method: 'POST', url: `/api/admin/submissions/${id}/mark-paid` });
    const jobId = (await admin({ url: `/api/admin/submissions/${id}` })).json().jobId as string;
    const job = await jobOf(Number(jobId));
    expect(job.experienceLevel).toBe('senior');
    expect(job.company).toMatchObject({ websiteUrl: website });
    // The address given: the board serves its own copy once fetched (logos.test.ts).
    expect(job.logoSource).toBe(logo);
    // The board's Experience filter now finds it.
    const search = await t.app.inject({
      method: 'POST',
      url: ENDPOINTS.searchJobs.path,
      payload: {
        ...defaultSearchFilter(),
        query: 'Senior Data Editor',
        experience: { entry: false, mid: false, senior: true },
      },
    });
    expect(search.json().jobs.map((j: { id: string }) => j.id)).toContain(jobId);
    expect(await invalidRows(t.db)).toEqual([]);
  });

  it('refuses a public submission without any salary, with the form’s own message', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: ENDPOINTS.submitJob.path,
      payload: { ...VALID_SUBMISSION, salaryMin: '', salaryMax: '' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ salaryMin: PAY_MESSAGES.required });
  });

  it('lets the admin form set the experience level, website and logo, and audits the change', async () => {
    const form = {
      title: 'Membership Coordinator',
      organization: 'Admin Links Alliance',
      applicationUrl: 'https://links.example/jobs/1',
      description: 'Look after our members.',
      category: ['Fundraising'],
      locations: ['Remote'],
      jobType: 'Full-time',
      via: '',
      postedDate: '2026-11-20',
      deadline: '',
      salaryMin: 50_000,
      salaryMax: 60_000,
      experienceLevel: 'entry',
      companyWebsite: 'https://links.example',
      logoUrl: LONG_URL(JOB_LIMITS.companyUrl),
      active: true,
      featured: false,
    };
    const created = await admin({ method: 'POST', url: '/api/admin/jobs', payload: form });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      experienceLevel: 'entry',
      company: { websiteUrl: 'https://links.example' },
      logoSource: form.logoUrl,
    });
    const id = created.json().id as string;
    const edited = await admin({
      method: 'PUT',
      url: `/api/admin/jobs/${id}`,
      payload: { ...form, experienceLevel: 'mid', companyWebsite: '', logoUrl: '' },
    });
    // Blank links keep the company's own.
    expect(edited.json()).toMatchObject({
      experienceLevel: 'mid',
      company: { websiteUrl: 'https://links.example' },
      logoSource: form.logoUrl,
    });
    const history = await historyOf(Number(id));
    expect(history.at(-1)!.summary).toBe('Edited: Changed experience level');
    const bad = await admin({
      method: 'POST',
      url: '/api/admin/jobs',
      payload: { ...form, experienceLevel: 'guru', logoUrl: 'ftp://x' },
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields).sort()).toEqual(['experienceLevel', 'logoUrl']);
    expect(await invalidRows(t.db)).toEqual([]);
  });
});

describe(`the new routes refuse without an admin session on ${testDatabase}`, () => {
  it('answers 401 to each', async () => {
    const routes: [string, string][] = [
      ['GET', ENDPOINTS.adminJobPage.path],
      ['GET', ENDPOINTS.adminSubmissionPage.path],
      ['GET', ENDPOINTS.exportJobs.path],
      ['GET', ENDPOINTS.exportSubmissions.path],
      ['POST', ENDPOINTS.bulkJobs.path],
      ['GET', '/api/admin/jobs/1/history'],
      ['GET', '/api/admin/submissions/1/history'],
      ['GET', ENDPOINTS.adminEmails.path],
      ['POST', '/api/admin/emails/1/resend'],
      ['GET', ENDPOINTS.adminStats.path],
    ];
    for (const [method, url] of routes) {
      const res = await t.app.inject({
        method: method as 'GET',
        url,
        headers: CSRF,
        ...(method === 'POST' ? { payload: { action: 'delete', ids: [ids[3]] } } : {}),
      });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json()).toHaveProperty('message');
    }
    expect((await jobOf(ids[3]!)).id).toBe(String(ids[3]));
  });
});
