import { DAY_MS, dayEndsAt, dayStartsAt, isoDate } from '@jobboard/contract/common';
import type { PromoCode, PromoCodeInput } from '@jobboard/contract/admin';
import type { Knex } from 'knex';
import type { Db } from '../platform/db/knex';
import { Conflict, NotFound } from '../platform/domain-errors';
import type { PromoCodesRepository } from './promo-codes-repository';

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

/** The columns an admin writes. */
export type PromoCodeColumns = Omit<PromoCodeRow, 'id' | 'redemptions'> & { updated_at: number };

export const PROMO_MESSAGES = {
  unknown: 'This promo code is not valid',
  notStarted: 'This promo code is not active yet',
  expired: 'This promo code has expired',
  exhausted: 'This promo code has been fully redeemed',
} as const;

/** Nothing is ever charged less than this (a dollar): Stripe refuses tiny charges anyway. */
export const MINIMUM_CHARGE_CENTS = 100;

export type PromoLookup = { ok: true; promo: PromoCodeRow } | { ok: false; message: string };

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
 * Promo codes: percent or amount off, an active window and a redemption limit. The admins keep
 * them; a submission checks its code, and a listing's payment counts it (payments/).
 */
export class PromoCodes {
  constructor(
    private readonly db: Knex,
    private readonly codes: PromoCodesRepository,
  ) {}

  /**
   * A promo code that can be used now: known (any letter case), switched on, inside its dates and
   * not used up. Redemptions are counted when a listing's payment starts (`redeem`), not when it
   * is submitted: a submission only tells the employer the code is good today.
   */
  async usable(db: Db, code: string, now: Date): Promise<PromoLookup> {
    const promo = await this.codes.findByCode(db, code.trim().toUpperCase());
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

  /** Count one redemption of the code, if it has one left; false when it was used up. */
  redeem(db: Db, promoId: number): Promise<boolean> {
    return this.codes.redeem(db, promoId);
  }

  /** The code with this id, as stored (deleted: undefined). */
  find(db: Db, promoId: number): Promise<PromoCodeRow | undefined> {
    return this.codes.findById(db, promoId);
  }

  // ---- the admin's screens ---------------------------------------------------------------------

  async list(): Promise<PromoCode[]> {
    return (await this.codes.list(this.db)).map(toPromoCode);
  }

  async create(input: PromoCodeInput, now: Date): Promise<PromoCode> {
    const values = columns(input, now);
    if (await this.codes.codeTaken(this.db, values.code)) {
      throw new Conflict(`The promo code ${values.code} already exists.`);
    }
    const id = await this.codes.insert(this.db, { ...values, created_at: now.getTime() });
    return toPromoCode((await this.codes.findById(this.db, id))!);
  }

  async update(id: number, input: PromoCodeInput, now: Date): Promise<PromoCode> {
    const values = columns(input, now);
    if (await this.codes.codeTaken(this.db, values.code, id)) {
      throw new Conflict(`The promo code ${values.code} already exists.`);
    }
    if (!(await this.codes.update(this.db, id, values))) throw new NotFound('Promo code not found');
    return toPromoCode((await this.codes.findById(this.db, id))!);
  }

  /** Deleting keeps submissions that used it (their link is set to null; the code text stays). */
  async delete(id: number): Promise<void> {
    if (!(await this.codes.delete(this.db, id))) throw new NotFound('Promo code not found');
  }
}

const dayStart = (iso: string | null | undefined) => (iso ? dayStartsAt(iso) : null);
/** An end date includes its whole day. */
const dayEnd = (iso: string | null | undefined) => (iso ? dayEndsAt(iso) : null);
const isoDay = (ms: number | null, end = false) =>
  ms === null ? null : isoDate(Number(ms) - (end ? DAY_MS : 0));

function toPromoCode(row: PromoCodeRow): PromoCode {
  return {
    id: String(row.id),
    code: row.code,
    description: row.description,
    percentOff: row.percent_off,
    amountOffCents: row.amount_off_cents,
    startsAt: isoDay(row.starts_at),
    endsAt: isoDay(row.ends_at, true),
    maxRedemptions: row.max_redemptions,
    redemptions: Number(row.redemptions),
    active: Boolean(row.active),
  };
}

function columns(input: PromoCodeInput, now: Date): PromoCodeColumns {
  return {
    code: input.code.trim().toUpperCase(),
    description: input.description.trim(),
    percent_off: input.percentOff ?? null,
    amount_off_cents: input.amountOffCents ?? null,
    starts_at: dayStart(input.startsAt),
    ends_at: dayEnd(input.endsAt),
    max_redemptions: input.maxRedemptions ?? null,
    active: input.active,
    updated_at: now.getTime(),
  };
}
