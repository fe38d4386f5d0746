import type { Knex } from 'knex';

/** How many rows a query returns (give it a `limit` to count no further). */
export async function countRows(db: Knex, query: Knex.QueryBuilder): Promise<number> {
  const rows: { n: number | string }[] = await db.count({ n: '*' }).from(query.as('counted'));
  return Number(rows[0]?.n ?? 0);
}
