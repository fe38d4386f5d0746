import type { Migration } from './migration';

/**
 * One budget of typo fixes per listing between reviews (issue 43, finding 2;
 * api/src/proposals/typo-budget.ts). A typo fix that went live records where its chain started:
 * `typo_reviewed`, the long texts as last reviewed (JSON), and `typo_after`, the SHA-256 (hex) of
 * the texts it left. Null on every other proposal.
 */
export default {
  name: '20261129134100_typo_fix_chains',
  async up(knex) {
    await knex.schema.alterTable('job_proposals', (t) => {
      t.text('typo_reviewed').nullable();
      t.string('typo_after', 64).nullable();
    });
  },
  async down(knex) {
    await knex.raw('ALTER TABLE job_proposals DROP COLUMN typo_after');
    await knex.raw('ALTER TABLE job_proposals DROP COLUMN typo_reviewed');
  },
} satisfies Migration;
