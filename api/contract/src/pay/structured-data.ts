/** Pay as it is told to Google (pay.ts re-exports it). */
import { hasFigures, type JobPay } from './job-pay';
import { periodOf } from './periods';

/**
 * `baseSalary` of a job's JobPosting (Google's structured data): the figures with their period's
 * unitText and the currency. A total (stipend, fixed fee) has no unit Google takes, and a unit
 * it would misread, so it is left out (docs/decisions/pay-in-structured-data.md), as is pay
 * without figures.
 */
export function baseSalaryOf(pay: JobPay | null | undefined) {
  if (!pay || !hasFigures(pay)) return undefined;
  const unitText = periodOf(pay.period).unitText;
  if (!unitText) return undefined;
  const { min, max } = pay;
  const value =
    min != null && max != null
      ? min === max
        ? { value: min }
        : { minValue: min, maxValue: max }
      : min != null
        ? { minValue: min }
        : { maxValue: max };
  return {
    '@type': 'MonetaryAmount',
    currency: pay.currency,
    value: { '@type': 'QuantitativeValue', ...value, unitText },
  };
}
