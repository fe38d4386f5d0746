import type { Migration } from './migration';

/**
 * Who set each of a company's details (issue 25): 'admin', 'submission' (what an employer's
 * submission gave, on a company it created or as an admin approved it), 'sync' (a re-sync source)
 * or 'demo'. A sync may fill in a blank detail and replace one a source set, never one an admin or
 * a submission set (api/src/jobs/companies.ts).
 *
 * Until now the last job written with a company set its details, so each detail there is is
 * credited to the source of the company's most recently written job; a company with no job left
 * to tell is credited to an admin, which no sync overwrites.
 */
const SETTER_OF_LATEST_JOB = `COALESCE((
    SELECT CASE jobs.source
             WHEN 'admin' THEN 'admin'
             WHEN 'submission' THEN 'submission'
             WHEN 'demo' THEN 'demo'
             ELSE 'sync'
           END
      FROM jobs
     WHERE jobs.company_id = companies.id
     ORDER BY jobs.updated_at DESC, jobs.id DESC
     LIMIT 1), 'admin')`;

const COLUMNS = [
  ['website_url', 'website_url_set_by'],
  ['logo_url', 'logo_url_set_by'],
  ['description', 'description_set_by'],
] as const;

export default {
  name: '20261126020300_company_detail_setters',
  async up(knex) {
    await knex.schema.alterTable('companies', (t) => {
      for (const [, setBy] of COLUMNS) t.string(setBy, 20).nullable();
    });
    for (const [value, setBy] of COLUMNS) {
      await knex.raw(
        `UPDATE companies SET ${setBy} = ${SETTER_OF_LATEST_JOB}
          WHERE ${value} IS NOT NULL AND ${value} <> ''`,
      );
    }
  },
  async down(knex) {
    for (const [, setBy] of [...COLUMNS].reverse()) {
      await knex.raw(`ALTER TABLE companies DROP COLUMN ${setBy}`);
    }
  },
} satisfies Migration;
