import knex from 'knex';

/**
 * For a site's end-to-end tests (e2e/tests/still-hiring.spec.ts): the job went live at `since`
 * (as if it was paid weeks ago, so a still-hiring check-in is due), written into the site's SQLite
 * database as another process would (the jobs' version raised, so the site's public cache follows).
 */
export async function listingLiveSince(
  sqliteFile: string,
  jobId: number,
  since: Date,
): Promise<void> {
  const db = knex({
    client: 'sqlite3',
    connection: { filename: sqliteFile },
    useNullAsDefault: true,
  });
  try {
    await db.transaction(async (trx) => {
      await trx('jobs').where({ id: jobId }).update({ created_at: since.getTime() });
      await trx('cache_versions').where({ name: 'jobs' }).increment('version', 1);
    });
  } finally {
    await db.destroy();
  }
}
