import { randomBytes } from 'node:crypto';
import { hashPaymentToken } from '../../src/payments/payment-tokens';
import { changeSiteDatabase } from './site-database';

/**
 * For a site's end-to-end tests (e2e/tests/employer-journey.spec.ts): the job's listing ends at
 * `endsAt` (as if it was paid a month ago), written into the site's SQLite database as another
 * process would (the jobs' version raised, so the site's public cache follows within a second).
 */
export async function listingEndingAt(
  sqliteFile: string,
  jobId: number,
  endsAt: Date,
): Promise<void> {
  await changeSiteDatabase(sqliteFile, async (trx) => {
    await trx('jobs').where({ id: jobId }).update({ expires_at: endsAt.getTime() });
  });
}

/**
 * For a site's end-to-end tests (e2e/tests/renewal.spec.ts): the job's listing ends at `endsAt`
 * (as if it was paid a month ago), written into the site's SQLite database as another process
 * would (the jobs' version raised, so the site's public cache follows within a second), and a
 * renewal link of it issued as the employer's page or the reminder issues one. Returns its token.
 */
export async function renewalLinkEndingAt(
  sqliteFile: string,
  jobId: number,
  endsAt: Date,
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await changeSiteDatabase(sqliteFile, async (trx) => {
    await trx('jobs').where({ id: jobId }).update({ expires_at: endsAt.getTime() });
    await trx('renewal_links').insert({
      job_id: jobId,
      token_hash: hashPaymentToken(token),
      created_at: Date.now(),
    });
  });
  return token;
}
