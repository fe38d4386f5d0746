import type { Knex } from 'knex';
import { chunks, type SearchIndex } from './search-index';

/** SQLite FTS5 table `jobs_fts`, its rowid being the job id. */
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
         WHERE j.id IN (${ids.map(() => '?').join(',')})`,
        ids,
      );
    }
  },

  async remove(db, jobIds) {
    for (const ids of chunks(jobIds)) await db('jobs_fts').whereIn('rowid', ids).delete();
  },

  match(query: Knex.QueryBuilder, terms: string[]) {
    // Terms hold only letters and digits, so quoting them is enough to keep FTS5 syntax out.
    const expression = terms.map((t) => `"${t}"*`).join(' AND ');
    query.join('jobs_fts', 'jobs_fts.rowid', 'jobs.id').whereRaw('jobs_fts MATCH ?', [expression]);
    // bm25: lower is better; title weighs most, then organization, locations, description.
    return { sql: 'bm25(jobs_fts, 10.0, 6.0, 1.0, 4.0) ASC', bindings: [] };
  },
};
