import { chunks, type SearchIndex, type TextFields } from './search-index';

/** A tsquery: every term as a word prefix, in the title only when `weights` is 'A'. */
export function tsQuery(terms: string[], weights = ''): string {
  return terms.map((t) => `${t}:*${weights}`).join(' & ');
}

/**
 * How each set of fields is matched. Found through an index: everything through `search_vector`'s
 * GIN index, the title through its own (migration 20261123000400), whose statistics let the planner
 * see how few titles hold a word. Checked on a row already read: the stored vector, whose weight A
 * is the title, so no title is parsed again per row.
 */
const MATCH: Record<TextFields, { indexed: string; onRow: string; weights: string }> = {
  all: { indexed: 'jobs.search_vector', onRow: 'jobs.search_vector', weights: '' },
  title: {
    indexed: "to_tsvector('simple', jobs.title)",
    onRow: 'jobs.search_vector',
    weights: 'A',
  },
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
    const { indexed } = MATCH[fields];
    return db('jobs')
      .select('jobs.id')
      .whereRaw(`${indexed} @@ to_tsquery('simple', ?)`, [tsQuery(terms)]);
  },

  condition(db, terms, fields) {
    const { onRow, weights } = MATCH[fields];
    return db.raw(`${onRow} @@ to_tsquery('simple', ?)`, [tsQuery(terms, weights)]);
  },
};
