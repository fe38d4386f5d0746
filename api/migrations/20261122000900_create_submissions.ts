import type { Migration } from './migration';

/**
 * A submission keeps what the employer sent as sent (categories as a JSON array: a snapshot that
 * is never queried by category), plus the review and payment state.
 */
export default {
  name: '20261122000900_create_submissions',
  async up(knex) {
    await knex.schema.createTable('submissions', (t) => {
      t.increments('id');
      t.string('title', 300).notNullable();
      t.string('organization', 300).notNullable();
      t.text('description').notNullable();
      t.string('location', 300).notNullable();
      t.text('categories').notNullable().defaultTo('[]');
      t.string('job_type', 40).notNullable();
      t.string('experience_level', 40).notNullable().defaultTo('Not specified');
      t.integer('salary_min').nullable();
      t.integer('salary_max').nullable();
      t.string('application_url', 2000).notNullable();
      t.string('deadline', 60).nullable();
      t.string('contact_name', 200).notNullable();
      t.string('contact_email', 320).notNullable();
      t.string('listing_type', 20).notNullable(); // 'basic' | 'featured'
      t.string('promo_code', 40).nullable();
      t.integer('promo_code_id')
        .nullable()
        .references('id')
        .inTable('promo_codes')
        .onDelete('SET NULL');
      t.integer('amount_cents').notNullable();
      t.string('status', 30).notNullable().defaultTo('pending_review');
      t.text('review_notes').nullable();
      t.bigInteger('status_changed_at').nullable();
      t.integer('status_changed_by')
        .nullable()
        .references('id')
        .inTable('admins')
        .onDelete('SET NULL');
      t.integer('job_id').nullable().references('id').inTable('jobs').onDelete('SET NULL');
      // Only a hash of the payment token is stored: a database leak does not leak pay links.
      t.string('payment_token_hash', 64).nullable().unique();
      t.bigInteger('payment_token_created_at').nullable();
      t.bigInteger('paid_at').nullable();
      t.bigInteger('submitted_at').notNullable();
      t.bigInteger('updated_at').notNullable();
      t.index(['status', 'submitted_at']);
      t.index(['contact_email']);
    });
  },
  async down(knex) {
    await knex.schema.dropTable('submissions');
  },
} satisfies Migration;
