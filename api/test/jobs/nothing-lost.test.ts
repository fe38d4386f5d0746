import { isoDate } from '@jobboard/contract/common';
import {
  ADMIN_MESSAGES,
  JOB_AUDIT_DETAIL_MAX,
  jobToAdminForm,
  type AdminJob,
  type AdminJobUpdate,
  type HistoryEntry,
} from '@jobboard/contract/admin';
import { JOB_AUDIT_LIMITS, PAY_MESSAGES, type Job, JOB_LIMITS } from '@jobboard/contract/jobs';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobInput } from '../../src/jobs/job-input';
import { clipText, readChanges } from '../../src/jobs/job-audit';
import { seedDemoIfEmpty } from '../../src/seed/seed-demo';
import { signedIn } from '../support/admin';
import { jobInput, pay } from '../support/jobs';
import { invalidRows } from '../support/rows';
import { insertSubmission } from '../support/submissions';
import { buildTestApp, testDatabase, type TestApp } from '../support/test-app';

/**
 * Issue 25, 'nothing lost': no write path drops a field it does not own. Every write (the admin's
 * save, bulk actions, extend, republish, publishing after payment; the sync's in
 * sync-admin-decisions.test.ts) is shown to leave every other field of the job as it was, on
 * SQLite and PostgreSQL alike, and each change is in the audit trail with its old and new value.
 */

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;

beforeAll(async () => {
  t = await buildTestApp({ env: { SEED_DEMO: 'true' } });
  await seedDemoIfEmpty(t.app);
  admin = await signedIn(t);
});
afterAll(() => t.close());

const publicJob = async (id: number | string) => {
  const res = await t.app.inject(`/api/jobs/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Job;
};
const adminJob = async (id: number | string) => {
  const res = await admin({ url: `/api/admin/jobs/${id}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as AdminJob;
};
const historyOf = async (id: number | string) =>
  (await admin({ url: `/api/admin/jobs/${id}/history` })).json() as HistoryEntry[];
const put = (id: number | string, payload: object) =>
  admin({ method: 'PUT', url: `/api/admin/jobs/${id}`, payload });

/**
 * The body the edit page sends for a job it loaded without a change: the contract's
 * `jobToAdminForm` (what mfe-admin's JobFormPage fills the form with), then what the form's
 * `toPayload` does to it (a blank deadline is sent as null), through JSON as fetch sends it.
 */
function asTheEditPageSends(job: AdminJob): object {
  const form = jobToAdminForm(job, isoDate(t.clock.now));
  return JSON.parse(JSON.stringify({ ...form, deadline: form.deadline || null })) as object;
}

/** A job without the given keys: what must come through a write unchanged. */
function without<T extends object>(job: T, keys: string[]): Partial<T> {
  const copy = { ...job } as Record<string, unknown>;
  for (const key of keys) delete copy[key];
  return copy as Partial<T>;
}

/** A job with every field filled, some in ways the admin form cannot express. */
const FULL = {
  title: 'Field Organizer',
  organization: 'River Keepers Alliance',
  companyDescription: 'River Keepers Alliance keeps the rivers of Oregon clean.',
  websiteUrl: 'https://riverkeepers.example',
  logoUrl: 'https://riverkeepers.example/logo.png',
  description: 'Organize river clean-ups with volunteers, partners and the press across Oregon.',
  jobType: 'Contract',
  // Remote by the source's own flag: neither the type nor the locations say so.
  remote: true,
  // A level the admin form's menu does not offer.
  experienceLevel: 'Senior Manager',
  // Hourly, with cents and benefits (issue 39): what a field job pays.
  pay: pay(24.5, 28, 'hour', { benefits: 'Health care, a canoe, 8% retirement' }),
  deadline: 'Rolling',
  postedDate: '2026-11-20',
  responsibilities: ['Recruit volunteers', 'Run clean-up days', 'Talk to the press'],
  requirements: ['A driving licence', 'Two years of organizing'],
  benefits: ['Health care', 'A canoe'],
  applicationUrl: 'https://riverkeepers.example/jobs/organizer',
  // How candidates apply (issue 42): a link, with an address kept unshown beside it, the job's
  // words and a question.
  applyMethod: 'link' as const,
  applicationEmail: 'hiring@riverkeepers.example',
  howToApply: 'Send a cover letter with your application.',
  screeningQuestions: [
    { id: 'q1', kind: 'yesNo' as const, label: 'Can you paddle?', required: true, choices: [] },
  ],
  via: 'Idealist',
  featured: true,
  active: true,
  expiresAt: new Date('2026-12-20T12:00:00Z'),
  source: 'demo' as const,
  locations: ['Portland, OR', 'Salem, OR'],
  categories: ['Communications', 'Fundraising'],
};

const createFull = async (overrides: Partial<JobInput> = {}) =>
  t.app.jobs.create(jobInput({ ...FULL, ...overrides }), t.clock.now);

describe(`an unchanged save through the dashboard keeps the whole job on ${testDatabase}`, () => {
  it('job 33 of the demo data (Communications Intern): the public job is the same after the save', async () => {
    const before = await publicJob(33);
    expect(before).toMatchObject({ title: 'Communications Intern' });
    expect(before.responsibilities).toHaveLength(3);
    expect(before.requirements).toHaveLength(2);
    expect(before.benefits).toHaveLength(2);
    const res = await put(33, asTheEditPageSends(await adminJob(33)));
    expect(res.statusCode, res.body).toBe(200);
    expect(await publicJob(33)).toEqual(before);
    expect((await historyOf(33)).at(-1)).toMatchObject({
      kind: 'edited',
      summary: 'Edited: Saved unchanged',
      actor: 'admin:alice',
    });
    expect((await historyOf(33)).at(-1)).not.toHaveProperty('changes');
  });

  it('every demo job the form can save: each public job the same after the save', async () => {
    const all = (await t.app.inject('/api/jobs?pageSize=100')).json() as Job[];
    expect(all.length).toBeGreaterThanOrEqual(40);
    let saved = 0;
    for (const job of all) {
      const loaded = await adminJob(job.id);
      const res = await put(job.id, asTheEditPageSends(loaded));
      if (!loaded.applicationUrl && !loaded.applyMethod) {
        // A job with no way to apply the form can say (words only, or nothing): the form requires a
        // way, a link by default (docs/product.md#validation): refused, and nothing changes.
        expect(res.statusCode).toBe(400);
        expect(res.json().fields).toEqual({ applicationUrl: ADMIN_MESSAGES.required });
      } else {
        expect(res.statusCode, `${job.id}: ${res.body}`).toBe(200);
        saved += 1;
      }
      expect(await publicJob(job.id), `job ${job.id}`).toEqual(job);
    }
    expect(saved).toBeGreaterThanOrEqual(35);
  });

  it('a job with what the form cannot express (a source\u2019s level, remote flag, expiry) keeps it, and its pay', async () => {
    const id = await createFull();
    const before = await adminJob(id);
    const res = await put(id, asTheEditPageSends(before));
    expect(res.statusCode, res.body).toBe(200);
    expect(await adminJob(id)).toEqual(before);
    expect(before).toMatchObject({
      experienceLevel: 'Senior Manager',
      remote: true,
      salary: '$24.50 - $28 an hour',
      pay: {
        min: 24.5,
        max: 28,
        period: 'hour',
        currency: 'USD',
        benefits: 'Health care, a canoe, 8% retirement',
      },
      deadline: 'Rolling',
      expiresAt: FULL.expiresAt.toISOString(),
      company: { description: FULL.companyDescription },
      logoSource: FULL.logoUrl,
      applyMethod: 'link',
      applicationEmail: FULL.applicationEmail,
      howToApply: FULL.howToApply,
      screeningQuestions: FULL.screeningQuestions,
    });
  });
});

describe(`each write path leaves the fields it does not own as they were on ${testDatabase}`, () => {
  it('the admin save: an older form without the lists and the pay\u2019s period, currency, benefits and words keeps them', async () => {
    const id = await createFull();
    const before = await adminJob(id);
    const form = asTheEditPageSends(before) as Record<string, unknown>;
    for (const key of [
      'responsibilities',
      'requirements',
      'benefits',
      'salaryText',
      'salaryPeriod',
      'salaryCurrency',
      'benefitsSummary',
    ]) {
      delete form[key];
    }
    const res = await put(id, { ...form, title: 'Senior Field Organizer' });
    expect(res.statusCode, res.body).toBe(200);
    const after = await adminJob(id);
    expect(after.title).toBe('Senior Field Organizer');
    expect(without(after, ['title'])).toEqual(without(before, ['title']));
  });

  it('the admin save: a body of one field changes that field alone', async () => {
    const id = await createFull();
    const before = await adminJob(id);
    expect((await put(id, { benefits: ['Health care', 'A canoe', 'A paddle'] })).statusCode).toBe(
      200,
    );
    const after = await adminJob(id);
    expect(after.benefits).toEqual(['Health care', 'A canoe', 'A paddle']);
    expect(without(after, ['benefits'])).toEqual(without(before, ['benefits']));
    expect((await historyOf(id)).at(-1)).toMatchObject({
      kind: 'edited',
      summary: 'Edited: Changed benefits',
      changes: [
        {
          field: 'benefits',
          from: ['Health care', 'A canoe'],
          to: ['Health care', 'A canoe', 'A paddle'],
        },
      ],
    });
  });

  it('the admin save: pay given in part is checked with the job\u2019s other pay fields', async () => {
    const id = await createFull();
    const before = await adminJob(id);
    // Above the job's maximum of $28 an hour.
    const above = await put(id, { salaryMin: 30 });
    expect(above.statusCode).toBe(400);
    expect(above.json().fields).toEqual({ salaryMax: PAY_MESSAGES.order });
    // The job's $28 is fine per hour; $48,000 an hour is past the one ceiling.
    const yearly = await createFull({ pay: pay(48_000, 52_000) });
    const hourly = await put(yearly, { salaryPeriod: 'hour' });
    expect(hourly.statusCode).toBe(400);
    expect(hourly.json().fields).toEqual({ salaryMin: PAY_MESSAGES.tooLarge('hour', 'USD') });
    expect(await adminJob(id)).toEqual(before);
  });

  it('the admin save: words that read as pay become its figures; words beside figures are not kept', async () => {
    const id = await createFull({ pay: pay(null, null, 'year', { text: 'Competitive' }) });
    expect(await adminJob(id)).toMatchObject({ salary: 'Competitive', salaryMin: null });
    expect((await adminJob(id)).pay).toBeUndefined();
    await put(id, { salaryText: '$25 - $30 per hour' });
    expect(await adminJob(id)).toMatchObject({
      salary: '$25 - $30 an hour',
      salaryMin: null,
      pay: { min: 25, max: 30, period: 'hour', currency: 'USD' },
    });
    await put(id, { salaryText: 'Depends on experience' });
    expect((await adminJob(id)).salary).toBe('$25 - $30 an hour');
  });

  it.each(['deactivate', 'activate', 'extend'] as const)(
    'a bulk %s: the state and end of each job change, nothing else',
    async (action) => {
      const ids = [await createFull(), await createFull({ active: false })];
      const before = await Promise.all(ids.map(adminJob));
      const res = await admin({
        method: 'POST',
        url: '/api/admin/jobs/bulk',
        payload: { action, ids: ids.map(String) },
      });
      expect(res.statusCode, res.body).toBe(200);
      const after = await Promise.all(ids.map(adminJob));
      const owned = ['active', 'expiresAt', 'expired'];
      for (const [i, job] of after.entries()) {
        expect(without(job, owned)).toEqual(without(before[i]!, owned));
      }
      const changed = (await historyOf(ids[1]!)).at(-1)!;
      if (action === 'activate') {
        expect(changed.changes).toEqual([{ field: 'active', from: false, to: true }]);
      }
      if (action === 'extend') {
        // The same change as the single job's extend (below): the bulk action takes its rules.
        expect(changed.changes).toEqual([
          { field: 'active', from: false, to: true },
          { field: 'expiresAt', from: FULL.expiresAt.toISOString(), to: after[1]!.expiresAt },
        ]);
      }
    },
  );

  it('extend: the end (and the state) change, nothing else', async () => {
    const id = await createFull({ active: false });
    const before = await adminJob(id);
    const res = await admin({
      method: 'POST',
      url: `/api/admin/jobs/${id}/extend`,
      payload: {},
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = await adminJob(id);
    expect(after).toMatchObject({ active: true, expiresAt: '2027-01-19T12:00:00.000Z' });
    expect(without(after, ['active', 'expiresAt'])).toEqual(
      without(before, ['active', 'expiresAt']),
    );
    expect((await historyOf(id)).at(-1)!.changes).toEqual([
      { field: 'active', from: false, to: true },
      { field: 'expiresAt', from: FULL.expiresAt.toISOString(), to: after.expiresAt },
    ]);
  });

  it('republish: the state, end and posted date change, nothing else', async () => {
    const id = await createFull({ active: false });
    const before = await adminJob(id);
    const res = await admin({ method: 'POST', url: `/api/admin/jobs/${id}/republish` });
    expect(res.statusCode, res.body).toBe(200);
    const after = await adminJob(id);
    const owned = ['active', 'expiresAt', 'postedDate', 'expired'];
    expect(after).toMatchObject({ active: true, postedDate: isoDate(t.clock.now) });
    expect(without(after, owned)).toEqual(without(before, owned));
  });

  it('publishing after payment: the new job is audited, and the jobs and company already there stay as they were', async () => {
    const existing = await createFull({ organization: 'Open Ballot Project' });
    const other = await createFull();
    const before = await Promise.all([existing, other].map(adminJob));
    const submission = await insertSubmission(t.db, { status: 'approved' });
    const res = await admin({
      method: 'POST',
      url: `/api/admin/submissions/${submission}/mark-paid`,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await Promise.all([existing, other].map(adminJob))).toEqual(before);
    const jobId = res.json().jobId as string;
    const published = await adminJob(jobId);
    // The company the submission names is the board's: its description and links stay.
    expect(published.company).toEqual(before[0]!.company);
    expect((await historyOf(jobId)).find((e) => e.kind === 'created')).toMatchObject({
      summary: `Published from submission #${submission} after payment`,
      actor: 'admin:alice',
    });
  });
});

/** Valid values for each field of the form, to edit a job with any part of them. */
const EDIT_VALUES = {
  title: fc.constantFrom('Field Organizer', 'River Guide', 'Clean-up Lead'),
  organization: fc.constantFrom('River Keepers Alliance', 'Lake Friends'),
  description: fc.constantFrom('', 'Lead the river clean-ups.', 'Plan the season with partners.'),
  applicationUrl: fc.constantFrom('https://riverkeepers.example/apply', 'https://lake.example/j'),
  category: fc.constantFrom(['Communications'], ['Fundraising', 'Philanthropy']),
  locations: fc.constantFrom(['Portland, OR'], ['Remote'], ['Bend, OR', 'Salem, OR']),
  jobType: fc.constantFrom('Full-time', 'Contract', 'Remote'),
  via: fc.constantFrom('', 'Idealist', 'LinkedIn'),
  postedDate: fc.constantFrom('2026-11-01', '2026-11-20'),
  deadline: fc.constantFrom('', null, '2027-01-15', 'Rolling'),
  // Within every period's ceiling, and each minimum at most the job's or any given maximum.
  salaryMin: fc.constantFrom(null, '', 15, '20.50'),
  salaryMax: fc.constantFrom(null, 30, '45.25'),
  salaryPeriod: fc.constantFrom('hour', 'week', 'month', 'year', 'stipend'),
  salaryCurrency: fc.constantFrom('', 'USD', 'CAD'),
  benefitsSummary: fc.constantFrom('', 'Dental, a canoe'),
  salaryText: fc.constantFrom('', '$22 - $24 an hour', 'Competitive'),
  experienceLevel: fc.constantFrom('Not specified', 'entry', 'senior'),
  companyWebsite: fc.constantFrom('', 'https://rivers.example'),
  logoUrl: fc.constantFrom('', 'https://rivers.example/logo.svg'),
  responsibilities: fc.constantFrom([], ['Recruit'], ['Recruit', 'Lead']),
  requirements: fc.constantFrom([], ['A licence']),
  benefits: fc.constantFrom([], ['Dental', 'A canoe']),
  active: fc.boolean(),
  featured: fc.boolean(),
  // The job has a link and an address, so either method holds with what it has (issue 42).
  applyMethod: fc.constantFrom('link', 'email'),
  applicationEmail: fc.constantFrom('jobs@rivers.example', 'hiring@riverkeepers.example'),
  howToApply: fc.constantFrom('', 'Write to us with two references.'),
  screeningQuestions: fc.constantFrom(
    [],
    [{ id: 'q1', kind: 'choice', label: 'Which river?', required: false, choices: ['A', 'B'] }],
  ),
};

/** The answer's fields a pay field may change. */
const PAY_ANSWER: (keyof AdminJob)[] = ['salary', 'salaryMin', 'salaryMax', 'pay'];

/** The fields of the job each field of the form writes (a company, remote, the salary line). */
const WRITES: Record<keyof typeof EDIT_VALUES, (keyof AdminJob)[]> = {
  title: ['title'],
  // Another organization is another company, with its own logo address.
  organization: ['organization', 'company', 'logoSource'],
  description: ['description'],
  // The public way to apply (`apply`) follows the apply fields.
  applicationUrl: ['applicationUrl', 'apply'],
  applyMethod: ['applyMethod', 'apply'],
  applicationEmail: ['applicationEmail', 'apply'],
  howToApply: ['howToApply', 'apply'],
  screeningQuestions: ['screeningQuestions', 'apply'],
  category: ['category'],
  // From a form that sends no workplace, the type and locations still say whether it is remote.
  locations: ['locations', 'location', 'remote', 'workplaceType'],
  jobType: ['jobType', 'remote', 'workplaceType'],
  via: ['via'],
  postedDate: ['postedDate'],
  deadline: ['deadline'],
  // Pay is one thing: words may become its figures, a period its line (docs/product.md#pay).
  salaryMin: PAY_ANSWER,
  salaryMax: PAY_ANSWER,
  salaryPeriod: PAY_ANSWER,
  salaryCurrency: PAY_ANSWER,
  benefitsSummary: PAY_ANSWER,
  salaryText: PAY_ANSWER,
  experienceLevel: ['experienceLevel'],
  companyWebsite: ['company'],
  logoUrl: ['company', 'logoSource'],
  responsibilities: ['responsibilities'],
  requirements: ['requirements'],
  benefits: ['benefits'],
  active: ['active'],
  featured: ['featured'],
};

describe(`any part of the form, saved, changes that part alone on ${testDatabase}`, () => {
  it('holds for random partial edits (fast-check)', async () => {
    const id = await createFull();
    await fc.assert(
      fc.asyncProperty(fc.record(EDIT_VALUES, { requiredKeys: [] }), async (edit) => {
        const before = await adminJob(id);
        const res = await put(id, edit as AdminJobUpdate);
        expect(res.statusCode, res.body).toBe(200);
        const after = await adminJob(id);
        const written = Object.keys(edit).flatMap((key) => WRITES[key as keyof typeof WRITES]);
        expect(without(after, written)).toEqual(without(before, written));
        // What was given is what the job has now.
        if (edit.title !== undefined) expect(after.title).toBe(edit.title);
        if (edit.benefits !== undefined) expect(after.benefits).toEqual(edit.benefits);
        if (edit.active !== undefined) expect(after.active).toBe(edit.active);
        if (edit.applyMethod !== undefined) expect(after.applyMethod).toBe(edit.applyMethod);
        if (edit.screeningQuestions !== undefined) {
          expect(after.screeningQuestions).toEqual(edit.screeningQuestions);
        }
      }),
      { numRuns: 40 },
    );
    expect(await invalidRows(t.db)).toEqual([]);
  });
});

describe(`the audit trail keeps every change, clipped to its column, on ${testDatabase}`, () => {
  it('keeps the largest edit the form allows as a short diff, within JOB_AUDIT_LIMITS', async () => {
    const id = await createFull();
    const list = (c: string) =>
      Array.from({ length: JOB_LIMITS.listItems }, (_, i) => `${c}"${i}`.padEnd(2000, c));
    const description = `${'a'.repeat(9_000)}MIDDLE${'z'.repeat(9_000)}`;
    const first = await put(id, {
      description,
      responsibilities: list('r'),
      requirements: list('q'),
      benefits: list('b'),
    });
    expect(first.statusCode, first.body).toBe(200);
    const res = await put(id, {
      description: description.replace('MIDDLE', 'CENTRE'),
      responsibilities: list('s'),
      requirements: list('t'),
      benefits: list('u'),
      locations: Array.from({ length: 20 }, (_, i) => `Town ${i} `.padEnd(200, 'x')),
    });
    expect(res.statusCode, res.body).toBe(200);
    const rows: { changes: string; detail: string }[] = await t
      .db('job_audit')
      .where({ job_id: id, action: 'edited' })
      .orderBy('id')
      .select('changes', 'detail');
    const last = rows.at(-1)!;
    expect(last.changes.length).toBeLessThanOrEqual(JOB_AUDIT_LIMITS.changes);
    expect(Array.from(last.detail).length).toBeLessThanOrEqual(JOB_AUDIT_DETAIL_MAX);
    const changes = readChanges(last.changes);
    expect(changes.map((c) => c.field).sort()).toEqual(
      // New locations that name no remote place: the job is no longer remote (its workplace, issue 47).
      ['benefits', 'description', 'locations', 'requirements', 'responsibilities', 'workplaceType'],
    );
    const text = changes.find((c) => c.field === 'description')!;
    // The part that changed, with some of what is around it.
    expect(text.from).toMatch(/^…a+MIDDLEz+…$/);
    expect(text.to).toMatch(/^…a+CENTREz+…$/);
    expect(Array.from(text.from as string).length).toBeLessThanOrEqual(JOB_AUDIT_LIMITS.text);
    expect(await invalidRows(t.db)).toEqual([]);
  });

  it('clips a long text to its changed part, and keeps a short one whole', () => {
    expect(clipText('short', 'shorter')).toEqual(['short', 'shorter']);
    const [from, to] = clipText(
      `${'x'.repeat(500)}A${'y'.repeat(500)}`,
      `${'x'.repeat(500)}B${'y'.repeat(500)}`,
    );
    expect(from).toBe(
      `…${'x'.repeat(JOB_AUDIT_LIMITS.context)}A${'y'.repeat(JOB_AUDIT_LIMITS.context)}…`,
    );
    expect(to).toBe(
      `…${'x'.repeat(JOB_AUDIT_LIMITS.context)}B${'y'.repeat(JOB_AUDIT_LIMITS.context)}…`,
    );
    // A changed part longer than the limit keeps its start and its end.
    const [, long] = clipText('', '😀'.repeat(1000));
    expect(Array.from(long).length).toBeLessThanOrEqual(JOB_AUDIT_LIMITS.text);
    expect(long).toMatch(/^😀+…😀+$/u);
  });

  it('shows each edit on the timeline: who, when, which fields, from what to what', async () => {
    const id = await createFull();
    await put(id, { title: 'Water Organizer', deadline: '2027-02-01', salaryMin: null });
    expect((await historyOf(id)).at(-1)).toEqual({
      at: t.clock.now.toISOString(),
      kind: 'edited',
      actor: 'admin:alice',
      summary: 'Edited: Changed title, deadline, salary',
      changes: [
        { field: 'title', from: 'Field Organizer', to: 'Water Organizer' },
        { field: 'deadline', from: 'Rolling', to: '2027-02-01' },
        { field: 'salaryMin', from: 24.5, to: null },
      ],
    });
  });
});
