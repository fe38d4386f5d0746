/** What pay is counted per, the board's defaults and the one ceiling of pay (pay.ts re-exports it). */

/**
 * What pay is counted per. A time period has a factor to a year (`perYear`, the annual
 * equivalent the salary filters and sorts compare: 2,080 working hours, 260 working days, 52
 * weeks, 12 months) and Google's `unitText`; a total (a stipend, a fixed fee) is paid once for
 * the whole engagement and has neither.
 */
export const PAY_PERIODS = [
  { value: 'hour', label: 'Per hour', phrase: 'an hour', perYear: 2080, unitText: 'HOUR' },
  { value: 'day', label: 'Per day', phrase: 'a day', perYear: 260, unitText: 'DAY' },
  { value: 'week', label: 'Per week', phrase: 'a week', perYear: 52, unitText: 'WEEK' },
  { value: 'month', label: 'Per month', phrase: 'a month', perYear: 12, unitText: 'MONTH' },
  { value: 'year', label: 'Per year', phrase: 'a year', perYear: 1, unitText: 'YEAR' },
  {
    value: 'stipend',
    label: 'Stipend (in total)',
    phrase: 'stipend',
    perYear: null,
    unitText: null,
  },
  {
    value: 'fee',
    label: 'Fixed fee (in total)',
    phrase: 'fixed fee',
    perYear: null,
    unitText: null,
  },
] as const;
export type PayPeriod = (typeof PAY_PERIODS)[number]['value'];
export const PAY_PERIOD_VALUES = PAY_PERIODS.map((p) => p.value) as PayPeriod[];

/** A form or a client that does not say what the figures are per means a year (what the forms asked before periods). */
export const DEFAULT_PAY_PERIOD: PayPeriod = 'year';

/** The board's currency when the operator sets none (BOARD_CURRENCY). */
export const DEFAULT_CURRENCY = 'USD';

export const periodOf = (value: PayPeriod) => PAY_PERIODS.find((p) => p.value === value)!;

/** Whether pay per `period` is paid once for the whole engagement (a stipend, a fixed fee). */
export const isTotalPeriod = (period: PayPeriod): boolean => periodOf(period).perYear === null;

/** The periods of pay given in total (the salary filter's 'Stipends and fixed fees'). */
export const TOTAL_PAY_PERIODS: PayPeriod[] = PAY_PERIOD_VALUES.filter(isTotalPeriod);

/**
 * The limits of pay, wherever it is written. The one ceiling is an annual equivalent (a total
 * has it as its own figure), so each period's largest figure is that over its factor: $4,807.69
 * an hour, $833,333.33 a month. It keeps the annual figures within PostgreSQL's int4 and the
 * figures, held in cents, too.
 */
export const PAY_LIMITS = {
  /** The largest pay a listing may show, as a year's (or a total's) figure. */
  annual: 10_000_000,
  /** Figures have at most this many decimals (cents). */
  decimals: 2,
  /** jobs.benefits_summary */
  benefits: 200,
  /** jobs.salary_text: pay in words ('Competitive, depends on experience'). */
  text: 200,
} as const;

/** The largest figure pay per `period` may have (PAY_LIMITS.annual over its factor, in cents). */
export function maxAmount(period: PayPeriod): number {
  const perYear = periodOf(period).perYear ?? 1;
  return Math.floor((PAY_LIMITS.annual * 100) / perYear) / 100;
}
