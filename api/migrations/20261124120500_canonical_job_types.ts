import type { Migration } from './migration';

// The canonical types when this ran (contract's ADMIN_JOB_TYPES and REMOTE_JOB_TYPE), copied so
// the migration does the same thing whatever the contract later becomes.
const TYPES = [
  'Full-time',
  'Part-time',
  'Contract',
  'Temporary',
  'Internship',
  'Volunteer',
  'Remote',
];

/**
 * Job types in their canonical spelling ('full-time' -> 'Full-time'), as every write now stores
 * them, so search filters by plain equality instead of SQL lower(). The types are ASCII, so SQL's
 * lower() finds every spelling of them here.
 */
export default {
  name: '20261124120500_canonical_job_types',
  async up(knex) {
    for (const type of TYPES) {
      await knex('jobs')
        .whereRaw('lower(trim(job_type)) = ?', [type.toLowerCase()])
        .whereNot('job_type', type)
        .update({ job_type: type });
    }
  },
  async down() {
    // The old spellings are not kept; the canonical ones read the same to every version.
  },
} satisfies Migration;
