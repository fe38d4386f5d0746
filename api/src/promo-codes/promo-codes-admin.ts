import type { PromoCode, PromoCodeInput } from '@jobboard/contract';
import type { Knex } from 'knex';
import { HttpError, notFound } from '../http/http-error';
import type { PromoCodeRow } from './promo-codes';

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

export async function listPromoCodes(db: Knex): Promise<PromoCode[]> {
  return (await db<PromoCodeRow>('promo_codes').orderBy('code')).map(toPromoCode);
}

export async function createPromoCode(
  db: Knex,
  input: PromoCodeInput,
  now: Date,
): Promise<PromoCode> {
  const values = columns(input, now);
  if (await db('promo_codes').where({ code: values.code }).first()) {
    throw new HttpError(409, `The promo code ${values.code} already exists.`);
  }
  const [row] = await db('promo_codes')
    .insert({ ...values, created_at: now.getTime() })
    .returning('id');
  const id = Number(typeof row === 'object' ? row.id : row);
  return toPromoCode((await db<PromoCodeRow>('promo_codes').where({ id }).first())!);
}

export async function updatePromoCode(
  db: Knex,
  id: number,
  input: PromoCodeInput,
  now: Date,
): Promise<PromoCode> {
  const values = columns(input, now);
  const clash = await db('promo_codes').where({ code: values.code }).whereNot({ id }).first();
  if (clash) throw new HttpError(409, `The promo code ${values.code} already exists.`);
  if (!(await db('promo_codes').where({ id }).update(values)))
    throw notFound('Promo code not found');
  return toPromoCode((await db<PromoCodeRow>('promo_codes').where({ id }).first())!);
}

/** Deleting keeps submissions that used it (their link is set to null; the code text stays). */
export async function deletePromoCode(db: Knex, id: number): Promise<void> {
  if (!(await db('promo_codes').where({ id }).delete())) throw notFound('Promo code not found');
}
