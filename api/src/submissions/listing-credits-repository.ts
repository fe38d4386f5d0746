import type { Knex } from 'knex';

type Db = Knex | Knex.Transaction;

/**
 * Multiples Listing credits (`listing_credits`): further listings a buyer may publish without
 * paying again, kept per contact e-mail address (lower-case; matched in any letter case).
 */

/**
 * Spend one of the address's credits, oldest first. Each decrement is conditional
 * (`remaining > 0` in the UPDATE itself) and its row count checked, so approvals running at the
 * same time can never spend the last credit twice: on PostgreSQL the second UPDATE waits for the
 * first to commit and then finds nothing left. The number of credits left after, or null when
 * there was none to spend.
 */
export async function spendListingCredit(
  trx: Knex.Transaction,
  email: string,
): Promise<{ left: number } | null> {
  const candidates: { id: number }[] = await forAddress(trx, email)
    .andWhere('remaining', '>', 0)
    .orderBy('id')
    .select('id');
  for (const { id } of candidates) {
    const changed = await trx('listing_credits')
      .where({ id })
      .andWhere('remaining', '>', 0)
      .decrement('remaining', 1);
    if (Number(changed) === 1) return { left: await creditsLeft(trx, email) };
  }
  return null;
}

/** The credits an address has left. */
export async function creditsLeft(db: Db, email: string): Promise<number> {
  const [row] = await forAddress(db, email).sum({ left: 'remaining' });
  return Number(row?.left ?? 0);
}

/** Credits left per lower-case address, for every address that has some. */
export async function creditsLeftByAddress(db: Db): Promise<Map<string, number>> {
  const rows: { email: string; left: number | string }[] = await db('listing_credits')
    .where('remaining', '>', 0)
    .groupByRaw('lower(contact_email)')
    .select(db.raw('lower(contact_email) as email'))
    .sum({ left: 'remaining' });
  return new Map(rows.map((row) => [row.email, Number(row.left)]));
}

const forAddress = (db: Db, email: string) =>
  db('listing_credits').whereRaw('lower(contact_email) = ?', [email.toLowerCase()]);
