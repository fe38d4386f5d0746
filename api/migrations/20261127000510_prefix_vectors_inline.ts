import { isPostgres, type Migration } from './migration';

/**
 * PostgreSQL: a job's prefix vectors (`search_prefixes`, `title_prefixes`, migration
 * 20261124000200) are kept in its row (`STORAGE MAIN`) rather than moved to the TOAST table. A
 * public search that reads jobs in a sort order and tests each one's words (a broad term: the
 * planner walks the order's index for the first rows, and counts the same way up to the cap) then
 * reads the vector with the row: out of line, every job tested cost a look-up in the TOAST index
 * and its pages, five buffers a job ('nonprofit' at 100,000 jobs: 10,272 buffers to count to the
 * cap; inline: about half over the bench's searches). The live jobs are rewritten so they take the
 * new storage now (the generated vectors are computed again as the row is written); archived ones
 * take it when next written, and no public search reads them.
 */
export default {
  name: '20261127000510_prefix_vectors_inline',
  async up(knex) {
    if (!isPostgres(knex)) return;
    await knex.raw(`ALTER TABLE jobs ALTER COLUMN search_prefixes SET STORAGE MAIN,
                                     ALTER COLUMN title_prefixes SET STORAGE MAIN`);
    await knex.raw('UPDATE jobs SET search_vector = search_vector WHERE NOT archived');
  },
  async down(knex) {
    if (!isPostgres(knex)) return;
    await knex.raw(`ALTER TABLE jobs ALTER COLUMN search_prefixes SET STORAGE EXTENDED,
                                     ALTER COLUMN title_prefixes SET STORAGE EXTENDED`);
  },
} satisfies Migration;
