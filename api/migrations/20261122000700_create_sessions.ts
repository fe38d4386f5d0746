import type { Migration } from './migration';

export default {
  name: '20261122000700_create_sessions',
  async up(knex) {
    await knex.schema.createTable('sessions', (t) => {
      t.string('sid', 128).primary();
      t.text('data').notNullable();
      t.bigInteger('expires_at').notNullable(); // idle timeout, pushed forward on use
      t.bigInteger('absolute_expires_at').notNullable(); // never pushed forward
      t.bigInteger('created_at').notNullable();
      t.index(['expires_at']);
    });
  },
  async down(knex) {
    await knex.schema.dropTable('sessions');
  },
} satisfies Migration;
