import { createHash, randomBytes } from 'node:crypto';
import { addDays } from '@jobboard/contract/common';
import {
  PAY_LINK_MESSAGES,
  PAYMENT_LINK_TTL_DAYS,
  PAYMENT_TOKEN_PATTERN,
} from '@jobboard/contract/payments';
import type { Db } from '../platform/db/knex';
import type { SecretLink } from '../platform/http/secret-links';
import { Gone, NotFound } from '../platform/domain-errors';
import type { PaymentsContext } from './payments-service';
import type { SubmissionRow } from '../submissions';
import type { PaymentLinkRow } from './payment-rows';

/**
 * Only this hash of a payment token is stored (hex SHA-256; migration 20261124120100 hashed the
 * tokens stored before in the same way). A token is 256 random bits, so a fast hash is enough:
 * nobody can guess back from the hash, and a database copy is not a set of working pay links.
 */
export const hashPaymentToken = (token: string): string =>
  createHash('sha256').update(token).digest('hex');

/** What issuing a pay link needs: the submissions (for the newest-link columns) and the links. */
type LinkRepositories = Pick<PaymentsContext, 'submissions' | 'payments'>;

/**
 * A new payment link for the submission: a fresh token that works for PAYMENT_LINK_TTL_DAYS,
 * until the submission is paid, or until an admin revokes the submission's links. The links
 * issued before keep working (issue 25). Only its hash is kept, so the same link can never be
 * shown twice.
 *
 * The submission's own `payment_token_*` columns still get the newest link, for a release that
 * reads them (migration 20261126020100); nothing here reads them.
 */
export async function issuePaymentToken(
  { submissions, payments }: LinkRepositories,
  db: Db,
  submissionId: number,
  now: Date,
  createdBy = 'system',
): Promise<{ token: string; expiresAt: Date; linkId: number }> {
  const token = randomBytes(32).toString('base64url');
  const tokenHash = hashPaymentToken(token);
  const expiresAt = addDays(now, PAYMENT_LINK_TTL_DAYS);
  const linkId = await payments.insertLink(db, {
    submissionId,
    tokenHash,
    createdAt: now,
    expiresAt,
    createdBy,
  });
  await submissions.update(db, submissionId, {
    payment_token_hash: tokenHash,
    payment_token_created_at: now.getTime(),
    payment_token_expires_at: expiresAt.getTime(),
    updated_at: now.getTime(),
  });
  return { token, expiresAt, linkId };
}

export const paymentUrl = (publicUrl: string, token: string) => `${publicUrl}/pay/${token}`;

/** A pay link and the submission it pays for. */
export interface PayLink {
  submission: SubmissionRow;
  link: PaymentLinkRow;
}

/** The pay link a token names and its submission; undefined for a malformed or unknown token. */
export async function findByPaymentToken(
  { submissions, payments }: LinkRepositories,
  db: Db,
  token: string,
): Promise<PayLink | undefined> {
  if (!PAYMENT_TOKEN_PATTERN.test(token)) return undefined;
  const link = await payments.linkByTokenHash(db, hashPaymentToken(token));
  if (!link) return undefined;
  const submission = await submissions.load(db, Number(link.submission_id));
  return submission ? { submission, link } : undefined;
}

/**
 * The pay link a token names, with its submission: NotFound for an unknown link, Gone once an
 * admin revoked it, the submission cannot be paid or the link has expired (the messages say whom
 * to write to: the board's jobs address). A paid listing's link stays its receipt.
 */
export async function payLinkSubmission(
  token: string,
  context: Pick<PaymentsContext, 'db' | 'submissions' | 'payments' | 'now'>,
  jobsEmail: string,
): Promise<PayLink> {
  const found = await findByPaymentToken(context, context.db, token);
  if (!found) throw new NotFound(PAY_LINK_MESSAGES.invalid);
  const { submission, link } = found;
  if (link.revoked_at != null) throw new Gone(PAY_LINK_MESSAGES.revoked(jobsEmail));
  if (submission.status === 'paid') return found;
  if (submission.status !== 'approved') throw new Gone(PAY_LINK_MESSAGES.noLongerValid);
  if (paymentLinkExpired(link, context.now)) {
    throw new Gone(PAY_LINK_MESSAGES.expired(jobsEmail));
  }
  return found;
}

/** Whether the link has passed its end. */
export function paymentLinkExpired(link: Pick<PaymentLinkRow, 'expires_at'>, now: Date): boolean {
  return now.getTime() >= Number(link.expires_at);
}

/**
 * A pay link as a secret (platform/http/secret-links.ts): `/pay/<token>` and `/api/pay/<token>/checkout`
 * read `/pay/[redacted]` in the log and in a sent e-mail's stored copy, as only the token's hash
 * is kept.
 */
export const PAY_LINK: SecretLink = {
  kind: 'pay link',
  patterns: [{ before: /\/pay\//, token: /[^/?#\s"\\]+/ }],
  sentMail: {
    redact: true,
    resendRefusal:
      'This e-mail carried a pay link, which is not kept once sending fails: use Generate Payment Link on the submission instead',
  },
};
