import type { Migration } from './migration';

/**
 * An admin's one-time code app (TOTP, RFC 6238): the secret being enrolled (shown once, until a
 * code from it confirms it), the enrolled secret (never answered again), when it was enrolled, and
 * the last time step a code was accepted for, so a code cannot be used twice in its window.
 */
export default {
  name: '20261126140300_admin_totp',
  async up(knex) {
    await knex.schema.alterTable('admins', (t) => {
      t.string('totp_pending_secret', 64).nullable();
      t.string('totp_secret', 64).nullable();
      t.bigInteger('totp_enabled_at').nullable();
      t.bigInteger('totp_last_step').nullable();
    });
  },
  async down(knex) {
    // Plain DROP COLUMNs on both databases (no table rebuild on SQLite).
    for (const column of [
      'totp_last_step',
      'totp_enabled_at',
      'totp_secret',
      'totp_pending_secret',
    ]) {
      await knex.raw(`ALTER TABLE admins DROP COLUMN ${column}`);
    }
  },
} satisfies Migration;
