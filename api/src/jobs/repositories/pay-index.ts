import { annualPay } from '@jobboard/contract/jobs';
import type { Knex } from 'knex';
import type { Db } from '../../platform/db/knex';
import type { JobChanges } from '../job-changes';
import { jobPayColumns, payOfRow, type PayRow, type PayRule } from '../pay-columns';

/** Rows read and written at a time. */
const BATCH = 500;

const PAY_ROW_COLUMNS = [
  'id',
  'pay_min_cents',
  'pay_max_cents',
  'salary_period',
  'salary_currency',
  'benefits_summary',
  'salary_text',
  'salary_min',
  'salary_max',
  'pay_annual_low',
  'pay_annual_high',
  'pay_held',
];

type IndexedRow = PayRow & {
  id: number;
  pay_annual_low: number | null;
  pay_annual_high: number | null;
  pay_held: boolean | number;
};

/**
 * The columns the public reads filter and sort pay on (docs/product.md#pay: the annual figures,
 * the pay rule's hold), kept right with the board's setup. A write keeps its own job's right
 * (job-patch.ts, job-columns.ts); what changes many jobs at once is here:
 *
 * - rows an earlier release wrote (no period) get their pay read from its columns and written in
 *   the new ones, once (at start, after the migrations);
 * - the annual figures follow BOARD_CURRENCY: a job paid in the board's currency has them, one in
 *   another currency has none (its figures cannot be compared with the filters' bands);
 * - the pay rule: when an admin turns it on every job without pay is held back, when off released.
 *
 * Each change of what the public sees is recorded (the public-read cache drops its answers).
 */
export class PayIndex {
  constructor(private readonly changes: JobChanges) {}

  /** The start's pass: earlier releases' rows, then the currency. Returns how many jobs it changed. */
  async refresh(db: Knex, rule: PayRule): Promise<number> {
    return db.transaction(async (trx) => {
      const legacy = await this.fill(
        trx,
        rule,
        (query) => void query.whereNull('salary_period'),
        () => true,
      );
      const currency = await this.fill(
        trx,
        rule,
        // A job in the board's currency with figures and no annual figures (a total has none:
        // `stale` reads each), or one in another currency with them: computed under another
        // BOARD_CURRENCY.
        (query) =>
          void query.whereNotNull('salary_period').where((q) =>
            q
              .where((mine) =>
                mine
                  .where('salary_currency', rule.currency)
                  .whereNull('pay_annual_low')
                  .where((figures) =>
                    figures.whereNotNull('pay_min_cents').orWhereNotNull('pay_max_cents'),
                  ),
              )
              .orWhere((theirs) =>
                theirs.whereNot('salary_currency', rule.currency).whereNotNull('pay_annual_low'),
              ),
          ),
        (row) => {
          const annual = annualPay(payOfRow(row), rule.currency);
          return (annual?.low ?? null) !== row.pay_annual_low;
        },
      );
      const changed = legacy + currency;
      if (changed) await this.changes.record(trx);
      return changed;
    });
  }

  /**
   * The pay rule turned on or off (settings' `requirePay`), in the setting's transaction: every
   * job without pay held back, or every held job released. Returns how many jobs changed.
   */
  async applyRule(trx: Knex.Transaction, rule: PayRule): Promise<number> {
    // Rows of an earlier release first: whether they have pay is read from their old columns.
    let changed = await this.fill(
      trx,
      rule,
      (query) => void query.whereNull('salary_period'),
      () => true,
    );
    if (rule.requirePay) {
      changed += await trx('jobs')
        .whereNull('pay_min_cents')
        .whereNull('pay_max_cents')
        .where('pay_held', false)
        .update({ pay_held: true });
    } else {
      changed += await trx('jobs').where('pay_held', true).update({ pay_held: false });
    }
    if (changed) await this.changes.record(trx);
    return changed;
  }

  /**
   * Rewrite the pay columns of the rows `where` selects and `stale` confirms, from their pay as it
   * reads (payOfRow), in batches by id. Rows that come out alike are written by one statement.
   */
  private async fill(
    trx: Db,
    rule: PayRule,
    where: (query: Knex.QueryBuilder) => void,
    stale: (row: IndexedRow) => boolean,
  ): Promise<number> {
    let after = 0;
    let written = 0;
    for (;;) {
      const query = trx('jobs').where('id', '>', after).orderBy('id').limit(BATCH);
      where(query);
      const rows: IndexedRow[] = await query.select(PAY_ROW_COLUMNS);
      if (!rows.length) return written;
      after = Number(rows[rows.length - 1]!.id);
      const alike = new Map<string, { columns: Record<string, unknown>; ids: number[] }>();
      for (const row of rows.filter(stale)) {
        const columns = jobPayColumns(payOfRow(row), rule);
        const key = JSON.stringify(columns);
        const group = alike.get(key) ?? { columns, ids: [] as number[] };
        group.ids.push(Number(row.id));
        alike.set(key, group);
      }
      for (const { columns, ids } of alike.values()) {
        await trx('jobs').whereIn('id', ids).update(columns);
        written += ids.length;
      }
    }
  }
}
