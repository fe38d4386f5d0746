import type { Migration } from './migration';

/**
 * Reports of listings (issue 45, docs/product.md#reports).
 *
 * `listing_reports`: one row per report of a live listing: its reason, the reporter's note
 * (varchar 1000, REPORT_LIMITS.note) and address (varchar 254, for the outcome e-mail only:
 * cleared once the report is decided), its status ('open', then 'kept' or 'taken_down') and who
 * decided when. `open_client` tells independent reporters apart while the report is open: the
 * HMAC-SHA256 of the reporter's client key (an IPv4 address, an IPv6 /64) under the server's
 * SESSION_SECRET, never the address itself, and null once the report is decided. Unique with the
 * job: one open report per client and listing (NULLs are distinct on both databases, so decided
 * reports never collide).
 *
 * `reported_listings`: one row per reported listing. Every report writes it first, which holds
 * the listing's other reports back until its transaction ends (the threshold is counted once per
 * listing at a time, on PostgreSQL too); `hidden_at` and `hidden_by` say when and by whom the
 * reports took it off the board ('system' for the threshold, 'admin:<name>'), and `switched_off`
 * whether that hiding switched it off (a listing already off for another reason is not switched
 * on by a restore).
 *
 * Both go with their job when an admin deletes it (a report never deletes a listing).
 */
export default {
  name: '20261129150000_listing_reports',
  async up(knex) {
    await knex.schema.createTable('listing_reports', (t) => {
      t.increments('id');
      t.integer('job_id').notNullable().references('id').inTable('jobs').onDelete('CASCADE');
      t.string('reason', 24).notNullable();
      t.string('note', 1000).notNullable().defaultTo('');
      t.string('email', 254).nullable();
      t.string('open_client', 64).nullable();
      t.string('status', 16).notNullable().defaultTo('open');
      t.bigInteger('created_at').notNullable();
      t.bigInteger('decided_at').nullable();
      // 'admin:' and a username of up to 100 characters.
      t.string('decided_by', 120).nullable();
      t.unique(['job_id', 'open_client']);
      // The queue's read: the open reports.
      t.index(['status', 'job_id']);
    });
    await knex.schema.createTable('reported_listings', (t) => {
      t.integer('job_id').primary().references('id').inTable('jobs').onDelete('CASCADE');
      t.bigInteger('hidden_at').nullable();
      t.string('hidden_by', 120).nullable();
      t.boolean('switched_off').notNullable().defaultTo(false);
      t.bigInteger('updated_at').notNullable();
    });
  },
  async down(knex) {
    await knex.schema.dropTable('reported_listings');
    await knex.schema.dropTable('listing_reports');
  },
} satisfies Migration;
