import type { Db } from '../db/knex';
import type { PromoCodeRow, PromoCodesRepository } from './promo-codes-repository';

export const PROMO_MESSAGES = {
  unknown: 'This promo code is not valid',
  notStarted: 'This promo code is not active yet',
  expired: 'This promo code has expired',
  exhausted: 'This promo code has been fully redeemed',
} as const;

/** Nothing is ever charged less than this (a dollar): Stripe refuses tiny charges anyway. */
export const MINIMUM_CHARGE_CENTS = 100;

export type PromoLookup = { ok: true; promo: PromoCodeRow } | { ok: false; message: string };

/**
 * A promo code that can be used now: known (any letter case), switched on, inside its dates and
 * not used up. Redemptions are counted when a listing's payment starts (PromoCodesRepository.redeem), not when
 * it is submitted: a submission only tells the employer the code is good today.
 */
export async function findUsablePromoCode(
  promoCodes: PromoCodesRepository,
  db: Db,
  code: string,
  now: Date,
): Promise<PromoLookup> {
  const promo = await promoCodes.findByCode(db, code.trim().toUpperCase());
  if (!promo || !promo.active) return { ok: false, message: PROMO_MESSAGES.unknown };
  if (promo.starts_at !== null && now.getTime() < Number(promo.starts_at)) {
    return { ok: false, message: PROMO_MESSAGES.notStarted };
  }
  if (promo.ends_at !== null && now.getTime() >= Number(promo.ends_at)) {
    return { ok: false, message: PROMO_MESSAGES.expired };
  }
  if (promo.max_redemptions !== null && promo.redemptions >= promo.max_redemptions) {
    return { ok: false, message: PROMO_MESSAGES.exhausted };
  }
  return { ok: true, promo };
}

/** The price after a promo code: percent or amount off, never below the minimum charge. */
export function discountedCents(priceCents: number, promo: PromoCodeRow | null): number {
  if (!promo) return priceCents;
  const off =
    promo.percent_off !== null
      ? Math.round((priceCents * promo.percent_off) / 100)
      : (promo.amount_off_cents ?? 0);
  return Math.max(MINIMUM_CHARGE_CENTS, priceCents - off);
}
