/** A job's pay, as it is kept and as the API answers it, and its annual equivalent (pay.ts re-exports it). */
import { enums, nullable, number, object, optional, string, type Infer } from 'superstruct';
import {
  DEFAULT_CURRENCY,
  DEFAULT_PAY_PERIOD,
  PAY_PERIOD_VALUES,
  periodOf,
  type PayPeriod,
} from './periods';

/**
 * A job's pay. Figures are in the currency's units with at most two decimals (`27.5` is $27.50);
 * either may be absent (`min` alone: 'From $60,000 a year'; `max` alone: 'Up to ...'; equal: one
 * figure). `text` is pay in words, kept when there are no figures ('Competitive'); `benefits` a
 * short summary ('Health, dental, 403(b) match') shown beside the pay.
 */
export interface Pay {
  min: number | null;
  max: number | null;
  period: PayPeriod;
  currency: string;
  text: string | null;
  benefits: string | null;
}

export const NO_PAY: Pay = {
  min: null,
  max: null,
  period: DEFAULT_PAY_PERIOD,
  currency: DEFAULT_CURRENCY,
  text: null,
  benefits: null,
};

/** Whether a pay has a figure (what the pay rule asks every listing for). */
export const hasFigures = (pay: Pick<Pay, 'min' | 'max'> | null | undefined): boolean =>
  pay != null && (pay.min != null || pay.max != null);

/** A job's pay as the API answers it (Job.pay): present when it has figures or benefits. */
export const JobPay = object({
  min: nullable(number()),
  max: nullable(number()),
  period: enums(PAY_PERIOD_VALUES),
  currency: string(),
  benefits: optional(string()),
});
export type JobPay = Infer<typeof JobPay>;

/**
 * The deprecated `salaryMin` / `salaryMax` of the API's answers (and the previous release's
 * columns): a yearly pay's figures in whole units, none for a pay per another period, so an older
 * board shows the pay line (`salary`), which says the period, instead of figures it takes for a
 * year's.
 */
export function yearlyFigures(pay: Pick<Pay, 'min' | 'max' | 'period'>): {
  salaryMin: number | null;
  salaryMax: number | null;
} {
  const whole = (amount: number | null) =>
    pay.period === 'year' && amount != null ? Math.round(amount) : null;
  return { salaryMin: whole(pay.min), salaryMax: whole(pay.max) };
}

/** A pay as the API answers it: figures, period, currency and benefits (the words are `salary`). */
export function jobPayOf(pay: Pay): JobPay | undefined {
  if (!hasFigures(pay) && !pay.benefits) return undefined;
  return {
    min: pay.min,
    max: pay.max,
    period: pay.period,
    currency: pay.currency,
    ...(pay.benefits ? { benefits: pay.benefits } : {}),
  };
}

// ---------------------------------------------------------------------------------------------
// Compared

/**
 * The annual equivalent of a pay, in whole units of its currency (what the salary filters and
 * sorts compare): its figures times the period's factor, the lower from the minimum (else the
 * maximum) and the higher from the maximum (else the minimum). Null for a total, for a pay with
 * no figures, and for a pay in another currency than the board's (its figures are not
 * comparable with the filters' bands).
 */
export function annualPay(
  pay: Pick<Pay, 'min' | 'max' | 'period' | 'currency'>,
  boardCurrency: string,
): { low: number; high: number } | null {
  const perYear = periodOf(pay.period).perYear;
  if (perYear === null || !hasFigures(pay) || pay.currency !== boardCurrency) return null;
  const low = (pay.min ?? pay.max)!;
  const high = (pay.max ?? pay.min)!;
  return { low: Math.round(low * perYear), high: Math.round(high * perYear) };
}
