import type { Migration } from './migration';

/**
 * The admins' settings (issue 30: 'Let employers fix typos without review'): one row per key,
 * its value as JSON; a key never saved has the contract's default (DEFAULT_SETTINGS). Who saved
 * it last ('admin:<username>') and when (epoch ms).
 */
export default {
  name: '20261126220110_create_settings',
  async up(knex) {
    await knex.schema.createTable('settings', (t) => {
      t.string('key', 100).primary();
      t.text('value').notNullable();
      t.string('updated_by', 200).notNullable();
      t.bigInteger('updated_at').notNullable();
    });
  },
  async down(knex) {
    await knex.schema.dropTable('settings');
  },
} satisfies Migration;
