import type { Migration } from './migration';

/** Further listings a Multiples Listing buyer may publish without paying again. */
export default {
  name: '20261122001400_create_listing_credits',
  async up(knex) {
    await knex.schema.createTable('listing_credits', (t) => {
      t.increments('id');
      t.string('contact_email', 320).notNullable(); // lower-case
      t.integer('source_submission_id')
        .notNullable()
        .unique()
        .references('id')
        .inTable('submissions')
        .onDelete('CASCADE');
      t.integer('remaining').notNullable();
      t.bigInteger('created_at').notNullable();
      t.index(['contact_email']);
    });
  },
  async down(knex) {
    await knex.schema.dropTable('listing_credits');
  },
} satisfies Migration;
