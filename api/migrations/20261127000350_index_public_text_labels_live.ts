import { isPostgres, type Migration } from './migration';

/**
 * PostgreSQL: the GIN indexes the public search reads (the text and title prefixes, migration
 * 20261124000200; the location and category arrays, 20261127000310 and 20261127000320) rebuilt
 * `WHERE NOT archived` (migration 20261127000330): a term's match holds only live jobs, so the
 * rows a search visits do not grow with the archive. Only the public search uses them (it always
 * says `NOT jobs.archived`). SQLite's FTS5 table has no such filter: its search drives from the
 * sort-order indexes, which lead with `archived` (20261127000340).
 */
const INDEXES = [
  ['jobs_search_prefixes_idx', 'search_prefixes'],
  ['jobs_title_prefixes_idx', 'title_prefixes'],
  ['jobs_location_ids_idx', 'location_ids'],
  ['jobs_category_ids_idx', 'category_ids'],
] as const;

async function build(knex: Parameters<Migration['up']>[0], where: string) {
  for (const [name, column] of INDEXES) {
    await knex.raw(`DROP INDEX IF EXISTS ${name}`);
    await knex.raw(`CREATE INDEX ${name} ON jobs USING GIN (${column})${where}`);
  }
  await knex.raw('ANALYZE jobs');
}

export default {
  name: '20261127000350_index_public_text_labels_live',
  async up(knex) {
    if (isPostgres(knex)) await build(knex, ' WHERE NOT archived');
  },
  async down(knex) {
    if (isPostgres(knex)) await build(knex, '');
  },
} satisfies Migration;
