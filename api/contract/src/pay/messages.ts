/** Every message and label of pay, word for word alike on every form (pay.ts re-exports it). */
import { formatAmount, formatMoney } from '../money';
import { PAY_LIMITS, maxAmount, periodOf, type PayPeriod } from './periods';

/** Every message about pay, on every form and in the sync's reasons, word for word. */
export const PAY_MESSAGES = {
  amount: 'Please enter an amount in figures, such as 65000 or 27.50',
  /** In `currency` when the form names one; else the figure alone (the board's is not known here). */
  tooLarge: (period: PayPeriod, currency?: string) =>
    `Please enter at most ${
      currency ? formatMoney(maxAmount(period), currency) : formatAmount(maxAmount(period))
    } ${periodOf(period).phrase}`,
  order: 'Maximum salary must be at least the minimum salary',
  period: 'Please choose what the pay is per: an hour, a day, a week, a month, a year, or in total',
  currency: 'Please enter a currency by its three-letter code, such as USD',
  benefits: `Please keep the benefits under ${PAY_LIMITS.benefits} characters`,
  text: `Please keep the pay in words under ${PAY_LIMITS.text} characters`,
  /** The public form asks for pay (docs/product.md#pay: pay transparency). */
  required:
    'Please give the salary (at least a minimum or a maximum): we only post roles that include one',
  /** Why a listing without pay is not on the board while the pay rule is on (admin, last sync). */
  held: 'Held back: no pay given. The board’s pay rule asks every listing to show its pay.',
} as const;

/** The pay fields' labels, alike on the public form, the employer's proposal and the admin form. */
export const PAY_FIELD_LABELS = {
  legend: 'Pay',
  min: 'Minimum pay',
  max: 'Maximum pay',
  period: 'Pay is',
  currency: 'Currency',
  benefits: 'Benefits (optional)',
  benefitsHint: 'One line, such as: Health, dental and vision; 403(b) with a 5% match',
  text: 'Pay in words (only when there are no figures)',
  textHint:
    'Such as "Competitive". Words that read as pay ("$25 - $30 an hour") become its figures.',
  amountHint: 'Figures only, such as 65000 or 27.50.',
} as const;

/** Why the public form asks for pay, under its heading (docs/product.md#pay). */
export const PAY_TRANSPARENCY_NOTE =
  'We only post roles submitted here when they include a salary. Pay transparency saves everyone time, and Colorado, Washington, California and New York require a pay range in job postings: give the range, what it is per (an hour, a month, a year, or a stipend in total), and the benefits.';
