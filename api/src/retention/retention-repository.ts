import { Lease } from '../platform/db/lease';

/**
 * The retention run's lease, the one row of `retention_lease` (migrations/20261126150200): the
 * only code that names the table. `last_finished_at` is when a run last went through (the
 * metrics' last-run gauge).
 */
export const RETENTION_LEASE = new Lease({
  table: 'retention_lease',
  name: 'retention',
  columns: { acquiredAt: true, lastFinishedAt: true },
});
