import type { Knex } from 'knex';

export interface PromoCodeRow {
  id: number;
  code: string;
  description: string;
  percent_off: number | null;
  amount_off_cents: number | null;
  starts_at: number | null;
  ends_at: number | null;
  max_redemptions: number | null;
  redemptions: number;
  active: boolean | number;
}

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
 * not used up. Redemptions are counted when a listing's payment starts (redeemPromoCode), not when
 * it is submitted: a submission only tells the employer the code is good today.
 */
export async function findUsablePromoCode(
  db: Knex | Knex.Transaction,
  code: string,
  now: Date,
): Promise<PromoLookup> {
  const promo = await db<PromoCodeRow>('promo_codes')
    .where({ code: code.trim().toUpperCase() })
    .first();
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

/**
 * Count one redemption of the code if it has one left, in a single conditional UPDATE: however
 * many listings are paid at the same moment, the counter never passes max_redemptions. False
 * when the code is used up (or gone).
 */
export async function redeemPromoCode(
  db: Knex | Knex.Transaction,
  promoId: number,
): Promise<boolean> {
  const changed = await db('promo_codes')
    .where({ id: promoId })
    .andWhere((left) =>
      left.whereNull('max_redemptions').orWhere('redemptions', '<', db.ref('max_redemptions')),
    )
    .increment('redemptions', 1);
  return Number(changed) === 1;
}
