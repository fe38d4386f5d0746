import {
  DEFAULT_CURRENCY,
  PAY_PERIOD_VALUES,
  annualPay,
  formatPay,
  hasFigures,
  readPay,
  yearlyFigures,
  type Pay,
  type PayPeriod,
} from '@jobboard/contract/jobs';

/**
 * How a pay (the contract's one model, docs/product.md#pay) is kept in a row of `jobs` or
 * `submissions`, and read back. The rules of pay are the contract's; this is only its columns.
 */

/** The pay columns of a row of `jobs` or `submissions`. */
export interface PayRow {
  pay_min_cents: number | string | null;
  pay_max_cents: number | string | null;
  salary_period: string | null;
  salary_currency: string | null;
  benefits_summary: string | null;
  /** The pay line, or its words when it has no figures (see payColumns). */
  salary_text?: string | null;
  /** The previous release's whole yearly figures (see payColumns). */
  salary_min: number | string | null;
  salary_max: number | string | null;
}

/** What a job's pay is compared in, and whether the board asks every listing for pay. */
export interface PayRule {
  /** The board's currency (BOARD_CURRENCY): the annual figures are in it. */
  currency: string;
  /** The admins' setting `requirePay`: a job without pay is held back from the board. */
  requirePay: boolean;
}

const isPeriod = (value: unknown): value is PayPeriod =>
  (PAY_PERIOD_VALUES as unknown[]).includes(value);

const units = (cents: number | string | null) => (cents == null ? null : Number(cents) / 100);
const cents = (amount: number | null) => (amount == null ? null : Math.round(amount * 100));
const numberOrNull = (value: number | string | null) => (value == null ? null : Number(value));

/** Whether a row was written before pay had a period (by an earlier release). */
export const isLegacyPayRow = (row: Pick<PayRow, 'salary_period'>): boolean =>
  !isPeriod(row.salary_period);

/**
 * A row's pay. A row an earlier release wrote has no period: its pay is read from its salary text
 * and yearly figures, as that release showed them (in US dollars, the only currency it had).
 */
export function payOfRow(row: PayRow): Pay {
  if (!isPeriod(row.salary_period)) {
    return readPay(
      {
        min: numberOrNull(row.salary_min),
        max: numberOrNull(row.salary_max),
        text: row.salary_text ?? null,
      },
      DEFAULT_CURRENCY,
    );
  }
  const min = units(row.pay_min_cents);
  const max = units(row.pay_max_cents);
  return {
    min,
    max,
    period: row.salary_period,
    currency: row.salary_currency ?? DEFAULT_CURRENCY,
    text: min == null && max == null ? (row.salary_text ?? null) : null,
    benefits: row.benefits_summary,
  };
}

/**
 * The columns of a pay, in `jobs` and `submissions` alike. The previous release's figures are
 * written so that it tells the truth too, should it run on this schema (a rollback): it takes
 * them for a year's US dollars, so they are kept only for a yearly pay.
 */
export function payColumns(pay: Pay) {
  const { salaryMin, salaryMax } = yearlyFigures(pay);
  return {
    pay_min_cents: cents(pay.min),
    pay_max_cents: cents(pay.max),
    salary_period: pay.period,
    salary_currency: pay.currency,
    benefits_summary: pay.benefits,
    salary_min: salaryMin,
    salary_max: salaryMax,
  };
}

/**
 * A job's pay columns: its pay's; `salary_text`, its words, which the previous release shows as
 * they are, so the pay line there (it says the period); the annual equivalent it is compared by,
 * and the rule's hold.
 */
export function jobPayColumns(pay: Pay, rule: PayRule) {
  const annual = annualPay(pay, rule.currency);
  return {
    ...payColumns(pay),
    salary_text: formatPay(pay) ?? null,
    pay_annual_low: annual?.low ?? null,
    pay_annual_high: annual?.high ?? null,
    pay_held: heldForPay(pay, rule),
  };
}

/** Whether the pay rule holds a job with this pay back from the board (PAY_MESSAGES.held). */
export const heldForPay = (pay: Pay, rule: PayRule): boolean => rule.requirePay && !hasFigures(pay);
