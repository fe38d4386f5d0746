import type { Knex } from 'knex';
import { chunks, type SearchIndex } from './search-index';

/**
 * PostgreSQL `jobs.search_vector`, weighted A (title) to D (description). The 'simple' configuration
 * (no stemming, no stop words) matches what FTS5's unicode61 tokenizer does, so both databases find
 * the same jobs for the same words.
 */
export const postgresSearchIndex: SearchIndex = {
  async reindex(db, jobIds) {
    for (const ids of chunks(jobIds)) {
      await db.raw(
        `UPDATE jobs j SET search_vector =
             setweight(to_tsvector('simple', j.title), 'A')
          || setweight(to_tsvector('simple', c.name), 'B')
          || setweight(to_tsvector('simple', COALESCE((
               SELECT string_agg(l.name, ' ') FROM job_locations jl
               JOIN locations l ON l.id = jl.location_id WHERE jl.job_id = j.id), '')), 'C')
          || setweight(to_tsvector('simple', j.description), 'D')
         FROM companies c
         WHERE c.id = j.company_id AND j.id = ANY(?)`,
        [ids],
      );
    }
  },

  async remove() {
    // The vector lives on the job row and goes with it.
  },

  match(query: Knex.QueryBuilder, terms: string[]) {
    const tsquery = terms.map((t) => `${t}:*`).join(' & ');
    query.whereRaw(`jobs.search_vector @@ to_tsquery('simple', ?)`, [tsquery]);
    return {
      sql: `ts_rank(jobs.search_vector, to_tsquery('simple', ?)) DESC`,
      bindings: [tsquery],
    };
  },
};
