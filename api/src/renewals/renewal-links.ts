import { formatCents } from '@jobboard/contract/common';
import type { Db } from '../platform/db/knex';
import { hashPaymentToken } from '../payments';
import { newRenewalToken } from './renewal-tokens';
import type { RenewalsContext } from './renewals-service';

/** A new renewal link of the job, in the caller's transaction: its token (only the hash is kept). */
export async function issueRenewalLink(
  context: Pick<RenewalsContext, 'renewals'>,
  db: Db,
  jobId: number,
  now: Date,
): Promise<{ token: string; linkId: number }> {
  const token = newRenewalToken();
  const linkId = await context.renewals.insertLink(db, jobId, hashPaymentToken(token), now);
  return { token, linkId };
}

/** The price of a tier as the e-mails write it. */
export const priceText = (cents: number) => `${formatCents(cents)} USD`;
