import { TEAM_MESSAGES } from '@jobboard/contract/employer';
import { ENDPOINTS } from '@jobboard/contract/endpoints';
import { VALID_SUBMISSION } from '@jobboard/contract/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { signedIn } from '../support/admin';
import { signedInEmployer } from '../support/employers';
import { injectWithProof } from '../support/human-proof';
import { createJobs } from '../support/jobs';
import { giveCredits, insertSubmission, organizationOf } from '../support/submissions';
import { buildTestApp, testDatabase, type TestApp } from '../support/test-app';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
beforeEach(async () => {
  t = await buildTestApp();
  admin = await signedIn(t);
});
afterEach(() => t.close());

const ANA = 'ana@acme-advocacy.org';
const AL = 'al@acme-advocacy.org';

/** Two organisations that are one: Ana's (a listing, 2 credits) and Al's (a listing). */
async function duplicates() {
  const anas = await insertSubmission(t.db, {
    contact_email: ANA,
    organization: 'Acme Advocacy',
    title: 'Policy Director',
  });
  await giveCredits(t.db, { email: ANA, source: anas, remaining: 2 });
  const als = await insertSubmission(t.db, {
    contact_email: AL,
    organization: 'ACME Advocacy Inc.',
    title: 'Field Organizer',
  });
  return {
    anas,
    als,
    ana: await organizationOf(t.db, ANA),
    al: await organizationOf(t.db, AL),
  };
}

const history = async (id: number) =>
  (await admin({ method: 'GET', url: `/api/admin/organizations/${id}` }))
    .json()
    .history.map((h: { action: string }) => h.action);

describe(`the admins' organisations, on ${testDatabase}`, () => {
  it('lists and searches them by name, member address and domain, and shows one', async () => {
    const { ana } = await duplicates();
    const all = await admin({ method: 'GET', url: '/api/admin/organizations' });
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json().total).toBe(2);
    const byMember = await admin({ method: 'GET', url: '/api/admin/organizations?q=ana@' });
    expect(byMember.json().organizations.map((o: { id: number }) => o.id)).toEqual([ana]);
    const byName = await admin({ method: 'GET', url: '/api/admin/organizations?q=inc.' });
    expect(byName.json().organizations.map((o: { name: string }) => o.name)).toEqual([
      'ACME Advocacy Inc.',
    ]);
    const one = await admin({ method: 'GET', url: `/api/admin/organizations/${ana}` });
    expect(one.json()).toMatchObject({
      organization: { name: 'Acme Advocacy', members: 1, listings: 1, creditsLeft: 2 },
      members: [{ email: ANA, role: 'owner' }],
      listings: [{ title: 'Policy Director', contactEmail: ANA }],
    });
    const missing = await admin({ method: 'GET', url: '/api/admin/organizations/999999' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(TEAM_MESSAGES.organizationNotFound);
    // Employers cannot.
    const employer = await signedInEmployer(t, ANA);
    expect((await employer({ method: 'GET', url: '/api/admin/organizations' })).statusCode).toBe(
      401,
    );
  });

  it('moves a listing and the credits to another organisation, with the history on both', async () => {
    const { als, ana, al } = await duplicates();
    const moved = await admin({
      method: 'POST',
      url: `/api/admin/submissions/${als}/organization`,
      payload: { organizationId: ana },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().organization.listings).toBe(2);
    const ana1 = await signedInEmployer(t, ANA);
    expect((await ana1({ method: 'GET', url: '/api/employer/listings' })).json().total).toBe(2);

    const credits = await admin({
      method: 'POST',
      url: `/api/admin/organizations/${ana}/credits`,
      payload: { toOrganizationId: al },
    });
    expect(credits.statusCode, credits.body).toBe(200);
    expect(credits.json().organization.creditsLeft).toBe(0);
    const al1 = await signedInEmployer(t, AL);
    expect((await al1({ method: 'GET', url: '/api/employer/listings' })).json()).toMatchObject({
      creditsLeft: 2,
      total: 0,
    });
    const none = await admin({
      method: 'POST',
      url: `/api/admin/organizations/${ana}/credits`,
      payload: { toOrganizationId: al },
    });
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toBe(TEAM_MESSAGES.noCreditsToMove);
    expect(await history(ana)).toEqual(['listing_moved_in', 'credits_moved_out']);
    expect(await history(al)).toEqual(['listing_moved_out', 'credits_moved_in']);
  });

  it('merges a duplicate organisation: members, listings and credits move; it is kept as merged', async () => {
    const { ana, al } = await duplicates();
    const merged = await admin({
      method: 'POST',
      url: `/api/admin/organizations/${al}/merge`,
      payload: { intoOrganizationId: ana },
    });
    expect(merged.statusCode, merged.body).toBe(200);
    expect(merged.json()).toMatchObject({
      organization: { id: ana, members: 2, listings: 2, creditsLeft: 2 },
      members: [
        { email: ANA, role: 'owner' },
        { email: AL, role: 'member' },
      ],
    });
    const kept = (await admin({ method: 'GET', url: `/api/admin/organizations/${al}` })).json();
    expect(kept.organization).toMatchObject({ mergedIntoId: ana, members: 0, listings: 0 });
    expect(await history(al)).toEqual(['merged_into']);
    expect(await history(ana)).toEqual(['merged_in']);
    const al1 = await signedInEmployer(t, AL);
    expect((await al1({ method: 'GET', url: '/api/employer/listings' })).json().total).toBe(2);
    const again = await admin({
      method: 'POST',
      url: `/api/admin/organizations/${al}/merge`,
      payload: { intoOrganizationId: ana },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(TEAM_MESSAGES.mergedAlready('ACME Advocacy Inc.'));
    const itself = await admin({
      method: 'POST',
      url: `/api/admin/organizations/${ana}/merge`,
      payload: { intoOrganizationId: ana },
    });
    expect(itself.json().message).toBe(TEAM_MESSAGES.mergeIntoItself);
  });

  it("merges duplicate companies: the jobs name the other, each job's history says so", async () => {
    const ids = await createJobs(t.app, [
      { title: 'Organizer', organization: 'Acme Advocacy' },
      { title: 'Writer', organization: 'ACME Advocacy Inc.' },
    ]);
    const company = async (name: string) =>
      Number((await t.db('companies').where({ name }).first()).id);
    const [keep, duplicate] = [await company('Acme Advocacy'), await company('ACME Advocacy Inc.')];
    const org = await organizationOf(t.db, AL, 'ACME Advocacy Inc.');
    await t.db('organizations').where({ id: org }).update({ company_id: duplicate });

    const res = await admin({
      method: 'POST',
      url: `/api/admin/companies/${duplicate}/merge`,
      payload: { intoCompanyId: keep },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(
      TEAM_MESSAGES.companyMerged('ACME Advocacy Inc.', 'Acme Advocacy', 1),
    );
    const job = await t.app.inject(`/api/jobs/${ids['Writer']}`);
    expect(job.json().organization).toBe('Acme Advocacy');
    const audit = await t
      .db('job_audit')
      .where({ job_id: Number(ids['Writer']) })
      .orderBy('id');
    expect(audit.at(-1).detail).toBe(
      `Company ACME Advocacy Inc. (#${duplicate}) merged into Acme Advocacy (#${keep})`,
    );
    expect(Number((await t.db('organizations').where({ id: org }).first()).company_id)).toBe(keep);
    const missing = await admin({
      method: 'POST',
      url: `/api/admin/companies/999999/merge`,
      payload: { intoCompanyId: keep },
    });
    expect(missing.statusCode).toBe(404);
  });
});

describe(`the organisations' widest values, on ${testDatabase}`, () => {
  it('stores the longest address, organisation name and title anywhere they are kept (varchar limits)', async () => {
    const longest = `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(57)}.org`;
    const invited = `${'e'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(57)}.org`;
    const name = 'N'.repeat(300);
    const title = 'T'.repeat(300);
    // A submission through the app: its organisation of one named as the form names it.
    const submitted = await injectWithProof(t.app, {
      method: 'POST',
      url: ENDPOINTS.submitJob.path,
      payload: { ...VALID_SUBMISSION, contactEmail: longest, organization: name, title },
    });
    expect(submitted.statusCode, submitted.body).toBe(201);
    const org = await organizationOf(t.db, longest);
    expect((await t.db('organizations').where({ id: org }).first()).name).toBe(name);
    // The owner (the longest address) invites another of the longest addresses and sets the domain.
    const owner = await signedInEmployer(t, longest);
    const sent = await owner({
      method: 'POST',
      url: ENDPOINTS.employerInvite.path,
      payload: { email: invited },
    });
    expect(sent.statusCode, sent.body).toBe(202);
    const domain = await owner({
      method: 'PUT',
      url: ENDPOINTS.employerTeamDomain.path,
      payload: { verify: true, domainJoin: true },
    });
    expect(domain.statusCode, domain.body).toBe(200);
    expect(domain.json().organization.verifiedDomain).toBe(longest.split('@')[1]);
    // The listing moves to another organisation of the longest name: history on both.
    const other = await organizationOf(t.db, AL, 'M'.repeat(300));
    const moved = await admin({
      method: 'POST',
      url: `/api/admin/submissions/${submitted.json().id}/organization`,
      payload: { organizationId: other },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await history(org)).toEqual([
      'created',
      'invited',
      'domain_set',
      'domain_join_on',
      'listing_moved_out',
    ]);
  });
});
