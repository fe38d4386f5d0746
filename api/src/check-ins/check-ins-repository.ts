import type { CheckInAnswer } from '@jobboard/contract/employer';
import type { Knex } from 'knex';
import { chunks } from '../platform/db/chunks';
import type { Db } from '../platform/db/knex';
import { Lease } from '../platform/db/lease';

/** A check-in as stored (`check_ins`, migrations/20261129150100), its times in epoch ms. */
export interface CheckInRow {
  id: number;
  jobId: number;
  ageDays: number;
  sentAt: number;
  answer: CheckInAnswer | null;
  answeredAt: number | null;
  /** When it was flagged for no answer in time. */
  unansweredAt: number | null;
  /** When that took its listing off the board (the admins' setting). */
  closedAt: number | null;
}

interface StoredRow {
  id: number | string;
  job_id: number | string;
  age_days: number | string;
  sent_at: number | string;
  answer: string | null;
  answered_at: number | string | null;
  unanswered_at: number | string | null;
  closed_at: number | string | null;
}

const COLUMNS = [
  'check_ins.id',
  'check_ins.job_id',
  'check_ins.age_days',
  'check_ins.sent_at',
  'check_ins.answer',
  'check_ins.answered_at',
  'check_ins.unanswered_at',
  'check_ins.closed_at',
];

const orNull = (value: number | string | null) => (value === null ? null : Number(value));

/** A stored row with its numbers as numbers (PostgreSQL answers bigints as text). */
const rowOf = (row: StoredRow): CheckInRow => ({
  id: Number(row.id),
  jobId: Number(row.job_id),
  ageDays: Number(row.age_days),
  sentAt: Number(row.sent_at),
  answer: row.answer === 'open' || row.answer === 'filled' ? row.answer : null,
  answeredAt: orNull(row.answered_at),
  unansweredAt: orNull(row.unanswered_at),
  closedAt: orNull(row.closed_at),
});

/**
 * Only a listing's latest check-in counts: a newer one (a larger id: rows are written as they are
 * sent) replaces it, its link expired and its flag with it.
 */
function whereLatest(query: Knex.QueryBuilder): Knex.QueryBuilder {
  return query.whereNotExists(function newer(this: Knex.QueryBuilder) {
    this.select('newer.id')
      .from('check_ins as newer')
      .whereRaw('newer.job_id = check_ins.job_id')
      .andWhereRaw('newer.id > check_ins.id');
  });
}

/**
 * The lease that lets one run of the check-ins go at a time, the one row of `check_in_lease`
 * (migrations/20261129150100).
 */
export const CHECK_IN_LEASE = new Lease({
  table: 'check_in_lease',
  name: 'check-ins',
  columns: { acquiredAt: false, lastFinishedAt: true },
});

/** The check-ins' tables, `check_ins` and `check_in_lease`: the only code that reads or writes them. */
export class CheckInsRepository {
  readonly lease = CHECK_IN_LEASE;

  /**
   * Record a check-in sent, in the e-mail's transaction; false when the listing was asked at
   * that age already (the unique key: of two runs at once, in any processes, one writes it).
   */
  async insert(
    db: Db,
    row: { jobId: number; ageDays: number; tokenHash: string; sentAt: number },
  ): Promise<boolean> {
    const inserted: unknown[] = await db('check_ins')
      .insert({
        job_id: row.jobId,
        age_days: row.ageDays,
        token_hash: row.tokenHash,
        sent_at: row.sentAt,
      })
      .onConflict(['job_id', 'age_days'])
      .ignore()
      .returning('id');
    // An ignored row returns nothing, on SQLite (RETURNING) and PostgreSQL alike.
    return inserted.length === 1;
  }

  /** The highest age each of these listings was asked at so far, by job id (none: never asked). */
  async askedAges(db: Db, jobIds: readonly number[]): Promise<Map<number, number>> {
    const ages = new Map<number, number>();
    for (const part of chunks([...jobIds])) {
      const rows: { job_id: number | string; age: number | string }[] = await db('check_ins')
        .whereIn('job_id', part)
        .groupBy('job_id')
        .select('job_id', { age: db.raw('max(age_days)') });
      for (const row of rows) ages.set(Number(row.job_id), Number(row.age));
    }
    return ages;
  }

  async byTokenHash(db: Db, tokenHash: string): Promise<CheckInRow | undefined> {
    const row: StoredRow | undefined = await db('check_ins')
      .where({ token_hash: tokenHash })
      .first(COLUMNS);
    return row ? rowOf(row) : undefined;
  }

  /** Whether a newer check-in of the same listing was sent (this one is replaced). */
  async replaced(db: Db, row: CheckInRow): Promise<boolean> {
    const newer = await db('check_ins')
      .where({ job_id: row.jobId })
      .andWhere('id', '>', row.id)
      .first('id');
    return newer !== undefined;
  }

  /** Record the answer, once: one UPDATE only an unanswered check-in passes. */
  async recordAnswer(db: Db, id: number, answer: CheckInAnswer, now: number): Promise<boolean> {
    const taken = await db('check_ins')
      .where({ id })
      .whereNull('answered_at')
      .update({ answer, answered_at: now });
    return taken === 1;
  }

  /** Take back an answer recorded at `at` (its "Filled" could not take the listing off). */
  async takeBackAnswer(db: Db, id: number, at: number): Promise<void> {
    await db('check_ins')
      .where({ id, answered_at: at })
      .update({ answer: null, answered_at: null });
  }

  /** Each of these listings' latest check-in, by job id. */
  async latestOf(db: Db, jobIds: readonly number[]): Promise<Map<number, CheckInRow>> {
    const latest = new Map<number, CheckInRow>();
    for (const part of chunks([...jobIds])) {
      const rows: StoredRow[] = await whereLatest(
        db('check_ins').whereIn('check_ins.job_id', part).select(COLUMNS),
      );
      for (const row of rows) latest.set(Number(row.job_id), rowOf(row));
    }
    return latest;
  }

  /** Latest check-ins sent at or before `sentBy` with no answer and no flag yet: to flag. */
  waitedTooLong(db: Db, sentBy: number, limit: number): Promise<CheckInRow[]> {
    return this.latestWhere(
      db('check_ins')
        .whereNull('check_ins.answered_at')
        .whereNull('check_ins.unanswered_at')
        .andWhere('check_ins.sent_at', '<=', sentBy),
      limit,
    );
  }

  /** Flag it for no answer, once (false when it was answered or flagged meanwhile). */
  async flag(db: Db, id: number, now: number): Promise<boolean> {
    const flagged = await db('check_ins')
      .where({ id })
      .whereNull('answered_at')
      .whereNull('unanswered_at')
      .update({ unanswered_at: now });
    return flagged === 1;
  }

  /**
   * Latest check-ins flagged and still unanswered whose listing no run has taken off yet, those
   * after `afterId`.
   */
  flaggedOpen(db: Db, afterId: number, limit: number): Promise<CheckInRow[]> {
    return this.latestWhere(
      db('check_ins')
        .whereNull('check_ins.answered_at')
        .whereNotNull('check_ins.unanswered_at')
        .whereNull('check_ins.closed_at')
        .andWhere('check_ins.id', '>', afterId),
      limit,
    );
  }

  /** The latest check-ins of their listings among those `query` narrows to, by id, `limit` at most. */
  private async latestWhere(query: Knex.QueryBuilder, limit: number): Promise<CheckInRow[]> {
    const rows: StoredRow[] = await whereLatest(query.select(COLUMNS))
      .orderBy('check_ins.id')
      .limit(limit);
    return rows.map(rowOf);
  }

  /** It took its listing off the board (in the transaction that switched the listing off). */
  async markClosed(db: Db, id: number, now: number): Promise<void> {
    await db('check_ins').where({ id }).update({ closed_at: now });
  }

  /** The jobs whose latest check-in is flagged and still unanswered (the admin's filter). */
  async unansweredJobIds(db: Db): Promise<number[]> {
    const rows: { job_id: number | string }[] = await whereLatest(
      db('check_ins')
        .whereNull('check_ins.answered_at')
        .whereNotNull('check_ins.unanswered_at')
        .select('check_ins.job_id'),
    );
    return rows.map((row) => Number(row.job_id));
  }
}
