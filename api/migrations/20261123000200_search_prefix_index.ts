import { isPostgres, type Migration } from './migration';

const COLUMNS = 'title, organization, description, locations';
const TOKENIZER = `tokenize = 'unicode61 remove_diacritics 2'`;

/**
 * SQLite only: FTS5 answers a word prefix by merging the lists of every word that starts with it,
 * which for one to three letters ('c', 'co', 'dev') is most of the vocabulary. A prefix index keeps
 * those lists ready. FTS5 options cannot be altered, so the table is rebuilt with its rows.
 * (PostgreSQL's GIN index answers prefixes from its sorted keys already.)
 */
export default {
  name: '20261123000200_search_prefix_index',
  async up(knex) {
    if (isPostgres(knex)) return;
    await rebuild(knex, `prefix = '1 2 3'`);
  },
  async down(knex) {
    if (isPostgres(knex)) return;
    await rebuild(knex, '');
  },
} satisfies Migration;

async function rebuild(knex: Parameters<Migration['up']>[0], options: string) {
  await knex.raw('ALTER TABLE jobs_fts RENAME TO jobs_fts_old');
  await knex.raw(
    `CREATE VIRTUAL TABLE jobs_fts USING fts5(${COLUMNS}, ${TOKENIZER}${options ? `, ${options}` : ''})`,
  );
  await knex.raw(
    `INSERT INTO jobs_fts (rowid, ${COLUMNS}) SELECT rowid, ${COLUMNS} FROM jobs_fts_old`,
  );
  await knex.raw('DROP TABLE jobs_fts_old');
}
