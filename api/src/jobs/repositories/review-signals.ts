import type { Db, Dialect } from '../../platform/db/knex';
import { rowsByEmail, type EmailLookup, type EmailMatch } from '../../platform/db/email-sql';
import { whereLive } from '../listing-end';

/** An organization a job's relayed application address (lower case) belongs to. */
export interface JobContactOrganization extends EmailMatch {
  organization: string;
}

/** A category's name and the annual pay of its live jobs that have annual figures. */
export interface CategoryPayRows {
  name: string;
  /** Each job's annual figures, whole units of the board's currency (jobs.pay_annual_*). */
  pay: { low: number; high: number }[];
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
   * For each of these category keys (labelKey) that names a category: its name and the annual
   * figures of its live jobs that have them (in the board's currency: others have none). A query
   * per category, through its jobs (job_categories' index on the category).
   */
  async categoryPay(
    keys: readonly string[],
    now: Date,
    db: Db = this.db,
  ): Promise<Map<string, CategoryPayRows>> {
    const found = new Map<string, CategoryPayRows>();
    for (const key of new Set(keys)) {
      const category: { name: string } | undefined = await db('categories')
        .where('name_key', key)
        .first('name');
      if (!category) continue;
      const query = db('jobs')
        .join('job_categories as jc', 'jc.job_id', 'jobs.id')
        .join('categories as c', 'c.id', 'jc.category_id')
        .where('c.name_key', key)
        .whereNotNull('jobs.pay_annual_low')
        .whereNotNull('jobs.pay_annual_high');
      whereLive(query, now);
      const rows: { low: number | string; high: number | string }[] = await query.select(
        'jobs.pay_annual_low as low',
        'jobs.pay_annual_high as high',
      );
      found.set(key, {
        name: category.name,
        pay: rows.map((row) => ({ low: Number(row.low), high: Number(row.high) })),
      });
    }
    return found;
  }
}
