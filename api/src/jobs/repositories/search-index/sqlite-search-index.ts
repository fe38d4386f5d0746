import { chunks } from '../../../platform/db/chunks';
import type { SearchIndex, TextFields } from './search-index';

/** FTS5 column filters for each field set (the columns of `jobs_fts`). */
const COLUMNS: Record<TextFields, string> = {
  all: '',
  title: '{title} : ',
};

/**
 * An FTS5 expression: every term as a quoted word prefix, restricted to the fields. Terms hold only
 * letters and digits (searchTerms), so quoting them keeps every FTS5 operator out.
 */
export function ftsExpression(terms: string[], fields: TextFields): string {
  return terms.map((t) => `${COLUMNS[fields]}"${t}"*`).join(' AND ');
}

/**
 * SQLite FTS5 table `jobs_fts`, its rowid being the job id. It holds the live jobs only: an
 * archived job (archive.ts) leaves it and comes back when it is un-archived (a renewal), so what a
 * public search reads does not grow with the board's history. Only the public search, which never
 * shows an archived job, reads it. A match is always used as a set
 * (`rowid IN (SELECT ... MATCH ?)`, which SQLite evaluates once into a temporary index): joining
 * the FTS table to `jobs` row by row makes it rebuild a prefix match for every job.
 */
export const sqliteSearchIndex: SearchIndex = {
  async reindex(db, jobIds) {
    for (const ids of chunks(jobIds)) {
      await db('jobs_fts').whereIn('rowid', ids).delete();
      await db.raw(
        `INSERT INTO jobs_fts (rowid, title, organization, description, locations)
         SELECT j.id, j.title, c.name, j.description,
                COALESCE((SELECT group_concat(l.name, ' ') FROM job_locations jl
                          JOIN locations l ON l.id = jl.location_id WHERE jl.job_id = j.id), '')
         FROM jobs j JOIN companies c ON c.id = j.company_id
         WHERE j.id IN (${ids.map(() => '?').join(',')}) AND j.archived = false`,
        ids,
      );
    }
  },

  async remove(db, jobIds) {
    for (const ids of chunks(jobIds)) await db('jobs_fts').whereIn('rowid', ids).delete();
  },

  idsMatching(db, terms, fields) {
    return db
      .from('jobs_fts')
      .select(db.raw('rowid AS id'))
      .whereRaw('jobs_fts MATCH ?', [ftsExpression(terms, fields)]);
  },

  condition(db, terms, fields) {
    // The unary + keeps SQLite from driving the query through this set: the search planner
    // decides which set drives (search/sqlite-plan.ts).
    return db.raw('+jobs.id IN (SELECT rowid FROM jobs_fts WHERE jobs_fts MATCH ?)', [
      ftsExpression(terms, fields),
    ]);
  },
};
