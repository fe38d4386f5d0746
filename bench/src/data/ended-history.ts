/**
 * The ended history of a board that has run for years (issue 31: 'A million jobs'): `copies`
 * earlier years of the live jobs already written, each moved back a whole number of years, every
 * one ended (expired 30 days after its posting) and archived, as the retention run's sweep leaves
 * a job past its end (api/src/jobs/repositories/archive.ts). PostgreSQL only.
 *
 * Written by the database itself (`INSERT ... SELECT`, one statement per table and year), not
 * through the API's writer, which took 173 s for 100,000 jobs: a million that way would take most
 * of an hour. Each copy keeps everything the writer derived for its original (the company, the
 * search vector and so the generated prefix vectors, the location and category rows and the label
 * arrays on the row), since none of it depends on the dates; only the dates, the end, the
 * `archived` flag and the external id (unique per source) differ. The copies' ids follow the live
 * jobs' (original id + year x the highest live id), and the id sequence is moved past them.
 */
import type { Knex } from 'knex';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Every ended job expired this long after its posting (a paid listing's 30 days). */
const LISTED_FOR_MS = 30 * DAY_MS;

/**
 * Columns set here rather than copied: the rest are copied as the writer wrote them (generated
 * columns are computed again by PostgreSQL and left out).
 */
const SET_HERE = [
  'id',
  'posted_date',
  'expires_at',
  'deadline',
  'deadline_ends_at',
  'archived',
  'external_id',
  'created_at',
  'updated_at',
];

/** Add `copies` years of ended, archived jobs before the live ones; returns how many. */
export async function addEndedHistory(db: Knex, copies: number): Promise<number> {
  const columns: { column_name: string }[] = (
    await db.raw(
      `SELECT column_name FROM information_schema.columns
        WHERE table_schema = current_schema() AND table_name = 'jobs' AND is_generated = 'NEVER'
        ORDER BY ordinal_position`,
    )
  ).rows;
  const copied = columns.map((c) => c.column_name).filter((name) => !SET_HERE.includes(name));
  const list = copied.map((name) => `"${name}"`).join(', ');
  const { rows } = await db.raw('SELECT max(id) AS top FROM jobs');
  const stride = Number(rows[0].top);
  let added = 0;
  for (let year = 1; year <= copies; year += 1) {
    await db.transaction(async (trx) => {
      // posted_date is YYYY-MM-DD; its copy falls `year` x 365 days earlier.
      const result = await trx.raw(
        `INSERT INTO jobs (id, posted_date, expires_at, deadline, deadline_ends_at, archived,
                           external_id, created_at, updated_at, ${list})
         SELECT j.id + :offset,
                to_char(j.posted_date::date - CAST(:days AS int), 'YYYY-MM-DD'),
                (extract(epoch FROM (j.posted_date::date - CAST(:days AS int))::timestamp) * 1000)::bigint
                  + :listed,
                NULL, NULL, true,
                'ended-' || CAST(:year AS int) || '-' || j.id,
                j.created_at - :shift, j.updated_at - :shift,
                ${copied.map((name) => `j."${name}"`).join(', ')}
           FROM jobs j WHERE j.id <= :stride ORDER BY j.id`,
        {
          offset: year * stride,
          days: year * 365,
          listed: LISTED_FOR_MS,
          year,
          shift: year * 365 * DAY_MS,
          stride,
        },
      );
      added += result.rowCount as number;
      for (const table of ['job_locations', 'job_categories']) {
        const key = table === 'job_locations' ? 'location_id' : 'category_id';
        await trx.raw(
          `INSERT INTO ${table} (job_id, ${key}, position)
           SELECT job_id + :offset, ${key}, position FROM ${table} WHERE job_id <= :stride`,
          { offset: year * stride, stride },
        );
      }
    });
  }
  await db.raw(`SELECT setval(pg_get_serial_sequence('jobs', 'id'), (SELECT max(id) FROM jobs))`);
  return added;
}
