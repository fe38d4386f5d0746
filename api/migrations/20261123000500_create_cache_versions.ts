import type { Migration } from './migration';

/**
 * A version number per kind of cached data, raised in the same transaction as every change to it.
 * Each API process keeps public reads in memory and compares this number (at most once a second),
 * so a change made through one process reaches the caches of the others within that second.
 */
export default {
  name: '20261123000500_create_cache_versions',
  async up(knex) {
    await knex.schema.createTable('cache_versions', (t) => {
      t.string('name', 40).primary();
      t.bigInteger('version').notNullable().defaultTo(0);
    });
    await knex('cache_versions').insert({ name: 'jobs', version: 0 });
  },
  async down(knex) {
    await knex.schema.dropTable('cache_versions');
  },
} satisfies Migration;
