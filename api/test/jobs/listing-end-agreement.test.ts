import { randomBytes } from 'node:crypto';
import type { AdminJob, AdminJobPage, AdminStats } from '@jobboard/contract/admin';
import type { EmployerListing } from '@jobboard/contract/employer';
import { ENDPOINTS } from '@jobboard/contract/endpoints';
import type { Job, SearchResponse } from '@jobboard/contract/jobs';
import { RENEWAL_MESSAGES, type RenewalPageView } from '@jobboard/contract/payments';
import { VALID_SUBMISSION } from '@jobboard/contract/testing';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPaymentToken } from '../../src/payments/payment-tokens';
import { CSRF, createAdmin, login, sessionCookie } from '../support/admin';
import { signedInEmployer } from '../support/employers';
import { buildTestApp, testDatabase, type TestApp } from '../support/test-app';
import { injectWithProof } from '../support/human-proof';

/**
 * 'Has this listing ended?' has one answer (src/jobs/listing-end.ts, issue 41 R1), and every
 * part of the site that asks gives it: the public board and the job's page, the admin's 'Live'
 * and 'Ended' views, each row's mark and the dashboard's count, the archive (the writer and the
 * retention run's sweep), the employer's page and renewals. Five paid listings, each made through
 * the app as an employer and an admin make them: one live, one past its expiry, one past its
 * application deadline, one switched off, and one archived (an admin gave it yesterday's deadline).
 * Then every reader is asked about each, before the sweep and after it. The admin's 'Live' once
 * read the expiry alone and showed the job past its deadline as live.
 */

const EMPLOYER = 'hiring@coastaljusticefund.org';
const CASES = ['live', 'expired', 'deadline', 'deactivated', 'archived'] as const;
type Case = (typeof CASES)[number];

/** The first listing is paid here; a Featured Listing ends 30 days later, on 2026-12-01. */
const PAID_LONG_AGO = new Date('2026-11-01T12:00:00Z');
/** The others are paid here and end on 2026-12-27. */
const PAID_LATELY = new Date('2026-11-27T12:00:00Z');
/** When every reader is asked: a day after the first listing's end. */
const NOW = new Date('2026-12-02T12:00:00Z');

let t: TestApp;
const ids = {} as Record<Case, number>;
const tokens = {} as Record<Case, string>;

/** A request as the admin, signed in again each time the test moves the clock (by weeks). */
let session: { at: number; cookie: string } | undefined;
async function asAdmin(options: InjectOptions) {
  if (session?.at !== t.clock.now.getTime()) {
    session = { at: t.clock.now.getTime(), cookie: sessionCookie(await login(t)) };
  }
  return t.app.inject({ ...options, headers: { ...CSRF, cookie: session.cookie } });
}

/** Submitted by the employer, approved and marked paid by the admin: the job's id. */
async function paidListing(title: string, deadline?: string): Promise<number> {
  const submitted = await injectWithProof(t.app, {
    method: 'POST',
    url: ENDPOINTS.submitJob.path,
    payload: { ...VALID_SUBMISSION, title, deadline: deadline ?? '' },
  });
  expect(submitted.statusCode, submitted.body).toBe(201);
  const id = Number(submitted.json().id);
  for (const step of ['approve', 'mark-paid']) {
    const res = await asAdmin({ method: 'POST', url: `/api/admin/submissions/${id}/${step}` });
    expect(res.statusCode, res.body).toBe(200);
  }
  return Number((await t.db('submissions').where({ id }).first()).job_id);
}

beforeAll(async () => {
  t = await buildTestApp({ now: PAID_LONG_AGO, env: { SUBMISSION_RATE_LIMIT_MAX: '1000' } });
  await createAdmin(t);
  ids.expired = await paidListing('Past its expiry');
  t.clock.now = PAID_LATELY;
  ids.live = await paidListing('Live listing');
  ids.deadline = await paidListing('Past its deadline', '2026-11-30');
  ids.deactivated = await paidListing('Switched off');
  ids.archived = await paidListing('Archived');
  t.clock.now = NOW;
  const off = await asAdmin({
    method: 'POST',
    url: ENDPOINTS.bulkJobs.path,
    payload: { action: 'deactivate', ids: [ids.deactivated] },
  });
  expect(off.statusCode, off.body).toBe(200);
  // Written with a deadline that has passed: archived by that write, before any sweep.
  const edited = await asAdmin({
    method: 'PUT',
    url: `/api/admin/jobs/${ids.archived}`,
    payload: { deadline: '2026-12-01' },
  });
  expect(edited.statusCode, edited.body).toBe(200);
  // A renewal link of each, as the employer's page or a reminder would have made one earlier.
  for (const name of CASES) {
    tokens[name] = randomBytes(32).toString('base64url');
    await t.db('renewal_links').insert({
      job_id: ids[name],
      token_hash: hashPaymentToken(tokens[name]),
      created_at: NOW.getTime(),
    });
  }
});
afterAll(() => t.close());

/** What each part of the site says of one listing. */
interface Answers {
  /** In the board's search and its list of every job. */
  onBoard: boolean;
  /** The job's page: open, ended (`expired`) or gone (switched off). */
  page: 'open' | 'ended' | 'gone';
  /** In the admin's 'Live' view; in its 'Ended' view; the row's 'expired' mark. */
  adminLive: boolean;
  adminEnded: boolean;
  adminMark: boolean;
  archived: boolean;
  /** The employer's page: its status, and whether it offers 'Close listing'. */
  employerStatus: EmployerListing['status'];
  canClose: boolean;
  /** Renewals: the refusal (null: it may be renewed now), and whether the term has run out. */
  renewal: string | null;
  termEnded: boolean;
}

async function adminView(query: string): Promise<AdminJob[]> {
  const res = await asAdmin({ url: `${ENDPOINTS.adminJobPage.path}?${query}&pageSize=100` });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as AdminJobPage).jobs;
}

/** Every reader's answer for each listing, read now. */
async function answers(): Promise<Record<Case, Answers>> {
  const search = await t.app.inject({ method: 'POST', url: '/api/jobs/search', payload: {} });
  const searched = (search.json() as SearchResponse).jobs.map((job) => Number(job.id));
  const listed = ((await t.app.inject(ENDPOINTS.jobList.path)).json() as Job[]).map((job) =>
    Number(job.id),
  );
  const live = (await adminView('status=live')).map((job) => Number(job.id));
  const ended = (await adminView('status=expired')).map((job) => Number(job.id));
  const rows = new Map((await adminView('')).map((job) => [Number(job.id), job]));
  const employer = await signedInEmployer(t, EMPLOYER);
  const listings = (await employer({ url: ENDPOINTS.employerListings.path })).json().listings;
  const byJob = new Map((listings as EmployerListing[]).map((l) => [Number(l.jobId), l]));

  const result = {} as Record<Case, Answers>;
  for (const name of CASES) {
    const id = ids[name];
    const page = await t.app.inject(`/api/jobs/${id}`);
    const renewal = await t.app.inject(`/api/renewals/${tokens[name]}`);
    expect(renewal.statusCode, renewal.body).toBe(200);
    const view = renewal.json() as RenewalPageView;
    const row = await t.db('jobs').where({ id }).first('archived');
    expect(searched.includes(id), `${name}: the search and the list of every job agree`).toBe(
      listed.includes(id),
    );
    result[name] = {
      onBoard: searched.includes(id),
      page: page.statusCode === 404 ? 'gone' : (page.json() as Job).expired ? 'ended' : 'open',
      adminLive: live.includes(id),
      adminEnded: ended.includes(id),
      adminMark: rows.get(id)!.expired,
      archived: Boolean(row.archived),
      employerStatus: byJob.get(id)!.status,
      canClose: byJob.get(id)!.canClose,
      renewal: view.refusal,
      termEnded: view.ended,
    };
  }
  return result;
}

const ENDED = {
  onBoard: false,
  page: 'ended',
  adminLive: false,
  adminEnded: true,
  adminMark: true,
  employerStatus: 'ended',
  canClose: false,
} as const;

/** What each reader must say; `archived` before the sweep (it archives what has ended). */
const EXPECTED: Record<Case, Answers> = {
  live: {
    onBoard: true,
    page: 'open',
    adminLive: true,
    adminEnded: false,
    adminMark: false,
    archived: false,
    employerStatus: 'live',
    canClose: true,
    renewal: RENEWAL_MESSAGES.tooEarly('2026-12-20'),
    termEnded: false,
  },
  // Ended by its term: renewals are for exactly that (30 days after the end).
  expired: { ...ENDED, archived: false, renewal: null, termEnded: true },
  // Ended by its deadline: a new term would not open it again.
  deadline: {
    ...ENDED,
    archived: false,
    renewal: RENEWAL_MESSAGES.deadlinePassed,
    termEnded: false,
  },
  // Switched off: off the board, not ended (the admin's 'Inactive', not 'Ended').
  deactivated: {
    onBoard: false,
    page: 'gone',
    adminLive: false,
    adminEnded: false,
    adminMark: false,
    archived: false,
    employerStatus: 'removed',
    canClose: false,
    renewal: RENEWAL_MESSAGES.closed,
    termEnded: false,
  },
  archived: {
    ...ENDED,
    archived: true,
    renewal: RENEWAL_MESSAGES.deadlinePassed,
    termEnded: false,
  },
};

/** Every reader gives the one answer: ended, live, or (switched off) neither. */
function expectAgreement(said: Record<Case, Answers>, archivedMeansEnded: boolean) {
  for (const name of CASES) {
    const a = said[name];
    const ended = a.page === 'ended';
    expect(
      {
        adminEnded: a.adminEnded,
        adminMark: a.adminMark,
        employer: a.employerStatus === 'ended',
        // Renewals: offered after the term's end, or refused because the deadline closed it.
        renewals: a.renewal === null || a.renewal === RENEWAL_MESSAGES.deadlinePassed,
        ...(archivedMeansEnded ? { archived: a.archived } : {}),
      },
      `${name}: ended, as every reader says`,
    ).toEqual({
      adminEnded: ended,
      adminMark: ended,
      employer: ended,
      renewals: ended,
      ...(archivedMeansEnded ? { archived: ended } : {}),
    });
    const live = a.onBoard;
    expect(
      {
        page: a.page === 'open',
        adminLive: a.adminLive,
        employer: a.employerStatus === 'live' || a.employerStatus === 'ending',
        canClose: a.canClose,
      },
      `${name}: live, as every reader says`,
    ).toEqual({ page: live, adminLive: live, employer: live, canClose: live });
  }
}

describe(`whether a listing has ended, as every part of the site says, on ${testDatabase}`, () => {
  it('is the same answer from the board, the admin, the archive, the employer and renewals', async () => {
    const said = await answers();
    expect(said).toEqual(EXPECTED);
    // Not swept yet: only the job written ended is archived, and the board is not waiting for it.
    expectAgreement(said, false);
    const stats = (await asAdmin({ url: ENDPOINTS.adminStats.path })).json() as AdminStats;
    expect(stats.live).toBe(CASES.filter((name) => said[name].adminLive).length);
  });

  it("is the same after the archive's sweep, which archives exactly the listings that ended", async () => {
    const report = await t.app.retention.run();
    expect(report.archivedJobs).toBe(2);
    const said = await answers();
    expect(said).toEqual({
      ...EXPECTED,
      expired: { ...EXPECTED.expired, archived: true },
      deadline: { ...EXPECTED.deadline, archived: true },
    });
    expectAgreement(said, true);
    expect((await t.app.retention.run()).archivedJobs).toBe(0);
  });
});
