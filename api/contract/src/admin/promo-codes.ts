/** Promo codes as the admin creates and lists them (api/src/promo-codes/). */
import {
  array,
  boolean,
  defaulted,
  integer,
  nullable,
  object,
  optional,
  refine,
  string,
  type Infer,
} from 'superstruct';
import { described } from '../json-schema';
import { cents, isoDate, text } from './form-rules';
import { ADMIN_LIMITS } from './messages';

export const PromoCodeInput = refine(
  object({
    code: described<string>(
      'code',
      { type: 'string', pattern: '^\\s*[A-Za-z0-9_-]{2,40}\\s*$' },
      (v) =>
        (typeof v === 'string' && /^[A-Za-z0-9_-]{2,40}$/.test(v.trim())) ||
        'Use 2 to 40 letters, numbers or dashes',
    ),
    description: defaulted(text(ADMIN_LIMITS.promoDescription), ''),
    percentOff: optional(
      nullable(
        described<number>(
          'percent',
          { type: 'integer', minimum: 1, maximum: 100 },
          (v) =>
            (Number.isInteger(v) && (v as number) >= 1 && (v as number) <= 100) ||
            'Enter a percentage from 1 to 100',
        ),
      ),
    ),
    amountOffCents: optional(nullable(cents)),
    startsAt: optional(nullable(isoDate)),
    endsAt: optional(nullable(isoDate)),
    maxRedemptions: optional(
      nullable(
        described<number>(
          'max',
          { type: 'integer', minimum: 1, maximum: ADMIN_LIMITS.maxRedemptions },
          (v) =>
            (Number.isInteger(v) &&
              (v as number) >= 1 &&
              (v as number) <= ADMIN_LIMITS.maxRedemptions) ||
            `Enter a whole number from 1 to ${ADMIN_LIMITS.maxRedemptions}`,
        ),
      ),
    ),
    active: defaulted(boolean(), true),
  }),
  'discount',
  (value) =>
    (value.percentOff != null) !== (value.amountOffCents != null) || {
      path: ['percentOff'],
      message: 'Give either a percentage or an amount off',
    },
);
export type PromoCodeInput = Infer<typeof PromoCodeInput>;

export const PromoCode = object({
  id: string(),
  code: string(),
  description: string(),
  percentOff: nullable(integer()),
  amountOffCents: nullable(integer()),
  startsAt: nullable(string()),
  endsAt: nullable(string()),
  maxRedemptions: nullable(integer()),
  redemptions: integer(),
  active: boolean(),
});
export type PromoCode = Infer<typeof PromoCode>;
export const PromoCodeList = array(PromoCode);
