import type { Migration } from './migration';

/**
 * An admin's credentials version (issue 43, finding 6): one more each time their password is set
 * or their two-factor sign-in turned on or off (by them or `jobboard admin reset-2fa`). A sign-in
 * waiting for its code records the version it saw at the password step, and the code step refuses
 * it when the version moved since: a password change ends a half-finished sign-in made with the old
 * one. A counter rather than a time: two changes in one millisecond still differ.
 */
export default {
  name: '20261129130000_admin_credentials_version',
  async up(knex) {
    await knex.schema.alterTable('admins', (t) => {
      t.integer('credentials_version').notNullable().defaultTo(0);
    });
  },
  async down(knex) {
    await knex.raw('ALTER TABLE admins DROP COLUMN credentials_version');
  },
} satisfies Migration;
