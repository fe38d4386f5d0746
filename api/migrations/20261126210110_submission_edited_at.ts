import type { Migration } from './migration';

/**
 * When the employer last edited their submission before approval (epoch ms; null: never): the
 * admin queue and the submission view say 'Edited by the employer on <date>' (issue 30).
 */
export default {
  name: '20261126210110_submission_edited_at',
  async up(knex) {
    await knex.schema.alterTable('submissions', (t) => {
      t.bigInteger('edited_at').nullable();
    });
  },
  async down(knex) {
    await knex.raw('ALTER TABLE submissions DROP COLUMN edited_at');
  },
} satisfies Migration;
