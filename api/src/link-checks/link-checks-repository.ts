import type { LinkCheckResult } from '@jobboard/contract/jobs';
import type { Knex } from 'knex';
import { chunks } from '../platform/db/chunks';
import type { Db } from '../platform/db/knex';
import { Lease } from '../platform/db/lease';
import type { StoredCheck } from './verdict';

/** A live listing whose link is due, with its last check of that link (if any). */
export interface DueListing {
  jobId: number;
  url: string;
  check: StoredCheck | undefined;
}

interface CheckRow {
  job_id: number | string;
  url: string;
  result: string;
  status: number | string | null;
  detail: string | null;
  checked_at: number | string;
  failures: number | string;
  dead_in_a_row: number | string;
  flagged_at: number | string | null;
  mailed_at: number | string | null;
  due_at: number | string;
}

const orNull = (value: number | string | null) => (value === null ? null : Number(value));

function checkOf(row: CheckRow): StoredCheck {
  return {
    jobId: Number(row.job_id),
    url: row.url,
    result: row.result as LinkCheckResult,
    status: orNull(row.status),
    detail: row.detail,
    checkedAt: Number(row.checked_at),
    failures: Number(row.failures),
    deadInARow: Number(row.dead_in_a_row),
    flaggedAt: orNull(row.flagged_at),
    mailedAt: orNull(row.mailed_at),
    dueAt: Number(row.due_at),
  };
}

const CHECK_COLUMNS = [
  'c.job_id',
  'c.url',
  'c.result',
  'c.status',
  'c.detail',
  'c.checked_at',
  'c.failures',
  'c.dead_in_a_row',
  'c.flagged_at',
  'c.mailed_at',
  'c.due_at',
];

/** One run of the checker at a time, in any number of processes (issue 41, R9). */
export const LINK_CHECK_LEASE = new Lease({
  table: 'link_check_lease',
  name: 'link-checks',
  columns: { acquiredAt: false, lastFinishedAt: true },
});

/**
 * The link checker's tables (migration 20261129150210): each job's last check of its link, and
 * the lease of a run. The live listings to check come from the jobs slice as a query
 * (LiveListings.linkApplyListings: `job_id`, `url`), read here beside the checks.
 */
export class LinkChecksRepository {
  readonly lease = LINK_CHECK_LEASE;

  /**
   * Up to `limit` live listings due a check at `now`: first those never checked (or whose link
   * changed since), by job, then those whose next check has come, longest due first.
   */
  async due(db: Db, live: Knex.QueryBuilder, now: number, limit: number): Promise<DueListing[]> {
    const fresh: { job_id: number | string; url: string }[] = await db
      .from(live.clone().as('live'))
      .leftJoin({ c: 'job_link_checks' }, 'c.job_id', 'live.job_id')
      .where((q) => q.whereNull('c.job_id').orWhereRaw('c.url <> live.url'))
      .select('live.job_id', 'live.url')
      .orderBy('live.job_id')
      .limit(limit);
    const listings: DueListing[] = fresh.map((row) => ({
      jobId: Number(row.job_id),
      url: row.url,
      check: undefined,
    }));
    const rest = limit - listings.length;
    if (rest <= 0) return listings;
    const due: CheckRow[] = await db
      .from({ c: 'job_link_checks' })
      .join(live.clone().as('live'), 'live.job_id', 'c.job_id')
      .whereRaw('c.url = live.url')
      .andWhere('c.due_at', '<=', now)
      .select(CHECK_COLUMNS)
      .orderBy('c.due_at')
      .orderBy('c.job_id')
      .limit(rest);
    for (const row of due) {
      const check = checkOf(row);
      listings.push({ jobId: check.jobId, url: check.url, check });
    }
    return listings;
  }

  /** Keep a job's last check (the one row of its job). */
  async save(db: Db, check: StoredCheck): Promise<void> {
    const row = {
      job_id: check.jobId,
      url: check.url,
      result: check.result,
      status: check.status,
      detail: check.detail,
      checked_at: check.checkedAt,
      failures: check.failures,
      dead_in_a_row: check.deadInARow,
      flagged_at: check.flaggedAt,
      mailed_at: check.mailedAt,
      due_at: check.dueAt,
    };
    await db('job_link_checks').insert(row).onConflict('job_id').merge();
  }

  /** The last checks of these jobs, by job id (a job never checked is left out). */
  async lastOf(db: Db, jobIds: readonly number[]): Promise<Map<number, StoredCheck>> {
    const found = new Map<number, StoredCheck>();
    for (const part of chunks([...jobIds])) {
      const rows: CheckRow[] = await db
        .from({ c: 'job_link_checks' })
        .whereIn('c.job_id', part)
        .select(CHECK_COLUMNS);
      for (const row of rows) found.set(Number(row.job_id), checkOf(row));
    }
    return found;
  }

  /** How many checks are kept, and of them those flagged (the /metrics gauge). */
  async counts(db: Db): Promise<{ checked: number; flagged: number }> {
    const [row] = (await db('job_link_checks').select(
      db.raw('count(*) as checked'),
      db.raw('count(flagged_at) as flagged'),
    )) as { checked: number | string; flagged: number | string }[];
    return { checked: Number(row?.checked ?? 0), flagged: Number(row?.flagged ?? 0) };
  }
}
