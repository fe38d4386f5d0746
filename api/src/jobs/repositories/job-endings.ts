import { chunks } from '../../platform/db/chunks';
import type { Db } from '../../platform/db/knex';
import { whereNotEnded } from '../listing-end';

/** What renewing a listing needs to know of its job (renewals/eligibility.ts). */
export interface JobEnding {
  id: number;
  title: string;
  organization: string;
  /** 'submission' for a listing an employer paid for. */
  source: string;
  active: boolean;
  /** When the listing ends (epoch ms); null: never. */
  expiresAt: number | null;
  /** When its application deadline closes it (epoch ms); null: no date. */
  deadlineEndsAt: number | null;
}

interface EndingRow {
  id: number | string;
  title: string;
  organization: string;
  source: string;
  active: boolean | number;
  expires_at: number | string | null;
  deadline_ends_at: number | string | null;
}

const nullableMs = (value: number | string | null) => (value === null ? null : Number(value));

const ending = (row: EndingRow): JobEnding => ({
  id: Number(row.id),
  title: row.title,
  organization: row.organization,
  source: row.source,
  active: Boolean(row.active),
  expiresAt: nullableMs(row.expires_at),
  deadlineEndsAt: nullableMs(row.deadline_ends_at),
});

/**
 * The jobs' ends as renewals read them (one job, and the listings ending soon), and as the
 * applications read them (their titles, and whether their listing ended long enough ago).
 */
export class JobEndings {
  constructor(private readonly db: Db) {}

  private select(db: Db) {
    return db('jobs')
      .join('companies', 'companies.id', 'jobs.company_id')
      .select(
        'jobs.id',
        'jobs.title',
        'companies.name as organization',
        'jobs.source',
        'jobs.active',
        'jobs.expires_at',
        'jobs.deadline_ends_at',
      );
  }

  async of(id: number, db: Db = this.db): Promise<JobEnding | undefined> {
    const row: EndingRow | undefined = await this.select(db).where('jobs.id', id).first();
    return row ? ending(row) : undefined;
  }

  /** These jobs (those that exist), by id. */
  async ofMany(ids: readonly number[], db: Db = this.db): Promise<Map<number, JobEnding>> {
    const found = new Map<number, JobEnding>();
    for (const part of chunks([...ids])) {
      const rows: EndingRow[] = await this.select(db).whereIn('jobs.id', part);
      for (const row of rows) found.set(Number(row.id), ending(row));
    }
    return found;
  }

  /**
   * The live listings paid through the board whose term ends after `from` and at the latest at
   * `to`, soonest first, at most `limit` (the reminders' run; the index on expires_at reads them).
   * One its deadline has closed already has ended (listing-end.ts): no renewal would open it.
   */
  async endingBetween(from: Date, to: Date, limit: number, db: Db = this.db): Promise<JobEnding[]> {
    const rows: EndingRow[] = await whereNotEnded(
      this.select(db)
        .where('jobs.source', 'submission')
        .where('jobs.active', true)
        .where('jobs.expires_at', '>', from.getTime())
        .where('jobs.expires_at', '<=', to.getTime()),
      from,
    )
      .orderBy('jobs.expires_at')
      .orderBy('jobs.id')
      .limit(limit);
    return rows.map(ending);
  }
}
