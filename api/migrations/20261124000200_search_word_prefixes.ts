import { isPostgres, type Migration } from './migration';

/**
 * Every search term is a word prefix ('develop' finds 'developer'). Both databases answered a
 * prefix by merging the lists of every word that starts with it, on every search: about 2 ms on
 * SQLite and 40 ms on PostgreSQL for a two-word search at 100,000 jobs. Now the prefixes are in
 * the index itself, up to WORD_PREFIX_LENGTH characters (longer terms are rare and narrow, and
 * still match by merging), so a term is found like a whole word.
 *
 * SQLite: FTS5 prefix indexes of 1 to 12 characters (the table is rebuilt with its rows: FTS5
 * options cannot be altered). PostgreSQL: `search_prefixes` and `title_prefixes`, vectors of every
 * word's prefixes generated from the text, each with a GIN index; they replace the indexes on
 * `search_vector` and on the title's vector. src/jobs/search-index holds the matching queries.
 */
const WORD_PREFIX_LENGTH = 12;

const SQLITE_COLUMNS = 'title, organization, description, locations';
const TOKENIZER = `tokenize = 'unicode61 remove_diacritics 2'`;

export default {
  name: '20261124000200_search_word_prefixes',
  async up(knex) {
    if (!isPostgres(knex)) {
      const lengths = Array.from({ length: WORD_PREFIX_LENGTH }, (_, i) => i + 1).join(' ');
      await rebuildFts(knex, `prefix = '${lengths}'`);
      return;
    }
    // Each word of a vector, with its prefixes of 1 to WORD_PREFIX_LENGTH characters.
    await knex.raw(`
      CREATE FUNCTION jobboard_word_prefixes(v tsvector) RETURNS tsvector
      LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
        SELECT array_to_tsvector(coalesce(array_agg(DISTINCT prefix), '{}'::text[]))
        FROM unnest(tsvector_to_array(v)) AS word
        CROSS JOIN LATERAL (
          SELECT left(word, n) AS prefix
          FROM generate_series(1, least(length(word), ${WORD_PREFIX_LENGTH})) AS n
          UNION ALL SELECT word
        ) AS prefixes
      $$`);
    await knex.raw(`ALTER TABLE jobs
      ADD COLUMN search_prefixes tsvector
        GENERATED ALWAYS AS (jobboard_word_prefixes(search_vector)) STORED,
      ADD COLUMN title_prefixes tsvector
        GENERATED ALWAYS AS (jobboard_word_prefixes(to_tsvector('simple', title))) STORED`);
    await knex.raw('CREATE INDEX jobs_search_prefixes_idx ON jobs USING GIN (search_prefixes)');
    await knex.raw('CREATE INDEX jobs_title_prefixes_idx ON jobs USING GIN (title_prefixes)');
    await knex.raw('DROP INDEX IF EXISTS jobs_search_vector_idx');
    await knex.raw('DROP INDEX IF EXISTS jobs_title_search_idx');
    await knex.raw('ANALYZE jobs');
  },
  async down(knex) {
    if (!isPostgres(knex)) {
      await rebuildFts(knex, `prefix = '1 2 3'`);
      return;
    }
    await knex.raw('CREATE INDEX jobs_search_vector_idx ON jobs USING GIN (search_vector)');
    await knex.raw(
      "CREATE INDEX jobs_title_search_idx ON jobs USING GIN (to_tsvector('simple', title))",
    );
    await knex.raw('ALTER TABLE jobs DROP COLUMN search_prefixes, DROP COLUMN title_prefixes');
    await knex.raw('DROP FUNCTION jobboard_word_prefixes(tsvector)');
  },
} satisfies Migration;

async function rebuildFts(knex: Parameters<Migration['up']>[0], options: string) {
  await knex.raw('ALTER TABLE jobs_fts RENAME TO jobs_fts_old');
  await knex.raw(
    `CREATE VIRTUAL TABLE jobs_fts USING fts5(${SQLITE_COLUMNS}, ${TOKENIZER}, ${options})`,
  );
  await knex.raw(
    `INSERT INTO jobs_fts (rowid, ${SQLITE_COLUMNS}) SELECT rowid, ${SQLITE_COLUMNS} FROM jobs_fts_old`,
  );
  await knex.raw('DROP TABLE jobs_fts_old');
}
