import { changeSiteDatabase } from './site-database';

/**
 * For a site's end-to-end tests (e2e/tests/still-hiring.spec.ts): the job went live at `since`
 * (as if it was paid weeks ago, so a still-hiring check-in is due).
 */
export async function listingLiveSince(
  sqliteFile: string,
  jobId: number,
  since: Date,
): Promise<void> {
  await changeSiteDatabase(sqliteFile, async (trx) => {
    await trx('jobs').where({ id: jobId }).update({ created_at: since.getTime() });
  });
}
