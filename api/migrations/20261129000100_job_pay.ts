import type { Migration } from './migration';

/**
 * Pay as one model (issue 39, docs/product.md#pay), on jobs and submissions alike: the figures in
 * cents (`pay_min_cents`, `pay_max_cents`: hourly pay has cents), what they are per
 * (`salary_period`: hour, day, week, month, year, stipend, fee), the currency (ISO 4217) and a
 * benefits summary. On jobs also the annual equivalent the salary filters and sorts compare
 * (`pay_annual_low`, `pay_annual_high`: whole units of the board's currency, null for a total,
 * for no figures and for another currency) and `pay_held`: the board's pay rule holds the job back
 * from the board (it shows no pay).
 *
 * Expand only: `salary_text`, `salary_min` and `salary_max` stay, and every write keeps them as
 * the previous release reads them (jobs/pay-columns.ts). A row with no `salary_period` was written
 * by an earlier release; the API reads its pay from those columns and fills the new ones once, at
 * start (jobs/pay-index.ts), with the contract's one reader of pay in words: a copy of it here
 * would be a second home of that rule.
 */
export default {
  name: '20261129000100_job_pay',
  async up(knex) {
    for (const table of ['jobs', 'submissions']) {
      await knex.schema.alterTable(table, (t) => {
        t.integer('pay_min_cents').nullable();
        t.integer('pay_max_cents').nullable();
        t.string('salary_period', 8).nullable();
        t.string('salary_currency', 3).nullable();
        t.string('benefits_summary', 200).nullable();
      });
    }
    await knex.schema.alterTable('jobs', (t) => {
      t.integer('pay_annual_low').nullable();
      t.integer('pay_annual_high').nullable();
      t.boolean('pay_held').notNullable().defaultTo(false);
    });
  },
  async down(knex) {
    await knex.schema.alterTable('jobs', (t) => {
      t.dropColumn('pay_annual_low');
      t.dropColumn('pay_annual_high');
      t.dropColumn('pay_held');
    });
    for (const table of ['jobs', 'submissions']) {
      await knex.schema.alterTable(table, (t) => {
        t.dropColumn('pay_min_cents');
        t.dropColumn('pay_max_cents');
        t.dropColumn('salary_period');
        t.dropColumn('salary_currency');
        t.dropColumn('benefits_summary');
      });
    }
  },
} satisfies Migration;
