import { createHash } from 'node:crypto';
import type { Migration } from './migration';

/**
 * Store only a SHA-256 hash of each payment token again, as `create_submissions` first did: a
 * database copy (a backup, a leak) must not be a set of working pay links. The tokens already
 * stored are hashed here, so the links already e-mailed keep working. "Generate Payment Link"
 * now issues a fresh link instead of showing the old one (a hash cannot be shown again).
 *
 * The hash is written here, not imported from src/payments/payment-tokens.ts, so this migration
 * does the same thing whatever that module becomes; the two must agree (hex SHA-256 of the token).
 */
export default {
  name: '20261124120100_hash_payment_tokens',
  async up(knex) {
    await knex.schema.alterTable('submissions', (t) => {
      t.renameColumn('payment_token', 'payment_token_hash');
    });
    const rows: { id: number; payment_token_hash: string }[] = await knex('submissions')
      .whereNotNull('payment_token_hash')
      .select('id', 'payment_token_hash');
    for (const row of rows) {
      const hash = createHash('sha256').update(row.payment_token_hash).digest('hex');
      await knex('submissions').where({ id: row.id }).update({ payment_token_hash: hash });
    }
  },
  async down(knex) {
    // A hash cannot be turned back into its token: the links die, and admins issue new ones.
    await knex('submissions').update({ payment_token_hash: null });
    await knex.schema.alterTable('submissions', (t) => {
      t.renameColumn('payment_token_hash', 'payment_token');
    });
  },
} satisfies Migration;
