import type { Migration } from './migration';

/**
 * When a job's application deadline closes it: the first instant (epoch ms) after its deadline day
 * in UTC, null when the deadline is no date ('Rolling', 'ASAP') or there is none. Written with the
 * deadline by every write (jobs/repositories/job-columns.ts, jobs/job-patch.ts); the public reads
 * filter on it (jobs/search/criteria.ts publicScope). Existing rows are filled here, one UPDATE per
 * distinct deadline text.
 */
export default {
  name: '20261126160100_job_deadline_ends_at',
  async up(knex) {
    await knex.schema.alterTable('jobs', (t) => {
      t.bigInteger('deadline_ends_at').nullable();
    });
    const rows: { deadline: string }[] = await knex('jobs')
      .whereNotNull('deadline')
      .distinct('deadline');
    for (const { deadline } of rows) {
      const endsAt = deadlineEndsAt(deadline);
      if (endsAt !== null) {
        await knex('jobs').where({ deadline }).update({ deadline_ends_at: endsAt });
      }
    }
  },
  async down(knex) {
    await knex.raw('ALTER TABLE jobs DROP COLUMN deadline_ends_at');
  },
} satisfies Migration;

/**
 * A copy of deadlineEndsAt and parseDeadline (@jobboard/contract/common, dates.ts) as they were
 * when this migration was written: a migration is history, and must not change when the
 * application's code does.
 */
function deadlineEndsAt(text: string): number | null {
  const raw = text.replace(/^\s*deadline:\s*/i, '').trim();
  const yearFirst = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/.exec(raw);
  const monthFirst = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})$/.exec(raw);
  const [y, m, d] = yearFirst
    ? [yearFirst[1], yearFirst[2], yearFirst[3]]
    : monthFirst
      ? [monthFirst[3], monthFirst[1], monthFirst[2]]
      : [];
  if (!y || !m || !d) return null;
  const [year, month, day] = [Number(y), Number(m), Number(d)];
  const date = new Date(Date.UTC(year, month - 1, day));
  const real =
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  return real ? date.getTime() + 24 * 60 * 60 * 1000 : null;
}
