import { isPostgres, type Migration } from './migration';

/**
 * SQLite: the text index (`jobs_fts`) holds the live jobs only. The archived jobs (migration
 * 20261127000310) leave it, so what a public search reads does not grow with the board's history;
 * from now on archiving a job takes it out and un-archiving it (a renewal) puts it back
 * (src/jobs/archive.ts, src/jobs/search-index/sqlite-search-index.ts). Only the public search
 * reads the index, and it never shows an archived job. PostgreSQL's match index is already
 * partial (`WHERE NOT archived`, migration 20261127000340). Down puts the archived jobs back.
 */
export default {
  name: '20261127000500_fts_live_jobs_only',
  async up(knex) {
    if (isPostgres(knex)) return;
    await knex.raw('DELETE FROM jobs_fts WHERE rowid IN (SELECT id FROM jobs WHERE archived = 1)');
  },
  async down(knex) {
    if (isPostgres(knex)) return;
    await knex.raw(
      `INSERT INTO jobs_fts (rowid, title, organization, description, locations)
       SELECT j.id, j.title, c.name, j.description,
              COALESCE((SELECT group_concat(l.name, ' ') FROM job_locations jl
                        JOIN locations l ON l.id = jl.location_id WHERE jl.job_id = j.id), '')
       FROM jobs j JOIN companies c ON c.id = j.company_id
       WHERE j.archived = 1`,
    );
  },
} satisfies Migration;
