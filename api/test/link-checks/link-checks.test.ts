import type { AdminJob, AdminJobPage, AdminStats } from '@jobboard/contract/admin';
import type { InjectOptions } from 'fastify';
import type { EmployerListings } from '@jobboard/contract/employer';
import { APPLY_LINK_TEXT, JOB_LIMITS, type Job } from '@jobboard/contract/jobs';
import { ENDPOINTS } from '@jobboard/contract/endpoints';
import { VALID_SUBMISSION } from '@jobboard/contract/testing';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { PacerClock } from '../../src/link-checks/host-pacer';
import { LinkChecksRepository } from '../../src/link-checks/link-checks-repository';
import { COUNT_MAX, DETAIL_MAX, verdictOf } from '../../src/link-checks/verdict';
import { APPLY_LINK_FLAGGED_TEMPLATE } from '../../src/mail';
import { CSRF, createAdmin, login, sessionCookie } from '../support/admin';
import { parseCsv } from '../support/csv';
import { signedInEmployer } from '../support/employers';
import { startFakeStripe, type FakeStripe } from '../support/fake-stripe';
import { jobInput } from '../support/jobs';
import { API_DIR } from '../support/paths';
import { refusingOrigin, startLinkServer, type LinkServer } from '../support/link-servers';
import { pay, startCheckout, stripeEnv, tokenOf } from '../support/payments';
import { buildTestApp, testDatabase, type TestApp, type TestAppOptions } from '../support/test-app';
import { injectWithProof } from '../support/human-proof';

/**
 * Dead application links on the board (issue 45, link-checks/): the checker's runs against real
 * servers on this machine, each answering a case; what each answer records, when a listing is
 * flagged and cleared, what the admin, the employer (page and e-mail) and the public see, the
 * bounded run, the pacing per host on the run's clock (counted, never waited), and one process
 * at a time.
 */

let site: LinkServer;
let other: LinkServer;
let privateSite: LinkServer;
let refused: string;
let stripe: FakeStripe;
const apps: TestApp[] = [];

beforeAll(async () => {
  site = await startLinkServer();
  other = await startLinkServer();
  privateSite = await startLinkServer({ host: '127.0.0.2' });
  refused = await refusingOrigin();
  stripe = await startFakeStripe({ webhookSecret: 'whsec_test_secret' });
});
afterAll(async () => {
  await Promise.all([site.close(), other.close(), privateSite.close(), stripe.close()]);
});
afterEach(async () => {
  for (const app of apps.splice(0)) await app.close();
});

const HOUR = 3_600_000;

/**
 * The app with the checker allowed to call 127.0.0.1 and a run clock of the test's own: the
 * app's clock, moved on by each wait for a host's turn (the waits are recorded, not slept).
 */
async function boardApp(options: TestAppOptions & { timeoutMs?: number } = {}) {
  const sleeps: number[] = [];
  // The app's clock, once the app is built (the run reads it only then).
  const built: { t?: TestApp } = {};
  const clockOf = () => built.t!.clock;
  const clock: PacerClock = {
    now: () => clockOf().now.getTime(),
    sleep: async (ms) => {
      sleeps.push(ms);
      clockOf().now = new Date(clockOf().now.getTime() + ms);
    },
  };
  const t = await buildTestApp({
    ...options,
    env: { ...stripeEnv(stripe), ...options.env },
    linkChecks: { allowLoopback: true, clock },
    configure: (config) => {
      config.linkChecks.timeoutMs = options.timeoutMs ?? 300;
    },
  });
  built.t = t;
  apps.push(t);
  return { t, sleeps };
}

/** An admin's session, new at each call: the tests move the clock past a session's idle time. */
async function asAdmin(t: TestApp) {
  const cookie = sessionCookie(await login(t));
  return (options: InjectOptions) =>
    t.app.inject({ ...options, headers: { ...CSRF, cookie, ...(options.headers ?? {}) } });
}

const later = (t: TestApp, ms: number) => {
  t.clock.now = new Date(t.clock.now.getTime() + ms);
};

async function createJob(t: TestApp, title: string, change: Parameters<typeof jobInput>[0]) {
  return t.app.jobs.create(jobInput({ title, ...change }), t.app.now());
}

async function publicJob(t: TestApp, id: number): Promise<Job> {
  const res = await t.app.inject({ method: 'GET', url: `/api/jobs/${id}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

describe(`the application-link checker on ${testDatabase}`, () => {
  it('records each answer, flags two dead answers in a row, and clears a flag once it answers', async () => {
    const { t } = await boardApp();
    await createAdmin(t);
    let admin = await asAdmin(t);
    const links = {
      ok: `${site.origin}/s/200`,
      moved: `${site.origin}/to?url=/s/200`,
      missing: `${other.origin}/s/404`,
      gone: `${other.origin}/s/410`,
      hang: `${site.origin}/hang`,
      refused: `${refused}/jobs/1`,
      private: `${privateSite.origin}/s/200`,
      noHead: `${other.origin}/no-head`,
      error: `${site.origin}/s/503`,
    };
    const ids: Record<string, number> = {};
    for (const [name, applicationUrl] of Object.entries(links)) {
      ids[name] = await createJob(t, name, { applicationUrl });
    }
    // Not checked: a mailto link, the board's own form, a job that is off.
    await createJob(t, 'mailto', { applicationUrl: 'mailto:jobs@example.org' });
    await createJob(t, 'by e-mail', {
      applicationUrl: `${site.origin}/s/404`,
      applyMethod: 'email',
      applicationEmail: 'jobs@example.org',
    });
    await createJob(t, 'off', { applicationUrl: `${site.origin}/s/404`, active: false });

    const check = async (name: string) => {
      const res = await admin({ method: 'GET', url: `/api/admin/jobs/${ids[name]}` });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as AdminJob).applyLinkCheck;
    };

    const first = await t.app.linkChecks.run();
    expect(first).toMatchObject({ ran: true, checked: 9, flagged: 0 });
    const results = async () =>
      Object.fromEntries(
        await Promise.all(
          Object.keys(links).map(async (name) => {
            const found = await check(name);
            return [name, [found?.result, found?.status, found?.failures, found?.flagged]];
          }),
        ),
      );
    expect(await results()).toEqual({
      ok: ['ok', 200, 0, false],
      moved: ['ok', 200, 0, false],
      missing: ['not_found', 404, 1, false],
      gone: ['gone', 410, 1, false],
      hang: ['timeout', null, 1, false],
      refused: ['refused', null, 1, false],
      private: ['guard', null, 0, false],
      noHead: ['ok', 200, 0, false],
      error: ['server_error', 503, 1, false],
    });
    expect(await check('private')).toMatchObject({
      answer: expect.stringContaining('Not checked: the link leads to a private or local address'),
      url: links.private,
    });
    expect(privateSite.hits).toEqual([]);
    // One dead answer flags nothing.
    expect((await publicJob(t, ids.missing!)).applyLinkFlagged).toBeUndefined();

    // An hour on: those that failed are due again (those that answered, tomorrow).
    later(t, HOUR + 1);
    admin = await asAdmin(t);
    const second = await t.app.linkChecks.run();
    expect(second).toMatchObject({ ran: true, checked: 5, flagged: 3 });
    expect(await results()).toEqual({
      ok: ['ok', 200, 0, false],
      moved: ['ok', 200, 0, false],
      missing: ['not_found', 404, 2, true],
      gone: ['gone', 410, 2, true],
      // A hang and a server error are failures, told apart, and never flag.
      hang: ['timeout', null, 2, false],
      refused: ['refused', null, 2, true],
      private: ['guard', null, 0, false],
      noHead: ['ok', 200, 0, false],
      error: ['server_error', 503, 2, false],
    });
    for (const name of ['missing', 'gone', 'refused']) {
      expect((await publicJob(t, ids[name]!)).applyLinkFlagged, name).toBe(true);
    }
    for (const name of ['ok', 'hang', 'private', 'error']) {
      expect((await publicJob(t, ids[name]!)).applyLinkFlagged, name).toBeUndefined();
    }

    // The admin: the list's flag and filter, its count, the dashboard's count, the history line.
    const flagged = await admin({ method: 'GET', url: '/api/admin/lists/jobs?link=flagged' });
    const page = flagged.json() as AdminJobPage;
    expect(page.total).toBe(3);
    expect(page.jobs.map((job) => job.title).sort()).toEqual(['gone', 'missing', 'refused']);
    expect(page.jobs.every((job) => job.applyLinkFlagged && job.applyLinkCheck?.flagged)).toBe(
      true,
    );
    const stats = (await admin({ method: 'GET', url: '/api/admin/stats' })).json() as AdminStats;
    expect(stats.flaggedLinks).toBe(3);
    // The jobs CSV says it of each job (yes or no), whatever view is exported.
    const csv = await admin({ method: 'GET', url: ENDPOINTS.exportJobs.path });
    expect(csv.statusCode).toBe(200);
    const [header, ...rows] = parseCsv(csv.body);
    const flaggedColumn = header!.indexOf('application_link_flagged');
    const flagOf = new Map(rows.map((row) => [Number(row[0]), row[flaggedColumn]]));
    expect(
      Object.fromEntries(Object.entries(ids).map(([name, id]) => [name, flagOf.get(id!)])),
    ).toEqual({
      missing: 'yes',
      gone: 'yes',
      refused: 'yes',
      ok: 'no',
      moved: 'no',
      hang: 'no',
      private: 'no',
      noHead: 'no',
      error: 'no',
    });
    const history = await admin({ method: 'GET', url: `/api/admin/jobs/${ids.missing}/history` });
    expect(history.json()).toContainEqual(
      expect.objectContaining({
        summary:
          'Application link flagged as not working: Answered 404 Not Found (2 checks in a row)',
        actor: 'system',
      }),
    );

    // The page comes back: the next check clears the flag, and the public page says nothing.
    other.answers.set('/s/404', 200);
    try {
      later(t, 24 * HOUR);
      await t.app.linkChecks.run();
    } finally {
      other.answers.delete('/s/404');
    }
    admin = await asAdmin(t);
    expect(await check('missing')).toMatchObject({ result: 'ok', failures: 0, flagged: false });
    expect((await publicJob(t, ids.missing!)).applyLinkFlagged).toBeUndefined();
    const after = await admin({ method: 'GET', url: '/api/admin/lists/jobs?link=flagged' });
    expect((after.json() as AdminJobPage).total).toBe(2);
    const cleared = await admin({ method: 'GET', url: `/api/admin/jobs/${ids.missing}/history` });
    expect(cleared.json()).toContainEqual(
      expect.objectContaining({
        summary: expect.stringMatching(/^Application link working again/),
      }),
    );
  });

  it('tells the employer once, on their page and by e-mail, and drops the flag with a new link', async () => {
    const { t } = await boardApp();
    await createAdmin(t);
    let admin = await asAdmin(t);
    const deadLink = `${site.origin}/s/410`;
    const submitted = await injectWithProof(t.app, {
      method: 'POST',
      url: '/api/submit-job-for-review',
      payload: { ...VALID_SUBMISSION, applicationUrl: deadLink },
    });
    expect(submitted.statusCode, submitted.body).toBe(201);
    const submissionId = Number(submitted.json().id);
    const approved = await admin({
      method: 'POST',
      url: `/api/admin/submissions/${submissionId}/approve`,
    });
    await pay(t, stripe, await startCheckout(t, stripe, tokenOf(approved.json().paymentUrl)));
    const jobId = Number((await t.db('submissions').where({ id: submissionId }).first()).job_id);

    const flagMail = () => t.db('outbox').where({ template: APPLY_LINK_FLAGGED_TEMPLATE });
    // Signed in afresh each time (the clock moves past a session's idle time).
    const listing = async () => {
      const employer = await signedInEmployer(t, VALID_SUBMISSION.contactEmail);
      const res = await employer({ method: 'GET', url: '/api/employer/listings' });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as EmployerListings).listings[0]!;
    };

    await t.app.linkChecks.run();
    expect(await flagMail()).toEqual([]);
    later(t, HOUR + 1);
    await t.app.linkChecks.run();
    const mails = await flagMail();
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      to_address: VALID_SUBMISSION.contactEmail,
      subject: `Your application link is not working: ${VALID_SUBMISSION.title}`,
      submission_id: submissionId,
    });
    expect(mails[0].text_body).toContain(deadLink);
    expect(mails[0].text_body).toContain('Last answer: Answered 410 Gone');
    expect((await listing()).applyLinkCheck).toMatchObject({
      url: deadLink,
      result: 'gone',
      answer: 'Answered 410 Gone',
      flagged: true,
    });

    // Still dead a day later: no second e-mail.
    later(t, 24 * HOUR);
    expect(await t.app.linkChecks.run()).toMatchObject({ checked: 1, flagged: 0 });
    expect(await flagMail()).toHaveLength(1);

    // The admin corrects the link: the flag goes at once, and the new link is checked first.
    admin = await asAdmin(t);
    const saved = await admin({
      method: 'PUT',
      url: `/api/admin/jobs/${jobId}`,
      payload: { applicationUrl: `${site.origin}/s/200` },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await publicJob(t, jobId)).applyLinkFlagged).toBeUndefined();
    expect((await listing()).applyLinkCheck).toBeUndefined();
    expect(await t.app.linkChecks.run()).toMatchObject({ checked: 1 });
    const job = (await admin({ method: 'GET', url: `/api/admin/jobs/${jobId}` })).json();
    expect(job.applyLinkCheck).toMatchObject({ url: `${site.origin}/s/200`, result: 'ok' });
  });

  it('checks at most a batch a run, never-checked first, then the longest due', async () => {
    const { t } = await boardApp({ env: { LINK_CHECK_BATCH: '2' } });
    const ids = [];
    for (const n of [1, 2, 3]) {
      ids.push(await createJob(t, `job ${n}`, { applicationUrl: `${site.origin}/s/200?n=${n}` }));
    }
    expect(await t.app.linkChecks.run()).toMatchObject({ checked: 2 });
    expect([...(await t.app.linkChecks.lastChecks(ids)).keys()].sort()).toEqual(ids.slice(0, 2));
    later(t, 60_000);
    // The one never checked comes first; nothing else is due yet.
    expect(await t.app.linkChecks.run()).toMatchObject({ checked: 1 });
    expect((await t.app.linkChecks.lastChecks(ids)).size).toBe(3);
    // A day on, all three are due: the two checked longest ago go first.
    later(t, 24 * HOUR);
    const before = new Map(
      [...(await t.app.linkChecks.lastChecks(ids))].map(([id, c]) => [id, c.checkedAt]),
    );
    expect(await t.app.linkChecks.run()).toMatchObject({ checked: 2 });
    const now = await t.app.linkChecks.lastChecks(ids);
    expect(ids.filter((id) => now.get(id)!.checkedAt !== before.get(id))).toEqual(ids.slice(0, 2));
  });

  it('asks each host at most once a second across the run, counted on its clock', async () => {
    // One host at a time, so the order of the requests (and so of the waits) is the run's own.
    const { t, sleeps } = await boardApp({ env: { LINK_CHECK_CONCURRENCY: '1' } });
    await createJob(t, 'site 1', { applicationUrl: `${site.origin}/s/200?n=1` });
    // Its second hop is on the other host: that host's turns count it.
    const hop = `${site.origin}/to?url=${encodeURIComponent(`${other.origin}/s/200?n=0`)}`;
    await createJob(t, 'site 2', { applicationUrl: hop });
    await createJob(t, 'other 1', { applicationUrl: `${other.origin}/s/200?n=1` });
    // HEAD refused: its GET is a second request to the host, in a turn of its own.
    await createJob(t, 'other 2', { applicationUrl: `${other.origin}/no-head` });
    const siteBefore = site.hits.length;
    const otherBefore = other.hits.length;
    const report = await t.app.linkChecks.run();
    expect(report).toMatchObject({ checked: 4, requests: 6, hosts: 2 });
    expect(site.hits.length - siteBefore).toBe(2);
    expect(other.hits.slice(otherBefore).map((hit) => `${hit.method} ${hit.path}`)).toEqual([
      'HEAD /s/200',
      'HEAD /s/200',
      'HEAD /no-head',
      'GET /no-head',
    ]);
    // A second request to a host in the same second waits till the second is out: the site's
    // redirect, then each of the other host's requests after the hop that came first.
    expect(sleeps).toEqual([1_000, 1_000, 1_000, 1_000]);
    expect(report.waits).toBe(4);
  });

  it('lets one process check at a time (the lease)', async () => {
    const { t } = await boardApp({ timeoutMs: 60_000 });
    const { t: second } = await boardApp({ sameDatabaseAs: t });
    await createJob(t, 'held', { applicationUrl: `${site.origin}/held` });
    const held = site.hold('/held');
    const before = site.hits.length;
    const running = t.app.linkChecks.run();
    await held.arrived;
    // The other process's run finds the lease taken and checks nothing.
    expect(await second.app.linkChecks.run()).toMatchObject({ ran: false, checked: 0 });
    held.release(200);
    expect(await running).toMatchObject({ ran: true, checked: 1 });
    expect(site.hits.slice(before).map((hit) => `${hit.method} ${hit.path}`)).toEqual([
      'HEAD /held',
    ]);
    // Once it let go, the other may run (nothing is due).
    expect(await second.app.linkChecks.run()).toMatchObject({ ran: true, checked: 0 });
  });

  it('keeps a detail and a link at their widest, and its counts', async () => {
    const { t } = await boardApp();
    const url = `https://jobs.example.org/${'a'.repeat(JOB_LIMITS.applicationUrl - 25)}`;
    const jobId = await createJob(t, 'wide', { applicationUrl: url });
    const repository = new LinkChecksRepository();
    const { row } = verdictOf(
      {
        jobId,
        url,
        result: 'timeout',
        status: null,
        detail: null,
        checkedAt: 0,
        failures: COUNT_MAX,
        deadInARow: 0,
        flaggedAt: null,
        mailedAt: null,
        dueAt: 0,
      },
      { jobId, url },
      { result: 'network', status: 599, detail: 'x'.repeat(1_000) },
      t.clock.now.getTime(),
      { recheckMs: 24 * HOUR, retryMs: HOUR },
    );
    await repository.save(t.db, row);
    const [stored] = [...(await repository.lastOf(t.db, [jobId])).values()];
    expect(stored).toMatchObject({ url, failures: COUNT_MAX, status: 599 });
    expect(stored!.detail).toHaveLength(DETAIL_MAX);
  });

  it('says the notice of a flagged posting in the contract, word for word in the docs', () => {
    // As the docs wrap it: the same words, lines broken anywhere.
    const words = (text: string) => text.replace(/\s+/g, ' ');
    const product = readFileSync(path.join(API_DIR, '..', 'docs', 'product.md'), 'utf8');
    const has = (text: string) => words(product).includes(words(text));
    expect(has(APPLY_LINK_TEXT.notice), 'docs/product.md has the notice').toBe(true);
    expect(has(APPLY_LINK_TEXT.adminFlag), 'docs/product.md has the admin flag').toBe(true);
  });
});
