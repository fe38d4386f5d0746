import type { Knex } from 'knex';

type Db = Knex | Knex.Transaction;

/**
 * The company that stands for company `id` (issue 47): itself when it was not merged, else the end
 * of its chain of merges (`companies.merged_into_id`: A merged into B, later B into C, stands for
 * C). Undefined when no company has `id`. A merge never makes a loop (CompanyMerge.merge); should
 * a database edited by hand hold one, the walk stops at the first company it meets again.
 */
export async function survivorOf(db: Db, id: number): Promise<number | undefined> {
  const seen = new Set<number>();
  let last: number | undefined;
  let current = id;
  for (;;) {
    const row: { merged_into_id: number | string | null } | undefined = await db('companies')
      .where({ id: current })
      .first('merged_into_id');
    // No such company: `id` itself, or (SQLite keeps no reference) a survivor deleted by hand.
    if (!row) return last;
    seen.add(current);
    last = current;
    const next = row.merged_into_id == null ? undefined : Number(row.merged_into_id);
    if (next === undefined || seen.has(next)) return current;
    current = next;
  }
}

/** Of these companies, the ids of those merged into another, with the id of their survivor. */
export async function survivorsOfMerged(db: Db, ids: number[]): Promise<Map<number, number>> {
  const survivors = new Map<number, number>();
  if (!ids.length) return survivors;
  const merged: { id: number | string }[] = await db('companies')
    .whereIn('id', ids)
    .whereNotNull('merged_into_id')
    .select('id');
  for (const { id } of merged) {
    const survivor = await survivorOf(db, Number(id));
    if (survivor !== undefined) survivors.set(Number(id), survivor);
  }
  return survivors;
}
