import type { Knex } from 'knex';
import { testDatabase } from './test-app';

/**
 * Which index a query of the app uses, on either database: the queries the app runs while some
 * work does, and each one's plan (an index a migration added for it shows by its name).
 */

/** Each query the app runs on `db` while `work` does, as SQL and bindings. */
export async function queriesOf(db: Knex, work: () => Promise<unknown>) {
  const seen: { sql: string; bindings: Knex.RawBinding[] }[] = [];
  const listen = (query: { sql: string; bindings?: Knex.RawBinding[] }) =>
    seen.push({ sql: query.sql, bindings: query.bindings ?? [] });
  db.on('query', listen);
  try {
    await work();
  } finally {
    db.off('query', listen);
  }
  return seen;
}

/** The plan of a query: on PostgreSQL with sequential scans off, so a usable index is used. */
export async function planOf(db: Knex, sql: string, bindings: Knex.RawBinding[]) {
  if (testDatabase === 'sqlite') {
    const rows: { detail: string }[] = await db.raw(`EXPLAIN QUERY PLAN ${sql}`, bindings);
    return rows.map((row) => row.detail).join('\n');
  }
  return db.transaction(async (trx) => {
    await trx.raw('SET LOCAL enable_seqscan = off');
    const result = await trx.raw(`EXPLAIN ${sql.replace(/\$\d+/g, '?')}`, bindings);
    return (result.rows as { 'QUERY PLAN': string }[]).map((row) => row['QUERY PLAN']).join('\n');
  });
}
