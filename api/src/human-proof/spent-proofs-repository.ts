import type { Knex } from 'knex';

/** The table of spent solutions (migrations/20261129150400_create_human_proof_spent.ts). */
export const SPENT_TABLE = 'human_proof_spent';

/** Whether a database error is the table's primary key: the nonce was spent already. */
const isSpentAlready = (error: unknown): boolean => {
  const text = String((error as { message?: string })?.message ?? '');
  const code = (error as { code?: string })?.code;
  return (
    (code === '23505' && text.includes(`${SPENT_TABLE}_pkey`)) ||
    (code === 'SQLITE_CONSTRAINT' && text.includes(`${SPENT_TABLE}.nonce`))
  );
};

/**
 * The `human_proof_spent` table: the only code that queries it. A solution is spent by inserting
 * its challenge's nonce: the primary key lets one insert of a nonce through, in any number of
 * processes, so a solution sent twice at once is taken once.
 */
export class SpentProofsRepository {
  constructor(private readonly db: Knex) {}

  /** Spend a nonce: true the first time, false when it was spent already. */
  async spend(nonce: string, expiresAt: Date): Promise<boolean> {
    try {
      await this.db(SPENT_TABLE).insert({ nonce, expires_at: expiresAt.getTime() });
      return true;
    } catch (error) {
      if (isSpentAlready(error)) return false;
      throw error;
    }
  }

  /** Remove what has ended by `now` (a challenge past its end is refused as such anyway). */
  purge(now: Date): Promise<number> {
    return this.db(SPENT_TABLE).where('expires_at', '<=', now.getTime()).delete();
  }
}
