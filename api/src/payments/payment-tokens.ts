import { createHash, randomBytes } from 'node:crypto';
import {
  PAY_LINK_MESSAGES,
  PAYMENT_LINK_TTL_DAYS,
  PAYMENT_TOKEN_PATTERN,
} from '@jobboard/contract';
import type { Db } from '../db/knex';
import { Gone, NotFound } from '../domain-errors';
import { addDays } from '../jobs/dates';
import type { ServiceContext } from '../service-context';
import type { SubmissionRow } from '../submissions/submission-row';
import type { SubmissionsRepository } from '../submissions/submissions-repository';

/**
 * Only this hash of a payment token is stored (hex SHA-256; migration 20261124120100 hashed the
 * tokens stored before in the same way). A token is 256 random bits, so a fast hash is enough:
 * nobody can guess back from the hash, and a database copy is not a set of working pay links.
 */
export const hashPaymentToken = (token: string): string =>
  createHash('sha256').update(token).digest('hex');

/**
 * A new payment link for the submission: a fresh token that works for PAYMENT_LINK_TTL_DAYS and
 * replaces any earlier one (only its hash is kept, so the same link can never be shown twice).
 */
export async function issuePaymentToken(
  { submissions }: { submissions: SubmissionsRepository },
  db: Db,
  submissionId: number,
  now: Date,
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = addDays(now, PAYMENT_LINK_TTL_DAYS);
  await submissions.update(db, submissionId, {
    payment_token_hash: hashPaymentToken(token),
    payment_token_created_at: now.getTime(),
    payment_token_expires_at: expiresAt.getTime(),
    updated_at: now.getTime(),
  });
  return { token, expiresAt };
}

export const paymentUrl = (publicUrl: string, token: string) => `${publicUrl}/pay/${token}`;

/** The submission a payment link belongs to; undefined for a malformed, unknown or replaced token. */
export async function findByPaymentToken(
  { submissions }: { submissions: SubmissionsRepository },
  db: Db,
  token: string,
): Promise<SubmissionRow | undefined> {
  if (!PAYMENT_TOKEN_PATTERN.test(token)) return undefined;
  return submissions.findByPaymentTokenHash(db, hashPaymentToken(token));
}

/**
 * The submission behind a pay link: NotFound for an unknown or replaced link, Gone once the
 * submission cannot be paid or the link has expired (the message says whom to write to: the
 * board's jobs address). A paid listing's link stays its receipt.
 */
export async function payLinkSubmission(
  token: string,
  context: Pick<ServiceContext, 'db' | 'submissions' | 'now'>,
  jobsEmail: string,
): Promise<SubmissionRow> {
  const submission = await findByPaymentToken(context, context.db, token);
  if (!submission) throw new NotFound(PAY_LINK_MESSAGES.invalid);
  if (submission.status === 'paid') return submission;
  if (submission.status !== 'approved') throw new Gone(PAY_LINK_MESSAGES.noLongerValid);
  if (paymentLinkExpired(submission, context.now)) {
    throw new Gone(PAY_LINK_MESSAGES.expired(jobsEmail));
  }
  return submission;
}

/** Whether the link has passed its end (a link without one is treated as ended). */
export function paymentLinkExpired(submission: SubmissionRow, now: Date): boolean {
  const expiresAt = submission.payment_token_expires_at;
  return expiresAt === null || now.getTime() >= Number(expiresAt);
}

/** What a pay link reads once its token is taken out. */
export const REDACTED_PAY_PATH = '/pay/[redacted]';

/**
 * A URL or log line with every pay link's token replaced: `/api/pay/[redacted]/checkout`,
 * `/pay/[redacted]/success?...`. A token in a log is a working pay link in every log copy.
 */
export const redactPaymentTokens = (text: string): string =>
  text.replace(/\/pay\/[^/?#\s"\\]+/g, REDACTED_PAY_PATH);
