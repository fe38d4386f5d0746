import type { Migration } from './migration';

/**
 * Social posting (issue 44): each new listing goes out once to every channel that is on.
 *
 * - `social_channels`: one row per channel an admin has set (on or off, its template, when it was
 *   last turned on); a channel never set is off, with the contract's default template.
 * - `social_posts`: one row per listing and channel (unique: however many processes or runs, a
 *   listing is queued once per channel), queued in the transaction that makes the listing live,
 *   then sent, retried with back-off, and deleted where the network allows once the listing
 *   closes. The texts are `text` (no width: a post, an error or an address of any network fits
 *   on both databases alike).
 * - `social_lease`: one run of the sender at a time in any number of processes.
 */
export default {
  name: '20261129142000_social_posts',
  async up(knex) {
    await knex.schema.createTable('social_channels', (t) => {
      t.string('channel', 16).primary();
      t.boolean('enabled').notNullable().defaultTo(false);
      t.text('template').notNullable();
      t.bigInteger('enabled_at').nullable();
      t.text('updated_by').nullable();
      t.bigInteger('updated_at').nullable();
    });
    await knex.schema.createTable('social_posts', (t) => {
      t.increments('id').primary();
      t.integer('job_id').notNullable();
      t.string('channel', 16).notNullable();
      t.string('status', 16).notNullable();
      t.text('job_title').notNullable();
      t.text('text').notNullable().defaultTo('');
      t.text('remote_id').nullable();
      t.text('remote_url').nullable();
      t.integer('attempts').notNullable().defaultTo(0);
      t.bigInteger('next_attempt_at').notNullable();
      t.text('last_error').nullable();
      t.bigInteger('created_at').notNullable();
      t.bigInteger('posted_at').nullable();
      t.bigInteger('closed_at').nullable();
      t.bigInteger('removed_at').nullable();
      t.unique(['job_id', 'channel']);
      // The sender's read: what is due, by state.
      t.index(['status', 'next_attempt_at']);
    });
    await knex.schema.createTable('social_lease', (t) => {
      t.string('name', 40).primary();
      t.string('holder', 64).nullable();
      t.bigInteger('expires_at').nullable();
      t.bigInteger('last_finished_at').nullable();
    });
    await knex('social_lease').insert({ name: 'social-posts' });
  },
  async down(knex) {
    await knex.schema.dropTable('social_lease');
    await knex.schema.dropTable('social_posts');
    await knex.schema.dropTable('social_channels');
  },
} satisfies Migration;
