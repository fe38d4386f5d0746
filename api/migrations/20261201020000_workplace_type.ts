import type { Migration } from './migration';

/**
 * Where a job is done (issue 47): `workplace_type` 'on_site', 'hybrid' or 'remote', and
 * `remote_places`, the places a remote or hybrid job may be done from as the employer typed them
 * ('MD, VA, DC'; at most JOB_LIMITS.remotePlaces characters, null for none), on jobs and on the
 * submissions that become them (null type there: a submission of an earlier release, whose job
 * is remote when its location says so).
 *
 * Existing jobs are filled from what the board knew: remote by their flag, a job type of 'Remote'
 * (some sources' word) or a location named Remote; every other job on-site. The flag `remote`
 * stays, written by this release too (true exactly for a remote job), for the previous release
 * (expand and contract: docs/decisions/expand-contract-migrations.md); a later release drops it.
 */
const TYPES = "('on_site', 'hybrid', 'remote')";

export default {
  name: '20261201020000_workplace_type',
  async up(knex) {
    // Raw, on both databases: SQLite adds a column with its CHECK in place (Knex would copy the table).
    await knex.raw(
      `ALTER TABLE jobs ADD COLUMN workplace_type varchar(10) NOT NULL DEFAULT 'on_site' CHECK (workplace_type IN ${TYPES})`,
    );
    await knex.raw('ALTER TABLE jobs ADD COLUMN remote_places varchar(120) NULL');
    await knex.raw(
      `ALTER TABLE submissions ADD COLUMN workplace_type varchar(10) NULL CHECK (workplace_type IN ${TYPES})`,
    );
    await knex.raw('ALTER TABLE submissions ADD COLUMN remote_places varchar(120) NULL');
    await knex('jobs')
      .where('remote', true)
      .orWhereRaw("lower(job_type) = 'remote'")
      .orWhereExists((q) =>
        q
          .select(knex.raw('1'))
          .from('job_locations')
          .join('locations', 'locations.id', 'job_locations.location_id')
          .whereRaw('job_locations.job_id = jobs.id')
          .andWhere('locations.name_key', 'remote'),
      )
      .update({ workplace_type: 'remote' });
  },
  async down(knex) {
    await knex.raw('ALTER TABLE submissions DROP COLUMN remote_places');
    await knex.raw('ALTER TABLE submissions DROP COLUMN workplace_type');
    await knex.raw('ALTER TABLE jobs DROP COLUMN remote_places');
    await knex.raw('ALTER TABLE jobs DROP COLUMN workplace_type');
  },
} satisfies Migration;
