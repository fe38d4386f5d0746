import type { Migration } from './migration';

/**
 * An admin's recovery codes: ten at a time, each good for one sign-in without the code app.
 * Only a SHA-256 of each is kept (the codes carry 80 random bits, so a fast hash is enough).
 */
export default {
  name: '20261126140310_create_admin_recovery_codes',
  async up(knex) {
    await knex.schema.createTable('admin_recovery_codes', (t) => {
      t.increments('id');
      t.integer('admin_id').notNullable().references('id').inTable('admins').onDelete('CASCADE');
      t.string('code_hash', 64).notNullable();
      t.bigInteger('created_at').notNullable();
      t.bigInteger('used_at').nullable();
      t.unique(['admin_id', 'code_hash']);
    });
  },
  async down(knex) {
    await knex.schema.dropTable('admin_recovery_codes');
  },
} satisfies Migration;
