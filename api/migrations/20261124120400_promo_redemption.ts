import type { Migration } from './migration';

/**
 * Whether a submission's promo code has been counted: null (no code, or not yet), 'redeemed'
 * (counted, once, when its payment started) or 'used_up' (the code's last redemption went to
 * another listing first, so its discount was taken off this one). Submissions paid before this
 * change were counted at payment: they are marked redeemed.
 */
export default {
  name: '20261124120400_promo_redemption',
  async up(knex) {
    await knex.schema.alterTable('submissions', (t) => {
      t.string('promo_redemption', 20).nullable();
    });
    await knex('submissions')
      .whereNotNull('promo_code_id')
      .where({ status: 'paid' })
      .update({ promo_redemption: 'redeemed' });
  },
  async down(knex) {
    await knex.raw('ALTER TABLE submissions DROP COLUMN promo_redemption');
  },
} satisfies Migration;
