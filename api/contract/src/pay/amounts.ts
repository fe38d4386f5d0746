/** Figures typed into a form: the one amount parser, the form's fields and the one check of pay (pay.ts re-exports it). */
import { described } from '../json-schema';
import { isCurrencyCode } from './currencies';
import { hasFigures, type Pay } from './job-pay';
import { PAY_MESSAGES } from './messages';
import { readPayText } from './pay-text';
import {
  DEFAULT_PAY_PERIOD,
  PAY_LIMITS,
  PAY_PERIOD_VALUES,
  maxAmount,
  type PayPeriod,
} from './periods';

/**
 * An amount as a form's field or a source's figure gives it: digits, with commas or a currency
 * sign allowed ('65,000', '$27.50', 65000). Null when blank; NaN when it is not an amount (words,
 * a negative number, more than two decimals).
 */
export function parseAmount(value: unknown): number | null {
  if (value === undefined || value === null) return null;
  if (typeof value === 'number') {
    return Number.isFinite(value) && value >= 0 && hasCents(value) ? value : Number.NaN;
  }
  if (typeof value !== 'string') return Number.NaN;
  const text = value.replace(/[\s,$£€]/g, '');
  if (text === '') return null;
  if (!/^\d{1,12}(?:\.\d{1,2})?$/.test(text)) return Number.NaN;
  return Number(text);
}

const hasCents = (value: number) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6;

/** A figure field of a form: blank, or an amount (its ceiling depends on the period: checkPay). */
export const amountField = described<string | number | null>(
  'amount',
  {
    type: ['number', 'string', 'null'],
    description: 'A figure, as a number or as typed; blank or null: none.',
  },
  (value) => !Number.isNaN(parseAmount(value)) || PAY_MESSAGES.amount,
);

/** The period field of a form: one of PAY_PERIODS. */
export const periodField = described<PayPeriod>(
  'payPeriod',
  { enum: PAY_PERIOD_VALUES },
  (value) => (PAY_PERIOD_VALUES as unknown[]).includes(value) || PAY_MESSAGES.period,
);

/** The currency field of a form: an ISO 4217 code (blank: the board's). */
export const currencyField = described<string>(
  'currency',
  {
    type: 'string',
    pattern: '^([A-Z]{3})?$',
    description: "An ISO 4217 code; blank: the board's currency.",
  },
  (value) => value === '' || isCurrencyCode(value) || PAY_MESSAGES.currency,
);

/** The benefits field of a form: short text. */
export const benefitsField = described<string>(
  'benefits',
  { type: 'string', maxLength: PAY_LIMITS.benefits },
  (value) =>
    (typeof value === 'string' && value.length <= PAY_LIMITS.benefits) || PAY_MESSAGES.benefits,
);

/** The pay-in-words field of the admin form and a source. */
export const payTextField = described<string>(
  'payText',
  { type: 'string', maxLength: PAY_LIMITS.text },
  (value) => (typeof value === 'string' && value.length <= PAY_LIMITS.text) || PAY_MESSAGES.text,
);

/** The pay fields of a form, as a form holds them (figures as typed). */
export interface PayFields {
  salaryMin?: string | number | null;
  salaryMax?: string | number | null;
  salaryPeriod?: PayPeriod | null;
  salaryCurrency?: string | null;
}

/** A problem with a pay, on the field the form shows it at. */
export interface PayProblem {
  path: ['salaryMin' | 'salaryMax' | 'salaryPeriod'];
  message: string;
}

/**
 * The one check of a pay's figures, on every path: each within the period's ceiling, and the
 * maximum not below the minimum. Unreadable figures are their fields' own (amountField).
 */
export function checkPay(fields: PayFields): true | PayProblem {
  const min = parseAmount(fields.salaryMin);
  const max = parseAmount(fields.salaryMax);
  if (Number.isNaN(min) || Number.isNaN(max)) return true;
  const period = fields.salaryPeriod ?? DEFAULT_PAY_PERIOD;
  const currency = fields.salaryCurrency || undefined;
  for (const [field, amount] of [
    ['salaryMin', min],
    ['salaryMax', max],
  ] as const) {
    if (amount !== null && amount > maxAmount(period)) {
      return { path: [field], message: PAY_MESSAGES.tooLarge(period, currency) };
    }
  }
  if (min !== null && max !== null && min > max) {
    return { path: ['salaryMax'], message: PAY_MESSAGES.order };
  }
  return true;
}

/** The public form's rule (docs/product.md#pay): at least one figure. */
export function payGiven(fields: PayFields): true | PayProblem {
  return (
    parseAmount(fields.salaryMin) !== null ||
    parseAmount(fields.salaryMax) !== null || {
      path: ['salaryMin'],
      message: PAY_MESSAGES.required,
    }
  );
}

/**
 * A pay from a form's fields (checked already): the figures, the period (the default when not
 * given), the currency (`boardCurrency` when not given) and the benefits.
 */
export function payFromFields(
  fields: PayFields & { benefitsSummary?: string | null; salaryText?: string | null },
  boardCurrency: string,
): Pay {
  const pay: Pay = {
    min: parseAmount(fields.salaryMin),
    max: parseAmount(fields.salaryMax),
    period: fields.salaryPeriod ?? DEFAULT_PAY_PERIOD,
    currency: fields.salaryCurrency || boardCurrency,
    text: fields.salaryText?.trim() || null,
    benefits: fields.benefitsSummary?.trim() || null,
  };
  return settlePay(pay);
}

/**
 * A pay as it is kept: words that read as figures become them (an admin's 'Salary as written'
 * '$25 - $30 an hour'), and words are kept only when there are no figures.
 */
export function settlePay(pay: Pay): Pay {
  if (hasFigures(pay)) return { ...pay, text: null };
  if (!pay.text) return pay;
  const read = readPayText(pay.text);
  return read ? { ...pay, ...read, currency: read.currency ?? pay.currency, text: null } : pay;
}

/** A pay's figures as a form shows them ('' for none; cents only when there are some). */
export function amountText(amount: number | null | undefined): string {
  if (amount == null) return '';
  return Number.isInteger(amount) ? String(amount) : amount.toFixed(2);
}
