import type { Migration } from './migration';

/**
 * A Multiples Listing credit is spent only when the owner of the address asked for it (issue 43,
 * finding 14): `credit_requested_at` is when the signed-in employer pressed 'Use a credit' on the
 * listing in review (a sign-in link proved the address is theirs), null until then. Anyone can type
 * a buyer's address into the public form, so the admin's approval alone never spends one.
 */
export default {
  name: '20261129134000_credit_requests',
  async up(knex) {
    await knex.schema.alterTable('submissions', (t) => {
      t.bigInteger('credit_requested_at').nullable();
    });
  },
  async down(knex) {
    await knex.raw('ALTER TABLE submissions DROP COLUMN credit_requested_at');
  },
} satisfies Migration;
