import { randomBytes } from 'node:crypto';
import { PAYMENT_TOKEN_PATTERN } from '@jobboard/contract';
import type { Knex } from 'knex';
import { loadSubmission, type SubmissionRow } from './submission-row';

type Db = Knex | Knex.Transaction;

/**
 * The submission's payment token, made on first use and reused after, so a link copied later is
 * the same one that was e-mailed. 256 random bits: unguessable; bound to this submission only.
 */
export async function issuePaymentToken(db: Db, submissionId: number, now: Date): Promise<string> {
  const submission = await loadSubmission(db, submissionId);
  if (submission?.payment_token) return submission.payment_token;
  const token = randomBytes(32).toString('base64url');
  await db('submissions').where({ id: submissionId }).update({
    payment_token: token,
    payment_token_created_at: now.getTime(),
    updated_at: now.getTime(),
  });
  return token;
}

export const paymentUrl = (publicUrl: string, token: string) => `${publicUrl}/pay/${token}`;

/** The submission a payment link belongs to; undefined for a malformed or unknown token. */
export async function findByPaymentToken(
  db: Db,
  token: string,
): Promise<SubmissionRow | undefined> {
  if (!PAYMENT_TOKEN_PATTERN.test(token)) return undefined;
  return db<SubmissionRow>('submissions').where({ payment_token: token }).first();
}
