import type { AdminSubmission, HistoryEntry } from '@jobboard/contract/admin';
import type { Job } from '@jobboard/contract/jobs';
import { VALID_SUBMISSION } from '@jobboard/contract/testing';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { migrations } from '../../src/platform/db/migrations';
import { migrateLatest } from '../../src/platform/db/migrate';
import { signedIn } from '../support/admin';
import {
  airtableEnv,
  airtableJob,
  startFakeAirtable,
  type FakeAirtable,
} from '../support/fake-airtable';
import { startFakeStripe, type FakeStripe } from '../support/fake-stripe';
import { createJobs } from '../support/jobs';
import { pay, startCheckout, stripeEnv, tokenOf } from '../support/payments';
import { buildTestApp, testDatabase, type TestApp } from '../support/test-app';
import { injectWithProof } from '../support/human-proof';

/**
 * Company details are reviewed, not overwritten (issue 25). A company is one shared row per name:
 * what a submission says about its company (website, logo, description) is shown beside what the
 * board has, and changes the company only when an admin approves it with that change ticked.
 * Publishing never changes a company already on the board; a sync never overwrites what an admin
 * (or an approved submission) set, but fills in blanks. Every change is in the company's history,
 * on the job's timeline.
 */

const ORG = 'Open Ballot Project';
const BOARD = {
  website: 'https://openballot.example',
  logo: 'https://openballot.example/logo.png',
};
const SUBMITTED = {
  website: 'https://vote.openballot.example',
  description: 'We register voters and run digital campaigns across the state.',
};

let stripe: FakeStripe;
let airtable: FakeAirtable;
let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
/** The job already on the board for ORG, made on the admin's job form. */
let boardJobId: string;

beforeAll(async () => {
  stripe = await startFakeStripe({ webhookSecret: 'whsec_test_secret' });
  airtable = await startFakeAirtable();
});
afterAll(async () => {
  await stripe.close();
  await airtable.close();
});
beforeEach(async () => {
  t = await buildTestApp({ env: { ...stripeEnv(stripe), ...airtableEnv(airtable) } });
  admin = await signedIn(t);
  stripe.reset();
  airtable.records = [];
  const created = await admin({
    method: 'POST',
    url: '/api/admin/jobs',
    payload: {
      title: 'Field Organizer',
      organization: ORG,
      applicationUrl: 'https://openballot.example/jobs/field',
      description: 'Organize volunteers in the field and online.',
      category: ['Political'],
      locations: ['Denver, CO'],
      jobType: 'Full-time',
      via: 'Organization website',
      postedDate: '2026-11-20',
      salaryMin: 50_000,
      salaryMax: 60_000,
      companyWebsite: BOARD.website,
      logoUrl: BOARD.logo,
    },
  });
  expect(created.statusCode, created.body).toBe(201);
  boardJobId = created.json().id;
});
afterEach(() => t.close());

/** A submission through the public form naming ORG, with `company` as its company fields. */
async function submit(company: Record<string, string> = {}, organization = ORG) {
  const res = await injectWithProof(t.app, {
    method: 'POST',
    url: '/api/submit-job-for-review',
    payload: {
      ...VALID_SUBMISSION,
      organization,
      companyWebsite: SUBMITTED.website,
      companyDescription: SUBMITTED.description,
      ...company,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return Number(res.json().id);
}

const approve = (id: number, body?: object) =>
  admin({
    method: 'POST',
    url: `/api/admin/submissions/${id}/approve`,
    ...(body ? { payload: body } : {}),
  });
const submission = async (id: number) =>
  (await admin({ url: `/api/admin/submissions/${id}` })).json() as AdminSubmission;
const publicJob = async (id: string | number) =>
  (await t.app.inject(`/api/jobs/${id}`)).json() as Job;
const jobHistory = async (id: string | number) =>
  (await admin({ url: `/api/admin/jobs/${id}/history` })).json() as HistoryEntry[];
const submissionHistory = async (id: number) =>
  (await admin({ url: `/api/admin/submissions/${id}/history` })).json() as HistoryEntry[];
const companyRow = () => t.db('companies').where({ name: ORG }).first();
const companyChanges = (entries: HistoryEntry[]) =>
  entries.filter((entry) => entry.kind === 'company_changed');
const sync = async () => {
  const res = await admin({ url: '/api/refresh-jobs' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

/** Save a job on the admin's form as the edit page does, with `changes`. */
async function editJob(jobId: string | number, changes: Record<string, unknown>) {
  const job = (await admin({ url: `/api/admin/jobs/${jobId}` })).json();
  const res = await admin({
    method: 'PUT',
    url: `/api/admin/jobs/${jobId}`,
    payload: {
      title: job.title,
      organization: job.organization,
      applicationUrl: job.applicationUrl,
      description: job.description,
      category: job.category,
      locations: job.locations,
      jobType: job.jobType,
      via: job.via,
      postedDate: job.postedDate,
      salaryMin: job.salaryMin,
      salaryMax: job.salaryMax,
      ...changes,
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** Pay the approved submission through its e-mailed link, as the employer does. */
async function payThroughLink(paymentUrl: string) {
  await pay(t, stripe, await startCheckout(t, stripe, tokenOf(paymentUrl)));
}

describe(`a second submission for a company on the board on ${testDatabase}`, () => {
  it('changes nothing at submission, payment or sync; the review card shows both values', async () => {
    const before = await companyRow();
    expect(before).toMatchObject({
      website_url: BOARD.website,
      logo_url: BOARD.logo,
      description: '',
      website_url_set_by: 'admin',
      logo_url_set_by: 'admin',
      description_set_by: null,
    });
    await publicJob(boardJobId); // the public read is cached now

    // Submitted: the same logo, another website, a description the board lacks.
    const id = await submit({ logoUrl: BOARD.logo });
    expect(await companyRow()).toEqual(before);

    // The review card: both values, only where they differ.
    const expected = {
      onBoard: true,
      submitted: {
        websiteUrl: SUBMITTED.website,
        logo: BOARD.logo,
        description: SUBMITTED.description,
      },
      differences: [
        { field: 'websiteUrl', onBoard: BOARD.website, submitted: SUBMITTED.website },
        { field: 'description', onBoard: '', submitted: SUBMITTED.description },
      ],
    };
    expect((await submission(id)).company).toEqual(expected);
    const page = (await admin({ url: '/api/admin/lists/submissions' })).json();
    expect(page.submissions.find((s: AdminSubmission) => s.id === String(id)).company).toEqual(
      expected,
    );

    // Approved without ticking anything, then paid: the company keeps its details.
    const approved = await approve(id);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(await companyRow()).toEqual(before);
    await payThroughLink(approved.json().paymentUrl);
    const paid = await submission(id);
    expect(paid.submissionStatus).toBe('paid');
    expect(await companyRow()).toEqual(before);
    for (const jobId of [boardJobId, paid.jobId!]) {
      // The logo's address is the company's; the public job carries the board's own copy once
      // fetched (logos.test.ts), none here (no fetching in these tests).
      expect((await publicJob(jobId)).company).toEqual({
        name: ORG,
        websiteUrl: BOARD.website,
        description: '',
        slug: 'open-ballot-project',
      });
      expect((await admin({ url: `/api/admin/jobs/${jobId}` })).json().logoSource).toBe(BOARD.logo);
    }

    // A synced record naming the company with other details: what the admin set stays.
    airtable.records = [
      airtableJob(1, {
        Organization: ORG,
        'Company Website': 'https://synced.example',
        'Company Logo': 'https://synced.example/logo.png',
      }),
    ];
    expect(await sync()).toMatchObject({ created: 1 });
    expect(await companyRow()).toEqual(before);
    expect(await t.db('company_audit').select()).toEqual([]);
    expect(companyChanges(await jobHistory(boardJobId))).toEqual([]);
  });

  it('approving with the change ticked updates the company, its jobs and its history', async () => {
    const id = await submit();
    expect((await publicJob(boardJobId)).company.websiteUrl).toBe(BOARD.website); // cached
    const res = await approve(id, { updateCompany: ['websiteUrl'] });
    expect(res.statusCode, res.body).toBe(200);
    // The ticked detail only: the description the board lacks stays blank.
    expect(await companyRow()).toMatchObject({
      website_url: SUBMITTED.website,
      website_url_set_by: 'submission',
      logo_url: BOARD.logo,
      description: '',
    });
    expect(res.json().submission.company.differences).toEqual([
      { field: 'description', onBoard: '', submitted: SUBMITTED.description },
    ]);
    expect((await publicJob(boardJobId)).company.websiteUrl).toBe(SUBMITTED.website);

    const line = {
      at: t.clock.now.toISOString(),
      kind: 'company_changed',
      summary: `Company website changed from '${BOARD.website}' to '${SUBMITTED.website}' (from submission #${id})`,
      actor: 'admin:alice',
    };
    expect(companyChanges(await jobHistory(boardJobId))).toEqual([line]);
    expect(companyChanges(await submissionHistory(id))).toEqual([line]);
    expect(await t.db('company_audit').select()).toEqual([
      expect.objectContaining({
        field: 'websiteUrl',
        old_value: BOARD.website,
        new_value: SUBMITTED.website,
        set_by: 'submission',
        actor: 'admin:alice',
        submission_id: id,
      }),
    ]);

    // Paid: the new job shows the company's details, and its timeline the company's history
    // once (not again as its submission's).
    await payThroughLink(res.json().paymentUrl);
    const jobId = (await submission(id)).jobId!;
    expect((await publicJob(jobId)).company.websiteUrl).toBe(SUBMITTED.website);
    expect(companyChanges(await jobHistory(jobId))).toEqual([line]);

    // A sync does not take back what the approved submission set.
    airtable.records = [
      airtableJob(1, { Organization: ORG, 'Company Website': 'https://x.example' }),
    ];
    await sync();
    expect((await companyRow()).website_url).toBe(SUBMITTED.website);
  });

  it('takes every ticked detail at once, and a description into the job page', async () => {
    const id = await submit({ logoUrl: 'https://cdn.example/new-logo.png' });
    const res = await approve(id, { updateCompany: ['websiteUrl', 'logo', 'description'] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().submission.company.differences).toEqual([]);
    expect((await publicJob(boardJobId)).company).toEqual({
      name: ORG,
      websiteUrl: SUBMITTED.website,
      description: SUBMITTED.description,
      slug: 'open-ballot-project',
    });
    expect((await admin({ url: `/api/admin/jobs/${boardJobId}` })).json().logoSource).toBe(
      'https://cdn.example/new-logo.png',
    );
    expect(companyChanges(await jobHistory(boardJobId)).map((e) => e.summary)).toEqual([
      `Company website changed from '${BOARD.website}' to '${SUBMITTED.website}' (from submission #${id})`,
      `Company logo changed from '${BOARD.logo}' to 'https://cdn.example/new-logo.png' (from submission #${id})`,
      `Company description set to '${SUBMITTED.description}' (from submission #${id})`,
    ]);
  });

  it('refuses a ticked detail it cannot take, changing nothing', async () => {
    const id = await submit({ companyDescription: '' });
    const noDescription = await approve(id, { updateCompany: ['websiteUrl', 'description'] });
    expect(noDescription.statusCode).toBe(409);
    expect(noDescription.json()).toEqual({
      message: 'This submission gives no company description to update.',
    });
    const elsewhere = await submit({}, 'A Brand New Org');
    const notOnBoard = await approve(elsewhere, { updateCompany: ['websiteUrl'] });
    expect(notOnBoard.statusCode).toBe(409);
    expect(notOnBoard.json().message).toBe(
      "A Brand New Org is not on the board yet: it gets this submission's details when the job is published. Approve without updating the company.",
    );
    const unknown = await approve(id, { updateCompany: ['name'] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({
      field: 'updateCompany',
      fields: {
        updateCompany:
          'Please name the company details to update, from: websiteUrl, logo, description',
      },
    });
    for (const pending of [id, elsewhere]) {
      expect((await submission(pending)).submissionStatus).toBe('pending_review');
    }
    expect((await companyRow()).website_url).toBe(BOARD.website);
    expect(await t.db('company_audit').select()).toEqual([]);
    expect(await t.db('outbox').where({ template: 'submission-approved' })).toEqual([]);
  });

  it("gives a company new to the board the submission's details when it is published", async () => {
    const id = await submit({ logoUrl: 'https://cdn.example/fresh.png' }, 'Fresh Start Fund');
    expect((await submission(id)).company).toEqual({
      onBoard: false,
      submitted: {
        websiteUrl: SUBMITTED.website,
        logo: 'https://cdn.example/fresh.png',
        description: SUBMITTED.description,
      },
      differences: [],
    });
    const res = await approve(id);
    expect(await t.db('companies').where({ name: 'Fresh Start Fund' }).first()).toBeUndefined();
    await payThroughLink(res.json().paymentUrl);
    expect(await t.db('companies').where({ name: 'Fresh Start Fund' }).first()).toMatchObject({
      website_url: SUBMITTED.website,
      logo_url: 'https://cdn.example/fresh.png',
      description: SUBMITTED.description,
      website_url_set_by: 'submission',
      logo_url_set_by: 'submission',
      description_set_by: 'submission',
    });
    // What the employer gave is theirs: a sync does not replace it.
    airtable.records = [
      airtableJob(1, {
        Organization: 'Fresh Start Fund',
        'Company Website': 'https://synced.example',
        'Company Description': 'Synced words.',
      }),
    ];
    await sync();
    expect(await t.db('companies').where({ name: 'Fresh Start Fund' }).first()).toMatchObject({
      website_url: SUBMITTED.website,
      description: SUBMITTED.description,
    });
  });
});

describe(`the admin's job form and company details on ${testDatabase}`, () => {
  it("moving a job to another company on the board leaves that company's details alone", async () => {
    await createJobs(t.app, [{ title: 'Other job', organization: 'Other Org' }]);
    const other = await t.db('companies').where({ name: 'Other Org' }).first();
    await editJob(boardJobId, { organization: 'Other Org' });
    expect(await t.db('companies').where({ name: 'Other Org' }).first()).toEqual(other);
    expect((await publicJob(boardJobId)).company).toMatchObject({
      name: 'Other Org',
      websiteUrl: other.website_url,
    });
    // Moved to a name new to the board (a corrected name), the job keeps its company's details.
    await editJob(boardJobId, { organization: 'Other Org (Denver)' });
    expect((await publicJob(boardJobId)).company).toEqual({
      name: 'Other Org (Denver)',
      websiteUrl: other.website_url,
      description: other.description,
      slug: 'other-org-denver',
    });
    expect(await t.db('company_audit').select()).toEqual([]);
  });

  it("an admin's website on the form changes the company, with the admin in its history", async () => {
    await editJob(boardJobId, { companyWebsite: 'https://new.openballot.example' });
    expect(await companyRow()).toMatchObject({
      website_url: 'https://new.openballot.example',
      website_url_set_by: 'admin',
      logo_url: BOARD.logo,
    });
    expect(companyChanges(await jobHistory(boardJobId))).toEqual([
      expect.objectContaining({
        summary: `Company website changed from '${BOARD.website}' to 'https://new.openballot.example'`,
        actor: 'admin:alice',
      }),
    ]);
  });
});

describe(`a sync and company details on ${testDatabase}`, () => {
  it('fills in blanks and replaces what a source set, never what an admin set', async () => {
    const record = (fields: Record<string, unknown>) => [
      airtableJob(1, { Organization: 'Synced Org', ...fields }),
    ];
    airtable.records = record({ 'Company Website': 'https://one.example' });
    await sync();
    const synced = () => t.db('companies').where({ name: 'Synced Org' }).first();
    expect(await synced()).toMatchObject({
      website_url: 'https://one.example',
      website_url_set_by: 'sync',
      logo_url: null,
      logo_url_set_by: null,
    });
    const jobId = (await t.db('jobs').where({ source: 'airtable' }).first()).id;

    // The record changes: the source's own website follows it, the blank logo is filled in.
    airtable.records = record({
      'Company Website': 'https://two.example',
      'Company Logo': 'https://two.example/logo.png',
    });
    await sync();
    expect(await synced()).toMatchObject({
      website_url: 'https://two.example',
      logo_url: 'https://two.example/logo.png',
      logo_url_set_by: 'sync',
    });

    // An admin sets the website on the job form; the next sync leaves it alone.
    await editJob(jobId, { companyWebsite: 'https://chosen.example' });
    airtable.records = record({
      'Company Website': 'https://three.example',
      'Company Logo': 'https://three.example/logo.png',
    });
    await sync();
    expect(await synced()).toMatchObject({
      website_url: 'https://chosen.example',
      website_url_set_by: 'admin',
      logo_url: 'https://three.example/logo.png',
    });
    expect(companyChanges(await jobHistory(jobId)).map((e) => [e.summary, e.actor])).toEqual([
      [
        "Company website changed from 'https://one.example' to 'https://two.example' (from the job source)",
        'sync:airtable',
      ],
      ["Company logo set to 'https://two.example/logo.png' (from the job source)", 'sync:airtable'],
      [
        "Company website changed from 'https://two.example' to 'https://chosen.example'",
        'admin:alice',
      ],
      [
        "Company logo changed from 'https://two.example/logo.png' to 'https://three.example/logo.png' (from the job source)",
        'sync:airtable',
      ],
    ]);
  });

  it('quotes a long description shortened on the timeline, and keeps it whole in the history', async () => {
    const long = `${'Our mission, in many words. '.repeat(20)}The end.`;
    await createJobs(t.app, [
      {
        title: 'Synced first',
        organization: 'Wordy Org',
        source: 'airtable',
        companyDescription: '',
      },
    ]);
    airtable.records = [airtableJob(1, { Organization: 'Wordy Org', 'Company Description': long })];
    await sync();
    const jobId = (await t.db('jobs').where({ title: 'Synced first' }).first()).id;
    const [line] = companyChanges(await jobHistory(jobId));
    expect(line!.summary).toBe(
      `Company description set to '${long.slice(0, 117)}...' (from the job source)`,
    );
    expect((await t.db('company_audit').first()).new_value).toBe(long.trim());
  });
});

describe(`company details a job update passes along on ${testDatabase}`, () => {
  // A job update is a patch (job-patch.ts): its company details go to companies.ts, which
  // decides what they change; the job's audit line lists only what the company took.
  const record = (fields: Record<string, unknown>) => [
    airtableJob(1, { Organization: ORG, ...fields }),
  ];
  const syncedJobId = async () =>
    String((await t.db('jobs').where({ source: 'airtable' }).first()).id);
  /**
   * A minute on, so each step's lines are apart on the timeline (at one instant, a write's
   * company change comes before its job line).
   */
  const later = () => {
    t.clock.now = new Date(t.clock.now.getTime() + 60_000);
  };

  it("a sync's update that differs only in a detail an admin set is no update, and changes nothing", async () => {
    airtable.records = record({ 'Company Website': 'https://one.example' });
    expect(await sync()).toMatchObject({ created: 1 });
    const jobId = await syncedJobId();
    const before = await jobHistory(jobId);
    airtable.records = record({ 'Company Website': 'https://two.example' });
    expect(await sync()).toMatchObject({ created: 0, updated: 0, unchanged: 1 });
    expect(await companyRow()).toMatchObject({
      website_url: BOARD.website,
      website_url_set_by: 'admin',
    });
    expect(await jobHistory(jobId)).toEqual(before);
    expect(await t.db('company_audit').select()).toEqual([]);
  });

  it("a sync's update that fills a blank detail: the job's line lists it, the company's history has it", async () => {
    airtable.records = record({ 'Company Website': 'https://one.example' });
    await sync();
    const jobId = await syncedJobId();
    later();
    airtable.records = record({
      'Company Website': 'https://two.example',
      'Company Description': 'Synced words about the project.',
    });
    expect(await sync()).toMatchObject({ updated: 1 });
    expect(await companyRow()).toMatchObject({
      website_url: BOARD.website,
      description: 'Synced words about the project.',
      description_set_by: 'sync',
    });
    const [company, synced] = (await jobHistory(jobId)).slice(-2);
    expect(company).toMatchObject({
      kind: 'company_changed',
      summary: "Company description set to 'Synced words about the project.' (from the job source)",
      actor: 'sync:airtable',
    });
    // The website the company did not take is not among the job's changes.
    expect(synced).toMatchObject({
      kind: 'changed',
      summary: 'Updated from the source: Changed company description',
      actor: 'sync:airtable',
      changes: [{ field: 'companyDescription', from: null, to: 'Synced words about the project.' }],
    });
  });

  it("an admin's website on a synced job's form: the admin's on the job and the company, a conflict for the next sync", async () => {
    airtable.records = record({
      Organization: 'Synced Org',
      'Company Website': 'https://one.example',
    });
    await sync();
    const jobId = await syncedJobId();
    later();
    const edited = await editJob(jobId, { companyWebsite: 'https://chosen.example' });
    expect(edited.adminFields).toEqual(['websiteUrl']);
    const [company, line] = (await jobHistory(jobId)).slice(-2);
    expect(company).toMatchObject({
      kind: 'company_changed',
      summary: "Company website changed from 'https://one.example' to 'https://chosen.example'",
      actor: 'admin:alice',
    });
    expect(line).toMatchObject({
      kind: 'edited',
      summary: 'Edited: Changed company website',
      changes: [{ field: 'websiteUrl', from: 'https://one.example', to: 'https://chosen.example' }],
    });
    airtable.records = record({
      Organization: 'Synced Org',
      'Company Website': 'https://two.example',
    });
    expect(await sync()).toMatchObject({ updated: 0, conflicts: 1 });
    expect((await t.db('companies').where({ name: 'Synced Org' }).first()).website_url).toBe(
      'https://chosen.example',
    );
    const last = (await admin({ url: '/api/admin/sync/last' })).json();
    expect(last.last.conflictRecords).toEqual([
      expect.objectContaining({ kind: 'edited', jobId, fields: ['websiteUrl'] }),
    ]);
  });
});

describe(`the migration that records who set each company detail on ${testDatabase}`, () => {
  it("credits each detail to the source of the company's latest job, an admin when none is left", async () => {
    const source = {
      getMigrations: async () => migrations,
      getMigrationName: (m: (typeof migrations)[number]) => m.name,
      getMigration: async (m: (typeof migrations)[number]) => m,
    };
    const from = migrations.findIndex((m) => m.name === '20261126020300_company_detail_setters');
    for (let i = from; i < migrations.length; i += 1) {
      await t.db.migrate.down({ migrationSource: source });
    }
    const now = t.clock.now.getTime();
    const company = async (name: string, values: Record<string, unknown>) => {
      const [row] = await t
        .db('companies')
        .insert({ name, created_at: now, updated_at: now, ...values })
        .returning('id');
      return Number(typeof row === 'object' ? row.id : row);
    };
    const job = (companyId: number, source: string, updatedAt: number) =>
      t.db('jobs').insert({
        company_id: companyId,
        title: `${source} job`,
        description: 'A job.',
        job_type: 'Full-time',
        remote: false,
        experience_level: 'mid',
        posted_date: '2026-11-20',
        via: 'Test',
        featured: false,
        active: true,
        source,
        created_at: updatedAt,
        updated_at: updatedAt,
      });
    const synced = await company('Synced Later', { website_url: 'https://a.example' });
    await job(synced, 'admin', now - 2);
    await job(synced, 'airtable', now - 1);
    const paid = await company('Paid Later', {
      website_url: 'https://b.example',
      description: 'B',
    });
    await job(paid, 'airtable', now - 2);
    await job(paid, 'submission', now - 1);
    const lonely = await company('No Jobs', { logo_url: 'https://c.example/logo.png' });
    await migrateLatest(t.db);

    const setters = async (id: number) =>
      t
        .db('companies')
        .where({ id })
        .first('website_url_set_by', 'logo_url_set_by', 'description_set_by');
    expect(await setters(synced)).toEqual({
      website_url_set_by: 'sync',
      logo_url_set_by: null,
      description_set_by: null,
    });
    expect(await setters(paid)).toEqual({
      website_url_set_by: 'submission',
      logo_url_set_by: null,
      description_set_by: 'submission',
    });
    expect(await setters(lonely)).toEqual({
      website_url_set_by: null,
      logo_url_set_by: 'admin',
      description_set_by: null,
    });
  });
});
