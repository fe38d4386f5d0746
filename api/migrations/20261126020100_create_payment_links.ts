import type { Migration } from './migration';

/**
 * Every pay link of a submission (issue 25): a new link no longer ends the ones already e-mailed.
 * Each row is one link (only the SHA-256 hash of its token, as before), valid until it expires,
 * the submission is paid, or an admin revokes the submission's links (`revoked_at`, `revoked_by`).
 *
 * The link each submission has now (its `payment_token_hash`) is copied in, so the links already
 * e-mailed keep working until their own end. The submission's columns stay, holding the newest
 * link, for a release that still reads them; a later migration may drop them.
 */
export default {
  name: '20261126020100_create_payment_links',
  async up(knex) {
    await knex.schema.createTable('payment_links', (t) => {
      t.increments('id');
      t.integer('submission_id')
        .notNullable()
        .references('id')
        .inTable('submissions')
        .onDelete('CASCADE');
      t.string('token_hash', 64).notNullable().unique();
      t.bigInteger('created_at').notNullable();
      t.bigInteger('expires_at').notNullable();
      t.string('created_by', 120).notNullable(); // 'admin:<username>', 'system'
      t.bigInteger('revoked_at').nullable();
      t.string('revoked_by', 120).nullable();
      t.index(['submission_id']);
    });
    const existing: {
      id: number;
      payment_token_hash: string;
      payment_token_created_at: number | string | null;
      payment_token_expires_at: number | string | null;
      updated_at: number | string;
    }[] = await knex('submissions')
      .whereNotNull('payment_token_hash')
      .select(
        'id',
        'payment_token_hash',
        'payment_token_created_at',
        'payment_token_expires_at',
        'updated_at',
      );
    const rows = existing.map((row) => {
      const createdAt = Number(row.payment_token_created_at ?? row.updated_at);
      return {
        submission_id: row.id,
        token_hash: row.payment_token_hash,
        created_at: createdAt,
        // 20261124120200 gave every stored link an end; one without is treated as ended.
        expires_at: Number(row.payment_token_expires_at ?? createdAt),
        created_by: 'system',
      };
    });
    for (let i = 0; i < rows.length; i += 100) {
      await knex('payment_links').insert(rows.slice(i, i + 100));
    }
  },
  async down(knex) {
    await knex.schema.dropTable('payment_links');
  },
} satisfies Migration;
