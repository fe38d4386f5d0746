/** Pay as every place shows it (pay.ts re-exports it). */
import { formatMoney } from '../money';
import { hasFigures, type JobPay, type Pay } from './job-pay';
import { DEFAULT_CURRENCY, periodOf } from './periods';

/**
 * A pay as every place shows it: '$25 - $30 an hour', '$3,000 a month', '$5,000 stipend', 'From
 * $60,000 a year', 'Up to $75,000 a year'; its words when it has no figures; undefined for none.
 */
export function formatPay(
  pay: Pick<Pay, 'min' | 'max' | 'period' | 'currency'> & { text?: string | null },
): string | undefined {
  const { min, max, period, currency } = pay;
  const phrase = periodOf(period).phrase;
  const money = (amount: number) => formatMoney(amount, currency);
  if (min != null && max != null) {
    return min === max ? `${money(min)} ${phrase}` : `${money(min)} - ${money(max)} ${phrase}`;
  }
  if (min != null) return `From ${money(min)} ${phrase}`;
  if (max != null) return `Up to ${money(max)} ${phrase}`;
  return pay.text || undefined;
}

/**
 * The pay line of anything that carries a job's pay: a job or a submission as the API answers it
 * (its `pay`, else its `salary` words), or (an answer of an older API) yearly figures alone.
 */
export function formatSalary(job: {
  pay?: JobPay | null;
  salary?: string | null;
  salaryMin?: number | null;
  salaryMax?: number | null;
}): string | undefined {
  if (job.pay && hasFigures(job.pay)) return formatPay(job.pay);
  if (job.salary) return job.salary;
  if (job.salaryMin != null || job.salaryMax != null) {
    return formatPay({
      min: job.salaryMin ?? null,
      max: job.salaryMax ?? null,
      period: 'year',
      currency: DEFAULT_CURRENCY,
    });
  }
  return undefined;
}
