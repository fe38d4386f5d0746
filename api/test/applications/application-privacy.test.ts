import { ALERT_MESSAGES } from '@jobboard/contract/alerts';
import { APPLICATION_ADMIN_MESSAGES } from '@jobboard/contract/applications';
import { MEMBER_MESSAGES } from '@jobboard/contract/members';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn } from '../support/admin';
import { requestDataLink } from '../support/alert-mail';
import { APPLICANT, apply, jobTakingApplications } from '../support/applications';
import { FakeGhost } from '../support/fake-ghost';
import { signedInMember } from '../support/members';
import { buildTestApp, testDatabase, type TestApp } from '../support/test-app';
import { injectWithProof } from '../support/human-proof';

/**
 * The admin's side of applications and an address's data (issue 42, docs/product.md#applications):
 * the counts in the admin's job answers and numbers; the look-up of an address and the deletion
 * of one application on request; and the data export and deletion of an address (a member's, an
 * alert's link's), which hold and remove its applications and nobody else's.
 */

let ghost: FakeGhost;
let t: TestApp;
let admin: (options: InjectOptions) => Promise<LightMyRequestResponse>;
const lines: string[] = [];
let n = 0;
const from = () => ({ remoteAddress: `192.0.2.${(n += 1) % 250}` });

beforeAll(async () => {
  ghost = await FakeGhost.start();
  t = await buildTestApp({
    env: { GHOST_URL: ghost.url },
    logStream: { write: (line) => void lines.push(line) },
  });
  ghost.clock = t.clock;
  admin = await signedIn(t);
});
afterAll(async () => {
  await t.close();
  await ghost.stop();
});

async function applied(jobId: number, email: string, name = APPLICANT.name): Promise<number> {
  const res = await apply(t, jobId, { ...APPLICANT, name, email }, undefined, from());
  expect(res.statusCode, res.body).toBe(201);
  return Number(res.json().id);
}

const stored = async (ids: number[]) => ({
  applications: (await t.db('applications').whereIn('id', ids)).length,
  resumes: (await t.db('application_files').whereIn('application_id', ids)).length,
});

describe(`the admin's side on ${testDatabase}`, () => {
  it('shows how many applications each job has and the board holds', async () => {
    const stats = async () => (await admin({ url: '/api/admin/stats' })).json();
    const before = await stats();
    const busy = await jobTakingApplications(t, undefined, { title: 'Counted Organizer' });
    const quiet = await jobTakingApplications(t, undefined, { title: 'Counted Editor' });
    await applied(busy, 'count1@applicant.example');
    await applied(busy, 'count2@applicant.example');

    const one = await admin({ url: `/api/admin/jobs/${busy}` });
    expect(one.statusCode).toBe(200);
    expect(one.json().applications).toBe(2);
    expect((await admin({ url: `/api/admin/jobs/${quiet}` })).json().applications).toBe(0);

    const page = (await admin({ url: '/api/admin/lists/jobs?q=Counted' })).json();
    const counts = Object.fromEntries(
      page.jobs.map((job: { title: string; applications: number }) => [
        job.title,
        job.applications,
      ]),
    );
    expect(counts).toEqual({ 'Counted Organizer': 2, 'Counted Editor': 0 });

    expect(await stats()).toMatchObject({
      applications: before.applications + 2,
      applicationsThisMonth: before.applicationsThisMonth + 2,
    });
  });

  it("looks up an address's applications and deletes the one asked for, with its résumé and its relayed copy", async () => {
    const formJob = await jobTakingApplications(t, undefined, { title: 'Asked Organizer' });
    const relayedJob = await jobTakingApplications(
      t,
      { apply_method: 'email', application_email: 'jobs@asked.example' },
      { title: 'Asked Director' },
    );
    const first = await applied(formJob, 'Asker@Applicant.example');
    const relayed = await applied(relayedJob, 'asker@applicant.example');
    const someoneElse = await applied(formJob, 'other@applicant.example');
    const otherRow = await t.db('applications').where({ id: someoneElse }).first();

    const looked = await admin({
      method: 'POST',
      url: '/api/admin/applications/lookup',
      payload: { email: ' ASKER@applicant.example ' },
    });
    expect(looked.statusCode).toBe(200);
    const found = looked.json();
    expect(found.total).toBe(2);
    expect(
      found.applications.map((a: { id: string; title: string; status: string }) => [
        Number(a.id),
        a.title,
        a.status,
      ]),
    ).toEqual(
      expect.arrayContaining([
        [first, 'Asked Organizer', 'new'],
        [relayed, 'Asked Director', 'new'],
      ]),
    );
    // Which application, never what it says.
    expect(looked.body).not.toContain(APPLICANT.coverNote);

    const refused = await admin({
      method: 'POST',
      url: '/api/admin/applications/lookup',
      payload: { email: 'not an address' },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields).toEqual({ email: APPLICATION_ADMIN_MESSAGES.email });

    // The relayed copy waits in the outbox (no SMTP here): deleting the application gives it up.
    expect(await t.db('outbox').where({ to_address: 'jobs@asked.example' })).toHaveLength(1);
    const deleted = await admin({ method: 'DELETE', url: `/api/admin/applications/${relayed}` });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ message: APPLICATION_ADMIN_MESSAGES.deleted });
    expect(await stored([relayed])).toEqual({ applications: 0, resumes: 0 });
    expect(await t.db('outbox').where({ to_address: 'jobs@asked.example' })).toHaveLength(0);
    // The others are as they were.
    expect(await stored([first, someoneElse])).toEqual({ applications: 2, resumes: 2 });
    expect(await t.db('applications').where({ id: someoneElse }).first()).toEqual(otherRow);

    // Logged with the admin and the job, not the applicant's address.
    const line = lines.find((l) => l.includes('application deleted on request'));
    expect(JSON.parse(line!)).toMatchObject({
      applicationId: relayed,
      jobId: relayedJob,
      admin: 'alice',
    });
    expect(lines.filter((l) => l.includes('asker@applicant.example'))).toEqual([]);

    const again = await admin({ method: 'DELETE', url: `/api/admin/applications/${relayed}` });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ message: APPLICATION_ADMIN_MESSAGES.notFound });
  });

  it('is for admins only', async () => {
    for (const [method, url] of [
      ['POST', '/api/admin/applications/lookup'],
      ['DELETE', '/api/admin/applications/1'],
    ] as const) {
      const res = await t.app.inject({
        method,
        url,
        headers: { 'x-requested-with': 'fetch' },
        ...(method === 'POST' ? { payload: { email: 'a@b.example' } } : {}),
      });
      expect(res.statusCode).toBe(401);
    }
  });
});

describe(`an address's data on ${testDatabase}`, () => {
  it("a member's export holds the applications of their address, and deleting removes them", async () => {
    const jobId = await jobTakingApplications(t, undefined, { title: 'Member Organizer' });
    const mine = await applied(jobId, 'Member@Applicant.example', 'Mia Member');
    const theirs = await applied(jobId, 'stranger@applicant.example', 'Sam Stranger');
    const { as } = await signedInMember(t, ghost.token({ email: 'member@applicant.example' }));

    const exported = await as({ url: '/api/members/data' });
    expect(exported.statusCode).toBe(200);
    expect(exported.json().applications).toMatchObject([
      {
        jobId: String(jobId),
        title: 'Member Organizer',
        organization: expect.any(String),
        name: 'Mia Member',
        email: 'Member@Applicant.example',
        phone: APPLICANT.phone,
        links: [APPLICANT.links],
        coverNote: APPLICANT.coverNote,
        answers: [],
        resume: { name: 'cv.pdf', kind: 'pdf' },
        status: 'new',
        createdAt: t.clock.now.toISOString(),
      },
    ]);
    expect(exported.body).not.toContain('Sam Stranger');
    expect(exported.body).not.toMatch(/token/i);

    const deleted = await as({ method: 'DELETE', url: '/api/members/data' });
    expect(deleted.json()).toEqual({ message: MEMBER_MESSAGES.dataDeleted });
    expect(await stored([mine])).toEqual({ applications: 0, resumes: 0 });
    expect(await stored([theirs])).toEqual({ applications: 1, resumes: 1 });
  });

  it("a data link's export holds the applications of its address, and deleting removes them", async () => {
    const jobId = await jobTakingApplications(t, undefined, { title: 'Alert Organizer' });
    const other = await jobTakingApplications(t, undefined, { title: 'Alert Editor' });
    const mine = [
      await applied(jobId, 'reader@applicant.example', 'Rae Reader'),
      await applied(other, 'Reader@Applicant.example', 'Rae Reader'),
    ];
    const theirs = await applied(jobId, 'someone@applicant.example', 'Sol Someone');
    const subscribed = await injectWithProof(t.app, {
      method: 'POST',
      url: '/api/alerts',
      payload: { email: 'reader@applicant.example', frequency: 'weekly', search: '?q=grants' },
    });
    expect(subscribed.statusCode).toBe(201);

    const exported = await t.app.inject({
      method: 'POST',
      url: `/api/alerts/data/${await requestDataLink(t, 'reader@applicant.example')}`,
    });
    expect(exported.statusCode).toBe(200);
    const titles = exported.json().applications.map((a: { title: string }) => a.title);
    expect(titles.sort()).toEqual(['Alert Editor', 'Alert Organizer']);
    expect(exported.body).not.toContain('Sol Someone');

    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/alerts/data/${await requestDataLink(t, 'reader@applicant.example')}`,
    });
    expect(deleted.json()).toEqual({ message: ALERT_MESSAGES.dataDeleted(1, 2) });
    expect(await stored(mine)).toEqual({ applications: 0, resumes: 0 });
    expect(await stored([theirs])).toEqual({ applications: 1, resumes: 1 });
  });
});
