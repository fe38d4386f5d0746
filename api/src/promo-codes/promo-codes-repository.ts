import type { Db } from '../platform/db/knex';
import type { PromoCodeColumns, PromoCodeRow } from './promo-codes';

/** The `promo_codes` table: the only code that reads or writes it. */
export class PromoCodesRepository {
  async list(db: Db): Promise<PromoCodeRow[]> {
    return db<PromoCodeRow>('promo_codes').orderBy('code');
  }

  async findById(db: Db, id: number): Promise<PromoCodeRow | undefined> {
    return db<PromoCodeRow>('promo_codes').where({ id }).first();
  }

  /** The code as stored (upper-case). */
  async findByCode(db: Db, code: string): Promise<PromoCodeRow | undefined> {
    return db<PromoCodeRow>('promo_codes').where({ code }).first();
  }

  /** Whether another promo code (than `exceptId`) has this code already. */
  async codeTaken(db: Db, code: string, exceptId?: number): Promise<boolean> {
    const query = db('promo_codes').where({ code });
    if (exceptId !== undefined) query.whereNot({ id: exceptId });
    return Boolean(await query.first('id'));
  }

  /** Store a new code; its id. */
  async insert(db: Db, columns: PromoCodeColumns & { created_at: number }): Promise<number> {
    const [row] = await db('promo_codes').insert(columns).returning('id');
    return Number(typeof row === 'object' ? row.id : row);
  }

  /** False when there is no such code. */
  async update(db: Db, id: number, columns: PromoCodeColumns): Promise<boolean> {
    return (await db('promo_codes').where({ id }).update(columns)) > 0;
  }

  /** False when there is no such code. Submissions that used it keep their copy of its text. */
  async delete(db: Db, id: number): Promise<boolean> {
    return (await db('promo_codes').where({ id }).delete()) > 0;
  }

  /**
   * Count one redemption of the code if it has one left, in a single conditional UPDATE: however
   * many listings are paid at the same moment, the counter never passes max_redemptions. False
   * when the code is used up (or gone).
   */
  async redeem(db: Db, promoId: number): Promise<boolean> {
    const changed = await db('promo_codes')
      .where({ id: promoId })
      .andWhere((left) =>
        left.whereNull('max_redemptions').orWhere('redemptions', '<', db.ref('max_redemptions')),
      )
      .increment('redemptions', 1);
    return Number(changed) === 1;
  }
}
