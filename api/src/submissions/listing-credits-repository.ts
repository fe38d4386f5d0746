import { emailKey } from '@jobboard/contract/common';
import type { Knex } from 'knex';
import type { Db } from '../platform/db/knex';

/** Further listings bought with a submission: the organisation's, bought by `email`. */
export interface CreditGrant {
  organizationId: number | null;
  email: string;
  sourceSubmissionId: number;
  count: number;
  at: Date;
}

/**
 * Multiples Listing credits (`listing_credits`, only read and written here): further listings a
 * buyer may publish without paying again, kept per organisation (issue 47: every member may use
 * them; `contact_email` still names, by its key, the address that bought them).
 */
export class ListingCreditsRepository {
  /**
   * Spend one of the organisation's credits, oldest first. Each decrement is conditional
   * (`remaining > 0` in the UPDATE itself) and its row count checked, so approvals running at the
   * same time can never spend the last credit twice: on PostgreSQL the second UPDATE waits for the
   * first to commit and then finds nothing left. The number of credits left after, or null when
   * there was none to spend.
   */
  async spend(trx: Knex.Transaction, organizationId: number): Promise<{ left: number } | null> {
    const candidates: { id: number }[] = await ofOrganization(trx, organizationId)
      .andWhere('remaining', '>', 0)
      .orderBy('id')
      .select('id');
    for (const { id } of candidates) {
      const changed = await trx('listing_credits')
        .where({ id })
        .andWhere('remaining', '>', 0)
        .decrement('remaining', 1);
      if (Number(changed) === 1) return { left: await this.left(trx, organizationId) };
    }
    return null;
  }

  /** The credits an organisation has left. */
  async left(db: Db, organizationId: number): Promise<number> {
    const [row] = await ofOrganization(db, organizationId).sum({ left: 'remaining' });
    return Number(row?.left ?? 0);
  }

  /** Credits left per organisation, for every organisation that has some. */
  async leftByOrganization(db: Db): Promise<Map<number, number>> {
    const rows: { organization_id: number; left: number | string }[] = await db('listing_credits')
      .where('remaining', '>', 0)
      .whereNotNull('organization_id')
      .groupBy('organization_id')
      .select('organization_id')
      .sum({ left: 'remaining' });
    return new Map(rows.map((row) => [Number(row.organization_id), Number(row.left)]));
  }

  /** Give the organisation `count` further listings, bought with this submission by `email`. */
  async grant(trx: Knex.Transaction, credit: CreditGrant): Promise<void> {
    await trx('listing_credits').insert({
      contact_email: emailKey(credit.email),
      organization_id: credit.organizationId,
      source_submission_id: credit.sourceSubmissionId,
      remaining: credit.count,
      created_at: credit.at.getTime(),
    });
  }

  /** Credits with no organisation (an earlier release wrote them), oldest first. */
  async withoutOrganization(
    db: Db,
    limit: number,
  ): Promise<{ id: number; contact_email: string }[]> {
    const rows: { id: number; contact_email: string }[] = await db('listing_credits')
      .whereNull('organization_id')
      .andWhereNot('contact_email', '')
      .orderBy('id')
      .limit(limit)
      .select('id', 'contact_email');
    return rows.map((row) => ({ ...row, id: Number(row.id) }));
  }

  async adopt(db: Db, id: number, organizationId: number): Promise<void> {
    await db('listing_credits').where({ id }).update({ organization_id: organizationId });
  }

  /** Every credit of `from` with some left now belongs to `to`; how many listings they hold. */
  async move(trx: Knex.Transaction, from: number, to: number): Promise<number> {
    const left = await this.left(trx, from);
    await ofOrganization(trx, from).andWhere('remaining', '>', 0).update({ organization_id: to });
    return left;
  }
}

const ofOrganization = (db: Db, organizationId: number) =>
  db('listing_credits').where({ organization_id: organizationId });
