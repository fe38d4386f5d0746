/**
 * The checks the admin forms share (sign-in, job form, review, promo codes). Not part of the
 * public `@jobboard/contract/admin` entry: admin.ts does not re-export this module.
 */
import { described } from '../json-schema';
import { ISO_DATE_PATTERN, isoDateOf } from '../dates';
import { ADMIN_MESSAGES, MAX_AMOUNT_CENTS } from './messages';

/** A JSON Schema pattern: the text is not blank (it holds a character other than white space). */
export const NOT_BLANK = '\\S';

export const filled = (message: string, max: number) =>
  described<string>('filled', { type: 'string', maxLength: max, pattern: NOT_BLANK }, (value) => {
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
export const isoDate = described<string>(
  'isoDate',
  { type: 'string', format: 'date' },
  (value) => isRealIsoDate(value) || ADMIN_MESSAGES.invalid,
);

/** Text up to `max` characters (a missing value takes the default of the field). */
export const text = (max: number) =>
  described<string>(
    'text',
    { type: 'string', maxLength: max },
    (v) => (typeof v === 'string' && v.length <= max) || ADMIN_MESSAGES.tooLong(max),
  );

/** Cents: a whole number above 0, at most MAX_AMOUNT_CENTS. */
export const cents = described<number>(
  'cents',
  { type: 'integer', minimum: 1, maximum: MAX_AMOUNT_CENTS },
  (v) => {
    if (!Number.isSafeInteger(v) || (v as number) <= 0) return ADMIN_MESSAGES.amount;
    return (v as number) <= MAX_AMOUNT_CENTS || ADMIN_MESSAGES.amountTooLarge;
  },
);
