import type { Migration } from './migration';

/** Every change of a submission's state: from, to, who and when. */
export default {
  name: '20261122001000_create_submission_events',
  async up(knex) {
    await knex.schema.createTable('submission_events', (t) => {
      t.increments('id');
      t.integer('submission_id')
        .notNullable()
        .references('id')
        .inTable('submissions')
        .onDelete('CASCADE');
      t.string('from_status', 30).nullable();
      t.string('to_status', 30).notNullable();
      t.integer('admin_id').nullable().references('id').inTable('admins').onDelete('SET NULL');
      t.string('actor', 120).notNullable(); // 'admin:<username>', 'stripe', 'employer', 'system'
      t.text('note').nullable();
      t.bigInteger('created_at').notNullable();
      t.index(['submission_id']);
    });
  },
  async down(knex) {
    await knex.schema.dropTable('submission_events');
  },
} satisfies Migration;
