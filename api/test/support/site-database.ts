import knex, { type Knex } from 'knex';

/**
 * For a site's end-to-end tests: a change written into the site's SQLite database as another
 * process would, in one transaction that raises the jobs' version, so every server process drops
 * its cached answers (and follows within a second).
 */
export async function changeSiteDatabase<T>(
  sqliteFile: string,
  change: (trx: Knex.Transaction) => Promise<T>,
): Promise<T> {
  const db = knex({
    client: 'sqlite3',
    connection: { filename: sqliteFile },
    useNullAsDefault: true,
  });
  try {
    return await db.transaction(async (trx) => {
      const result = await change(trx);
      await trx('cache_versions').where({ name: 'jobs' }).increment('version', 1);
      return result;
    });
  } finally {
    await db.destroy();
  }
}
