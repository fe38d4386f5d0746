import { emailKey } from '@jobboard/contract/common';
import type { Knex } from 'knex';
import type { Db } from '../platform/db/knex';

/**
 * Multiples Listing credits (`listing_credits`, only read and written here): further listings a
 * buyer may publish without paying again, kept per contact e-mail address. The column holds the
 * address's key (emailKey), so it is matched as it is, on its index, and with SQL doing no case
 * folding of its own (SQLite's lower() folds ASCII letters only).
 */
export class ListingCreditsRepository {
  /**
   * Spend one of the address's credits, oldest first. Each decrement is conditional
   * (`remaining > 0` in the UPDATE itself) and its row count checked, so approvals running at the
   * same time can never spend the last credit twice: on PostgreSQL the second UPDATE waits for the
   * first to commit and then finds nothing left. The number of credits left after, or null when
   * there was none to spend.
   */
  async spend(trx: Knex.Transaction, email: string): Promise<{ left: number } | null> {
    const candidates: { id: number }[] = await forAddress(trx, email)
      .andWhere('remaining', '>', 0)
      .orderBy('id')
      .select('id');
    for (const { id } of candidates) {
      const changed = await trx('listing_credits')
        .where({ id })
        .andWhere('remaining', '>', 0)
        .decrement('remaining', 1);
      if (Number(changed) === 1) return { left: await this.left(trx, email) };
    }
    return null;
  }

  /** The credits an address has left. */
  async left(db: Db, email: string): Promise<number> {
    const [row] = await forAddress(db, email).sum({ left: 'remaining' });
    return Number(row?.left ?? 0);
  }

  /** Credits left per address key (emailKey), for every address that has some. */
  async leftByAddress(db: Db): Promise<Map<string, number>> {
    const rows: { email: string; left: number | string }[] = await db('listing_credits')
      .where('remaining', '>', 0)
      .groupBy('contact_email')
      .select({ email: 'contact_email' })
      .sum({ left: 'remaining' });
    return new Map(rows.map((row) => [row.email, Number(row.left)]));
  }

  /** Give the address `count` further listings, bought with this submission. */
  async grant(
    trx: Knex.Transaction,
    credit: { email: string; sourceSubmissionId: number; count: number; at: Date },
  ): Promise<void> {
    await trx('listing_credits').insert({
      contact_email: emailKey(credit.email),
      source_submission_id: credit.sourceSubmissionId,
      remaining: credit.count,
      created_at: credit.at.getTime(),
    });
  }
}

const forAddress = (db: Db, email: string) =>
  db('listing_credits').where({ contact_email: emailKey(email) });
