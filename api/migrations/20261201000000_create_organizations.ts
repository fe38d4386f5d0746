import type { Knex } from 'knex';
import { isPostgres, type Migration } from './migration';

/**
 * Organisations and teams (issue 47): the private team behind an employer's listings. Before, an
 * employer was one contact address; now listings (`submissions.organization_id`) and Multiples
 * credits (`listing_credits.organization_id`) belong to an organisation whose members (one
 * organisation per address, by its emailKey) share them.
 *
 * - `organizations`: tied to the public company record when one matches (`company_id`), the
 *   owner's verified domain and whether addresses at it join by signing in, and `merged_into_id`
 *   once an admin merged it into another (kept so its links and history still resolve).
 * - `organization_members`: role 'owner' or 'member'; `email_key` unique (one organisation each).
 * - `organization_invites`: an e-mailed one-press invitation; only the SHA-256 of its token kept,
 *   with its end and the moment it was used, as `employer_sign_in_links`.
 * - `organization_history`: who did what, when (invited, joined, removed, left, owner changed,
 *   domain set, domain join on/off, listing moved, credits moved, merged).
 *
 * Then the data: each distinct contact address of a submission or a credit becomes an organisation
 * of one, named as its latest submission's organisation (tied to the company of that name if
 * there is one), the address its owner, its submissions and credits pointed at it. A submission
 * whose contact was blanked by retention (rejected long ago) names nobody and stays without one.
 *
 * On SQLite the two columns are added with SQLite's own ALTER TABLE (see
 * 20261130020010_submissions_api_key.ts: Knex would rebuild `submissions`, cascading deletes to its
 * payment links, renewals and events inside this transaction); PostgreSQL keeps the constraints.
 */
export default {
  name: '20261201000000_create_organizations',
  async up(knex) {
    await knex.schema.createTable('organizations', (t) => {
      t.increments('id');
      t.string('name', 300).notNullable();
      t.integer('company_id').nullable().references('id').inTable('companies').onDelete('SET NULL');
      t.string('verified_domain', 253).nullable();
      t.boolean('domain_join').notNullable().defaultTo(false);
      t.bigInteger('created_at').notNullable();
      t.integer('merged_into_id').nullable().references('id').inTable('organizations');
      t.index(['verified_domain']);
      t.index(['company_id']);
    });
    await knex.schema.createTable('organization_members', (t) => {
      ofOrganization(t);
      t.string('email_key', 320).notNullable().unique();
      t.string('role', 16).notNullable();
      t.bigInteger('joined_at').notNullable();
      t.index(['organization_id']);
    });
    await knex.schema.createTable('organization_invites', (t) => {
      ofOrganization(t);
      t.string('token_hash', 64).notNullable().unique();
      t.string('email_key', 320).notNullable();
      t.string('invited_by', 320).notNullable();
      t.bigInteger('created_at').notNullable();
      t.bigInteger('expires_at').notNullable();
      t.bigInteger('used_at').nullable();
      t.index(['organization_id']);
      t.index(['expires_at']);
    });
    await knex.schema.createTable('organization_history', (t) => {
      ofOrganization(t);
      t.bigInteger('at').notNullable();
      // An address (a member), 'admin:<username>', or 'system' (this migration, a new submission).
      t.string('actor', 340).notNullable();
      t.string('action', 32).notNullable();
      // Whom or what it was about: an address, a domain, a listing's title, another organisation.
      t.string('subject', 400).nullable();
      t.text('detail').nullable();
      t.index(['organization_id', 'at']);
      // Whether an address's access ended, and by whom (a removed member's next request).
      t.index(['subject', 'action']);
    });
    if (isPostgres(knex)) {
      for (const table of ['submissions', 'listing_credits']) {
        await knex.schema.alterTable(table, (t) => {
          t.integer('organization_id')
            .nullable()
            .references('id')
            .inTable('organizations')
            .onDelete('SET NULL');
          t.index(['organization_id']);
        });
      }
    } else {
      for (const table of ['submissions', 'listing_credits']) {
        await knex.raw(`ALTER TABLE ${table} ADD COLUMN organization_id integer NULL`);
        await knex.raw(`CREATE INDEX ${table}_organization_id_index ON ${table} (organization_id)`);
      }
    }
    await everyAddressAnOrganisationOfOne(knex);
  },
  async down(knex) {
    for (const table of ['submissions', 'listing_credits']) {
      if (isPostgres(knex)) {
        await knex.schema.alterTable(table, (t) => {
          t.dropIndex(['organization_id']);
          t.dropForeign(['organization_id']);
          t.dropColumn('organization_id');
        });
      } else {
        await knex.raw(`DROP INDEX ${table}_organization_id_index`);
        await knex.raw(`ALTER TABLE ${table} DROP COLUMN organization_id`);
      }
    }
    await knex.schema.dropTable('organization_history');
    await knex.schema.dropTable('organization_invites');
    await knex.schema.dropTable('organization_members');
    await knex.schema.dropTable('organizations');
  },
} satisfies Migration;

/** A row of an organisation's own: its id, and the organisation's (gone with it). */
function ofOrganization(t: Knex.CreateTableBuilder) {
  t.increments('id');
  t.integer('organization_id')
    .notNullable()
    .references('id')
    .inTable('organizations')
    .onDelete('CASCADE');
}

/** The key an address is known by (contract emailKey, copied: a migration stays as written). */
const keyOf = (address: string) => address.trim().toLowerCase();

const CHUNK = 400;

async function everyAddressAnOrganisationOfOne(knex: Knex) {
  const now = Date.now();
  const submissions: {
    id: number;
    contact_email: string;
    organization: string;
  }[] = await knex('submissions')
    .select('id', 'contact_email', 'organization')
    .orderBy('submitted_at')
    .orderBy('id');
  const byAddress = new Map<string, { ids: number[]; name: string }>();
  for (const row of submissions) {
    const key = keyOf(String(row.contact_email ?? ''));
    if (!key) continue;
    const entry = byAddress.get(key) ?? { ids: [], name: '' };
    entry.ids.push(Number(row.id));
    // Oldest first: the last one seen is the latest submission's organisation.
    if (String(row.organization ?? '').trim()) entry.name = String(row.organization).trim();
    byAddress.set(key, entry);
  }
  const credited: { contact_email: string }[] = await knex('listing_credits')
    .distinct('contact_email')
    .select();
  const creditColumns = new Map<string, string[]>();
  for (const { contact_email } of credited) {
    const key = keyOf(String(contact_email ?? ''));
    if (!key) continue;
    if (!byAddress.has(key)) byAddress.set(key, { ids: [], name: '' });
    creditColumns.set(key, [...(creditColumns.get(key) ?? []), String(contact_email)]);
  }
  const companies: { id: number; name: string }[] = await knex('companies').select('id', 'name');
  const companyByName = new Map<string, number>();
  for (const company of companies) {
    const folded = company.name.trim().toLowerCase();
    if (!companyByName.has(folded)) companyByName.set(folded, Number(company.id));
  }
  for (const [key, { ids, name }] of byAddress) {
    const orgName = (name || key).slice(0, 300);
    const [inserted] = await knex('organizations')
      .insert({
        name: orgName,
        company_id: companyByName.get(orgName.toLowerCase()) ?? null,
        domain_join: false,
        created_at: now,
      })
      .returning('id');
    const id = Number(typeof inserted === 'object' ? inserted.id : inserted);
    await knex('organization_members').insert({
      organization_id: id,
      email_key: key,
      role: 'owner',
      joined_at: now,
    });
    await knex('organization_history').insert({
      organization_id: id,
      at: now,
      actor: 'system',
      action: 'created',
      subject: key,
      detail: `An organisation of one for ${key}, its ${ids.length} listing(s) and credits (the upgrade to teams)`,
    });
    for (let i = 0; i < ids.length; i += CHUNK) {
      await knex('submissions')
        .whereIn('id', ids.slice(i, i + CHUNK))
        .update({ organization_id: id });
    }
    // Compared as stored (SQLite's lower() folds ASCII only): each spelling of this address.
    const stored = creditColumns.get(key) ?? [];
    if (stored.length) {
      await knex('listing_credits')
        .whereIn('contact_email', stored)
        .update({ organization_id: id });
    }
  }
}
