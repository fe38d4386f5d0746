import type { Db } from '../platform/db/knex';

/** A stored sign-in link (`employer_sign_in_links`). */
export interface SignInLinkRow {
  id: number;
  token_hash: string;
  email: string;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

/** A paid payment as a receipt reads it, with the submission it paid for. */
export interface ReceiptRow {
  id: number;
  submission_id: number;
  provider: string;
  checkout_session_id: string | null;
  amount_cents: number;
  currency: string;
  paid_at: number | null;
  contact_email: string;
  contact_name: string;
  title: string;
  organization: string;
  listing_type: 'basic' | 'featured';
  promo_code: string | null;
}

/** The employers' own table (sign-in links), and the one read of a receipt. */
export class EmployersRepository {
  async insertLink(
    db: Db,
    link: { tokenHash: string; email: string; createdAt: number; expiresAt: number },
  ): Promise<void> {
    await db('employer_sign_in_links').insert({
      token_hash: link.tokenHash,
      email: link.email,
      created_at: link.createdAt,
      expires_at: link.expiresAt,
    });
  }

  /**
   * Take the link: one UPDATE that only a link neither used nor expired passes, so of two requests
   * with the same token (in any number of processes) exactly one signs in. Its address, or
   * undefined when it could not be taken.
   */
  async consume(db: Db, tokenHash: string, now: number): Promise<string | undefined> {
    const taken = await db('employer_sign_in_links')
      .where({ token_hash: tokenHash })
      .whereNull('used_at')
      .andWhere('expires_at', '>', now)
      .update({ used_at: now });
    if (!taken) return undefined;
    const row = await db('employer_sign_in_links').where({ token_hash: tokenHash }).first('email');
    return row ? String(row.email) : undefined;
  }

  async findLink(db: Db, tokenHash: string): Promise<SignInLinkRow | undefined> {
    return db<SignInLinkRow>('employer_sign_in_links').where({ token_hash: tokenHash }).first();
  }

  /** Links past their end, long enough ago that nobody asks about them: forgotten (retention). */
  async deleteExpiredBefore(db: Db, before: number): Promise<number> {
    return db('employer_sign_in_links').where('expires_at', '<', before).delete();
  }

  /**
   * A paid payment with the submission it paid for (read only: the payments domain writes both).
   * Only 'paid' payments have receipts; the caller checks the address.
   */
  async receipt(db: Db, paymentId: number): Promise<ReceiptRow | undefined> {
    return db('payments as p')
      .join('submissions as s', 's.id', 'p.submission_id')
      .where('p.id', paymentId)
      .andWhere('p.status', 'paid')
      .first(
        'p.id',
        'p.submission_id',
        'p.provider',
        'p.checkout_session_id',
        'p.amount_cents',
        'p.currency',
        'p.paid_at',
        's.contact_email',
        's.contact_name',
        's.title',
        's.organization',
        's.listing_type',
        's.promo_code',
      );
  }
}
