import type { Db, Dialect } from '../../platform/db/knex';
import { rowsByEmail, type EmailLookup, type EmailMatch } from '../../platform/db/email-sql';
import { whereLive } from '../listing-end';

/** An organization a job's relayed application address (lower case) belongs to. */
export interface JobContactOrganization extends EmailMatch {
  organization: string;
}

/** The pay of a category's live listings, as the fraud hints compare it. */
export interface CategoryPayRow {
  /** The category's name as the board spells it. */
  name: string;
  /** The median of its live listings' annual midpoints, whole units of the board's currency. */
  median: number;
  /** How many live listings with annual figures that median is of. */
  sample: number;
}

/**
 * What the review card's fraud hints read of the jobs (issue 45, submissions/review/): which
 * organizations' jobs send their applications to an address or a domain, and what the live jobs
 * of a category pay. Read only.
 */
export class ReviewSignals {
  constructor(
    private readonly db: Db,
    private readonly dialect: Dialect,
  ) {}

  /**
   * The companies of the jobs whose relayed application address (jobs.application_email, for
   * jobs that take applications by e-mail) is one of these or at one of these domains: each
   * address, domain and company once. An index range each (migration 20261129150300).
   */
  async contactOrganizations(
    lookup: EmailLookup,
    db: Db = this.db,
  ): Promise<JobContactOrganization[]> {
    return rowsByEmail(db, this.dialect, 'jobs.application_email', lookup, () =>
      db('jobs')
        .join('companies', 'companies.id', 'jobs.company_id')
        // The index holds these rows only; the planner must be told the query wants no others.
        .whereNotNull('jobs.application_email')
        .distinct('companies.name as organization'),
    );
  }

  /**
   * Every category's pay, by its key (labelKey): the median of the annual midpoints (each job's
   * low and high figures averaged, jobs.pay_annual_*: in the board's currency, none for a total or
   * another currency) of its live jobs (whereLive) that have them, and how many there are. One
   * query for all categories, whatever a page shows: it reads the live jobs' pay from a covering
   * index of the board's sort orders and each one's categories from job_categories' key, never a
   * job's row. A query per category read its ~15,000 jobs' rows: a page of 25 cards with its
   * categories to read took 2.2 s on SQLite and 1.3 s on PostgreSQL at 100,000 jobs, this one
   * 0.36 and 0.43 s (bench/src/fraud-hints.ts, on a loaded machine). The median is the middle
   * value, or the mean of the two middle ones.
   */
  async categoryPay(now: Date, db: Db = this.db): Promise<Map<string, CategoryPayRow>> {
    const mid = '(jobs.pay_annual_low + jobs.pay_annual_high)';
    // CROSS JOIN: SQLite then walks the live jobs first, as written (PostgreSQL plans it freely).
    const ranked = db('jobs')
      .joinRaw('cross join job_categories as jc')
      .whereRaw('jc.job_id = jobs.id')
      .whereNotNull('jobs.pay_annual_low')
      .whereNotNull('jobs.pay_annual_high')
      .select(
        'jc.category_id',
        db.raw(`${mid} / 2.0 as mid`),
        db.raw(`row_number() over (partition by jc.category_id order by ${mid}) as place`),
        db.raw('count(*) over (partition by jc.category_id) as sample'),
      );
    whereLive(ranked, now);
    const rows: { key: string; name: string; median: number | string; sample: number | string }[] =
      await db
        .from(ranked.as('ranked'))
        .join('categories as c', 'c.id', 'ranked.category_id')
        .whereRaw('ranked.place in ((ranked.sample + 1) / 2, (ranked.sample + 2) / 2)')
        .groupBy('c.name_key', 'c.name')
        .select(
          'c.name_key as key',
          'c.name as name',
          db.raw('avg(ranked.mid) as median'),
          db.raw('max(ranked.sample) as sample'),
        );
    return new Map(
      rows.map((row) => [
        row.key,
        { name: row.name, median: Math.round(Number(row.median)), sample: Number(row.sample) },
      ]),
    );
  }
}
