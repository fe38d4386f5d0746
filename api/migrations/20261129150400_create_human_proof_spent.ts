import type { Migration } from './migration';

/**
 * The spam check's spent solutions (issue 45): one row per solved challenge a form was sent with,
 * keyed by the challenge's nonce (32 hex digits), kept until the challenge's end (`expires_at`,
 * epoch ms), when a purge removes it. The primary key is the refusal of a replay: of two requests
 * with the same solution, in one process or two, one insert wins.
 */
export default {
  name: '20261129150400_create_human_proof_spent',
  async up(knex) {
    await knex.schema.createTable('human_proof_spent', (t) => {
      t.string('nonce', 64).primary();
      t.bigInteger('expires_at').notNullable();
      // The purge's read.
      t.index(['expires_at']);
    });
  },
  async down(knex) {
    await knex.schema.dropTable('human_proof_spent');
  },
} satisfies Migration;
