import {
  MAX_BULK_JOBS,
  type AdminJob,
  type AdminJobPage,
  type BulkJobResult,
  type HistoryEntry,
} from '@jobboard/contract/admin';
import { MAX_QUERY_LENGTH } from '@jobboard/contract/common';
import { ENDPOINTS } from '@jobboard/contract/endpoints';
import { PAY_MESSAGES, defaultSearchFilter, JOB_LIMITS } from '@jobboard/contract/jobs';
import { VALID_SUBMISSION } from '@jobboard/contract/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobInput } from '../../src/jobs/job-input';
import { CSRF } from '../support/admin';
import { DAY, JOBS, adminBoard, type Admin } from '../support/admin-board';
import { invalidRows } from '../support/rows';
import { testDatabase, type TestApp } from '../support/test-app';
import { injectWithProof } from '../support/human-proof';

/**
 * The admin's jobs list and bulk actions at 2,000 jobs (issue 16; support/admin-board.ts), and
 * the data the board's filters use. The back office's exports, history, e-mail page and numbers
 * on the same board: backoffice/backoffice-scale.test.ts; the lists' timings:
 * system/admin-lists-timing.test.ts and the bench.
 */

let t: TestApp;
let admin: Admin;
let inputs: JobInput[];
let ids: number[];
let page: (query: string) => Promise<AdminJobPage>;
let jobOf: (id: number) => Promise<AdminJob>;
let historyOf: (id: number) => Promise<HistoryEntry[]>;

beforeAll(async () => {
  ({ t, admin, inputs, ids, page, jobOf, historyOf } = await adminBoard());
}, 120_000);
afterAll(() => t.close());

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

describe(`data the filters can use on ${testDatabase}`, () => {
  const LONG_URL = (max: number) =>
    `https://example.org/${'a'.repeat(max - 'https://example.org/'.length)}`;

  it('keeps the experience level and company links of a public submission on its published job', async () => {
    const website = LONG_URL(JOB_LIMITS.companyUrl);
    const logo = LONG_URL(JOB_LIMITS.companyUrl);
    const submitted = await injectWithProof(t.app, {
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
    const res = await injectWithProof(t.app, {
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
