import type { Knex } from 'knex';

/**
 * A migration of a release newer than this build, applied by knex as that release would: the
 * database is then ahead of the migrations this build knows (a rollback). Expand only, as
 * docs/decisions/expand-contract-migrations.md asks: a new nullable column and a new table.
 */
export const FUTURE_MIGRATION = '29991231000100_future_release_expands';

const future = {
  name: FUTURE_MIGRATION,
  async up(knex: Knex) {
    await knex.schema.alterTable('jobs', (table) => table.text('future_note').nullable());
    await knex.schema.createTable('future_things', (table) => {
      table.increments('id');
      table.text('label').notNullable();
    });
  },
  async down(knex: Knex) {
    await knex.schema.dropTable('future_things');
    await knex.schema.alterTable('jobs', (table) => table.dropColumn('future_note'));
  },
};

export async function applyFutureMigration(db: Knex): Promise<void> {
  await db.migrate.up({
    migrationSource: {
      getMigrations: async () => [future],
      getMigrationName: (migration: typeof future) => migration.name,
      getMigration: async (migration: typeof future) => migration,
    },
    // This source holds the newer release's one migration, not the ones applied before it.
    disableMigrationsListValidation: true,
  });
}
