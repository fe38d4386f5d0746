import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrations } from '../../src/platform/db/migrations';
import { migrateLatest } from '../../src/platform/db/migrate';
import { signedInEmployer } from '../support/employers';
import { insertSubmission, organizationOf } from '../support/submissions';
import { buildTestApp, testDatabase, type TestApp } from '../support/test-app';

let t: TestApp;
beforeEach(async () => {
  t = await buildTestApp();
});
afterEach(() => t.close());

const MIGRATION = '20261201000000_create_organizations';

/** Back to the schema before organisations (and whatever came after them). */
async function beforeOrganizations() {
  const source = {
    getMigrations: async () => migrations,
    getMigrationName: (m: (typeof migrations)[number]) => m.name,
    getMigration: async (m: (typeof migrations)[number]) => m,
  };
  const from = migrations.findIndex((m) => m.name === MIGRATION);
  expect(from).toBeGreaterThan(0);
  for (let i = from; i < migrations.length; i += 1) {
    await t.db.migrate.down({ migrationSource: source });
  }
  expect(Object.keys(await t.db('submissions').columnInfo())).not.toContain('organization_id');
}

/** A submission as a release before organisations wrote it (no organisation column). */
const oldSubmission = (row: Record<string, unknown>) =>
  insertSubmission(t.db, { organization_id: undefined, ...row });

describe(`the migration of today's employers into organisations, on ${testDatabase}`, () => {
  it('makes each contact address an organisation of one, its owner, with its listings and credits', async () => {
    await beforeOrganizations();
    const companyId = Number(
      (
        await t
          .db('companies')
          .insert({ name: 'Open Ballot Project', created_at: 0, updated_at: 0 })
          .returning('id')
      )[0]?.id ?? (await t.db('companies').where({ name: 'Open Ballot Project' }).first()).id,
    );
    // Ana wrote her address two ways; her latest submission names her organisation anew.
    const first = await oldSubmission({
      contact_email: 'Ana@Acme-Advocacy.org ',
      organization: 'Acme',
      status: 'paid',
      submitted_at: 1_000,
    });
    const second = await oldSubmission({
      contact_email: 'ana@acme-advocacy.org',
      organization: 'Acme Advocacy',
      status: 'pending_review',
      submitted_at: 2_000,
    });
    const bos = await oldSubmission({
      contact_email: 'bo@openballot.example',
      organization: 'Open Ballot Project',
      submitted_at: 1_500,
    });
    // Rejected long ago: its contact blanked by retention.
    const blanked = await oldSubmission({
      contact_email: '',
      contact_name: '',
      status: 'rejected',
    });
    await t.db('listing_credits').insert([
      {
        contact_email: 'ana@acme-advocacy.org',
        source_submission_id: first,
        remaining: 2,
        created_at: 0,
      },
      // Credits of an address whose own submission is no longer its contact's (edited since).
      {
        contact_email: 'zed@credits.example',
        source_submission_id: bos,
        remaining: 1,
        created_at: 0,
      },
    ]);
    const before = {
      submissions: await t.db('submissions').orderBy('id').select(),
      credits: await t.db('listing_credits').orderBy('id').select(),
    };

    await migrateLatest(t.db);

    // Nothing lost: every row as it was (the columns it had: later migrations add their own),
    // with its organisation beside it.
    const asBefore = (rows: Record<string, unknown>[], was: Record<string, unknown>[]) =>
      rows.map((row) => Object.fromEntries(Object.keys(was[0]!).map((k) => [k, row[k]])));
    const after = await t.db('submissions').orderBy('id').select();
    expect(asBefore(after, before.submissions)).toEqual(before.submissions);
    const credits = await t.db('listing_credits').orderBy('id').select();
    expect(asBefore(credits, before.credits)).toEqual(before.credits);

    const orgs = await t.db('organizations').orderBy('id').select();
    expect(orgs).toHaveLength(3);
    const members = await t.db('organization_members').orderBy('email_key').select();
    expect(members.map((m) => [m.email_key, m.role])).toEqual([
      ['ana@acme-advocacy.org', 'owner'],
      ['bo@openballot.example', 'owner'],
      ['zed@credits.example', 'owner'],
    ]);
    const orgOf = (email: string) =>
      Number(members.find((m) => m.email_key === email)!.organization_id);
    const byId = new Map(orgs.map((o) => [Number(o.id), o]));
    expect(byId.get(orgOf('ana@acme-advocacy.org'))).toMatchObject({
      name: 'Acme Advocacy',
      company_id: null,
    });
    expect(Number(byId.get(orgOf('bo@openballot.example'))!.company_id)).toBe(companyId);
    expect(byId.get(orgOf('zed@credits.example'))!.name).toBe('zed@credits.example');

    const orgOfSubmission = (id: number) => after.find((s) => Number(s.id) === id)!.organization_id;
    expect(orgOfSubmission(first)).toBe(orgOf('ana@acme-advocacy.org'));
    expect(orgOfSubmission(second)).toBe(orgOf('ana@acme-advocacy.org'));
    expect(orgOfSubmission(bos)).toBe(orgOf('bo@openballot.example'));
    expect(orgOfSubmission(blanked)).toBeNull();
    expect(credits.map((c) => Number(c.organization_id))).toEqual([
      orgOf('ana@acme-advocacy.org'),
      orgOf('zed@credits.example'),
    ]);
    // Each organisation's history says where it came from.
    const [created] = await t
      .db('organization_history')
      .where({ action: 'created' })
      .count({ n: '*' });
    expect(Number(created!.n)).toBe(3);

    // Ana signs in as before and finds both her listings and her credits.
    const ana = await signedInEmployer(t, 'ana@acme-advocacy.org');
    const page = (await ana({ method: 'GET', url: '/api/employer/listings' })).json();
    expect(page.total).toBe(2);
    expect(page.creditsLeft).toBe(2);
  });

  it('keeps the events of a submission (on SQLite the column is added in place, no table rebuilt)', async () => {
    await beforeOrganizations();
    const id = await oldSubmission({ contact_email: 'ana@acme-advocacy.org', status: 'approved' });
    await t.db('submission_events').insert({
      submission_id: id,
      from_status: null,
      to_status: 'approved',
      actor: 'admin:test',
      created_at: 0,
    });
    const events = await t.db('submission_events').where({ submission_id: id }).count({ n: '*' });
    await migrateLatest(t.db);
    expect(await t.db('submission_events').where({ submission_id: id }).count({ n: '*' })).toEqual(
      events,
    );
  });
  it('gives listings and credits an earlier release wrote after it their organisation, at the next start', async () => {
    // A process of the earlier release, still serving during a rolling upgrade, files these.
    const anas = await insertSubmission(t.db, {
      contact_email: 'Ana@Acme-Advocacy.org',
      organization: 'Acme Advocacy',
      organization_id: null,
    });
    await insertSubmission(t.db, { contact_email: 'sam@openballot.example' });
    const sams = await insertSubmission(t.db, {
      contact_email: 'sam@openballot.example',
      organization_id: null,
    });
    await t.db('listing_credits').insert({
      contact_email: 'ana@acme-advocacy.org',
      source_submission_id: anas,
      remaining: 2,
      created_at: 0,
    });
    const next = await buildTestApp({ sameDatabaseAs: t });
    try {
      await next.app.schemaWorkIdle();
      const ana = await organizationOf(t.db, 'ana@acme-advocacy.org');
      expect((await t.db('submissions').where({ id: anas }).first()).organization_id).toBe(ana);
      expect(
        (await t.db('listing_credits').where({ source_submission_id: anas }).first())
          .organization_id,
      ).toBe(ana);
      expect((await t.db('submissions').where({ id: sams }).first()).organization_id).toBe(
        await organizationOf(t.db, 'sam@openballot.example'),
      );
      expect((await t.db('organizations').where({ id: ana }).first()).name).toBe('Acme Advocacy');
      const signedIn = await signedInEmployer(next, 'ana@acme-advocacy.org');
      const page = (await signedIn({ method: 'GET', url: '/api/employer/listings' })).json();
      expect(page).toMatchObject({ total: 1, creditsLeft: 2 });
    } finally {
      await next.close();
    }
  });
});
