import type { Migration } from './migration';

/**
 * A company points at its stored logo (`logos.hash`, null: none yet), and remembers the address
 * whose fetch failed last (`logo_failed_url`), so that address is tried again only when a sync or an
 * edit gives it again, not on every change of the board. Companies already on the board have no
 * stored logo until it is fetched (`jobboard logos fetch`): they show none rather than hot-link it.
 */
export default {
  name: '20261126150110_companies_logo_hash',
  async up(knex) {
    await knex.schema.alterTable('companies', (t) => {
      t.string('logo_hash', 64).nullable();
      t.string('logo_failed_url', 2000).nullable();
    });
  },
  async down(knex) {
    // A plain DROP COLUMN on both databases (no table rebuild on SQLite).
    await knex.raw('ALTER TABLE companies DROP COLUMN logo_failed_url');
    await knex.raw('ALTER TABLE companies DROP COLUMN logo_hash');
  },
} satisfies Migration;
