import type { PromoCode, PromoCodeInput } from '@jobboard/contract';
import type { Knex } from 'knex';
import { Conflict, NotFound } from '../domain-errors';
import type { PromoCodeRow, PromoCodesRepository } from './promo-codes-repository';

/** What the admin's promo code screens need: the pool and the promo codes' repository. */
export interface PromoCodesContext {
  db: Knex;
  promoCodes: PromoCodesRepository;
  now: Date;
}

const dayStart = (iso: string | null | undefined) => (iso ? Date.parse(`${iso}T00:00:00Z`) : null);
/** An end date includes its whole day. */
const dayEnd = (iso: string | null | undefined) =>
  iso ? Date.parse(`${iso}T00:00:00Z`) + 86_400_000 : null;
const isoDay = (ms: number | null, end = false) =>
  ms === null ? null : new Date(Number(ms) - (end ? 86_400_000 : 0)).toISOString().slice(0, 10);

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

function columns(input: PromoCodeInput, now: Date) {
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

export async function listPromoCodes({ db, promoCodes }: PromoCodesContext): Promise<PromoCode[]> {
  return (await promoCodes.list(db)).map(toPromoCode);
}

export async function createPromoCode(
  input: PromoCodeInput,
  { db, promoCodes, now }: PromoCodesContext,
): Promise<PromoCode> {
  const values = columns(input, now);
  if (await promoCodes.codeTaken(db, values.code)) {
    throw new Conflict(`The promo code ${values.code} already exists.`);
  }
  const id = await promoCodes.insert(db, { ...values, created_at: now.getTime() });
  return toPromoCode((await promoCodes.findById(db, id))!);
}

export async function updatePromoCode(
  id: number,
  input: PromoCodeInput,
  { db, promoCodes, now }: PromoCodesContext,
): Promise<PromoCode> {
  const values = columns(input, now);
  if (await promoCodes.codeTaken(db, values.code, id)) {
    throw new Conflict(`The promo code ${values.code} already exists.`);
  }
  if (!(await promoCodes.update(db, id, values))) throw new NotFound('Promo code not found');
  return toPromoCode((await promoCodes.findById(db, id))!);
}

/** Deleting keeps submissions that used it (their link is set to null; the code text stays). */
export async function deletePromoCode(
  id: number,
  { db, promoCodes }: PromoCodesContext,
): Promise<void> {
  if (!(await promoCodes.delete(db, id))) throw new NotFound('Promo code not found');
}
