import { chunks, type SearchIndex, type TextFields } from './search-index';

/** A tsquery: every term as a word prefix. */
export function tsQuery(terms: string[]): string {
  return terms.map((t) => `${t}:*`).join(' & ');
}

/**
 * The vector a match looks in: the stored one for everything, or the title's own, which has an
 * index (and statistics) of its own (migration 20261123000400): the weights inside `search_vector`
 * would find the same jobs, but the planner cannot estimate how few.
 */
const VECTORS: Record<TextFields, string> = {
  all: 'jobs.search_vector',
  title: "to_tsvector('simple', jobs.title)",
};

/**
 * PostgreSQL `jobs.search_vector`, weighted A (title), B (organization), C (locations) and D
 * (description), with a GIN index. The 'simple' configuration (no stemming, no stop words) matches
 * what FTS5's unicode61 tokenizer does, so both databases find the same jobs for the same words.
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
    return db('jobs')
      .select('jobs.id')
      .where(this.condition(db, terms, fields));
  },

  condition(db, terms, fields) {
    return db.raw(`${VECTORS[fields]} @@ to_tsquery('simple', ?)`, [tsQuery(terms)]);
  },
};
