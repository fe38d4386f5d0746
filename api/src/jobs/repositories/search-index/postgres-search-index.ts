import { chunks } from '../../../platform/db/chunks';
import type { SearchIndex, TextFields } from './search-index';

/**
 * Words up to this length are indexed with each of their prefixes (migration
 * 20261124000200_search_word_prefixes, which fixes the same length), so such a term is looked up
 * as a word; a longer term is matched as a prefix (`:*`).
 */
export const WORD_PREFIX_LENGTH = 12;

/** A tsquery: every term, as a word prefix. */
export function tsQuery(terms: string[]): string {
  return terms.map((t) => (t.length <= WORD_PREFIX_LENGTH ? t : `${t}:*`)).join(' & ');
}

/**
 * The vector each set of fields is matched against: every word of the job (title, organization,
 * locations, description) or of its title alone, with their prefixes, each with a GIN index. The
 * same column answers both the set (through its index) and the check on a row already read.
 */
const VECTOR: Record<TextFields, string> = {
  all: 'jobs.search_prefixes',
  title: 'jobs.title_prefixes',
};

/**
 * PostgreSQL `jobs.search_vector`, weighted A (title), B (organization), C (locations) and D
 * (description), from which the database generates the prefix vectors searched (VECTOR). The
 * 'simple' configuration (no stemming, no stop words) matches what FTS5's unicode61 tokenizer
 * does, so both databases find the same jobs for the same words.
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

  idsMatching(db, terms, fields) {
    // Live jobs only: the GIN indexes leave archived jobs out (archive.ts), and every use of the
    // set is for the public search.
    return db('jobs')
      .select('jobs.id')
      .whereRaw(`${VECTOR[fields]} @@ to_tsquery('simple', ?)`, [tsQuery(terms)])
      .whereRaw('jobs.archived = false');
  },

  condition(db, terms, fields) {
    return db.raw(`${VECTOR[fields]} @@ to_tsquery('simple', ?)`, [tsQuery(terms)]);
  },
};
