/**
 * The checks the admin forms share (sign-in, job form, review, promo codes). Not part of the
 * public `@jobboard/contract/admin` entry: admin.ts does not re-export this module.
 */
import { define } from 'superstruct';
import { ISO_DATE_PATTERN, isoDateOf } from '../dates';
import { ADMIN_MESSAGES, MAX_AMOUNT_CENTS } from './messages';

export const filled = (message: string, max: number) =>
  define<string>('filled', (value) => {
    if (typeof value !== 'string' || value.trim() === '') return message;
    return value.length <= max || ADMIN_MESSAGES.tooLong(max);
  });

/** A real calendar date written YYYY-MM-DD (what a date input gives). */
export const isRealIsoDate = (value: unknown): value is string =>
  typeof value === 'string' &&
  ISO_DATE_PATTERN.test(value) &&
  isoDateOf(Number(value.slice(0, 4)), Number(value.slice(5, 7)), Number(value.slice(8, 10))) !==
    null;

/** A YYYY-MM-DD date field (a promo code's start and end). */
export const isoDate = define<string>(
  'isoDate',
  (value) => isRealIsoDate(value) || ADMIN_MESSAGES.invalid,
);

/** Text up to `max` characters (a missing value takes the default of the field). */
export const text = (max: number) =>
  define<string>(
    'text',
    (v) => (typeof v === 'string' && v.length <= max) || ADMIN_MESSAGES.tooLong(max),
  );

/** Cents: a whole number above 0, at most MAX_AMOUNT_CENTS. */
export const cents = define<number>('cents', (v) => {
  if (!Number.isSafeInteger(v) || (v as number) <= 0) return ADMIN_MESSAGES.amount;
  return (v as number) <= MAX_AMOUNT_CENTS || ADMIN_MESSAGES.amountTooLarge;
});
