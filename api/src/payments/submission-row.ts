import type { Knex } from 'knex';

/** The columns of `submissions` the payment flow reads. */
export interface SubmissionRow {
  id: number;
  title: string;
  organization: string;
  description: string;
  location: string;
  categories: string;
  job_type: string;
  experience_level: string;
  salary_min: number | null;
  salary_max: number | null;
  application_url: string;
  deadline: string | null;
  contact_name: string;
  contact_email: string;
  listing_type: 'basic' | 'featured';
  promo_code: string | null;
  promo_code_id: number | null;
  amount_cents: number;
  status: string;
  job_id: number | null;
  payment_token: string | null;
  paid_at: number | null;
}

type Db = Knex | Knex.Transaction;

/** One submission; locked for the rest of the transaction on PostgreSQL (SQLite has one writer). */
export async function loadSubmission(
  db: Db,
  id: number,
  lock = false,
): Promise<SubmissionRow | undefined> {
  const query = db<SubmissionRow>('submissions').where({ id });
  if (lock && db.client.config.client === 'pg') query.forUpdate();
  return query.first();
}
