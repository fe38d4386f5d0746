import { companySlug, nthSlug } from '@jobboard/contract/jobs';
import type { Knex } from 'knex';

/** Tries at a slug taken meanwhile by another transaction (PostgreSQL) before giving up. */
const RACE_TRIES = 5;

/**
 * Give each new company its page's slug (issue 47; migration 20261201010000 gave every older one
 * its own): the slug of its name (companySlug), or the first of `-2`, `-3`... no company has. A
 * slug is given once and kept: a renamed or merged company's page keeps its address.
 *
 * Each is set in a savepoint: when another transaction took the same slug meanwhile, the unique
 * index refuses it (on PostgreSQL after that transaction commits), and the next free one is taken,
 * without losing the caller's transaction.
 */
export async function giveSlugs(
  trx: Knex.Transaction,
  companies: { id: number; name: string }[],
): Promise<void> {
  for (const { id, name } of [...companies].sort((a, b) => a.id - b.id)) {
    const base = companySlug(name);
    for (let attempt = 1; ; attempt += 1) {
      const slug = nthSlug(base, firstFree(base, await slugsLike(trx, base)));
      try {
        await trx.transaction((savepoint) => savepoint('companies').where({ id }).update({ slug }));
        break;
      } catch (error) {
        if (attempt >= RACE_TRIES || !isUniqueViolation(error)) throw error;
      }
    }
  }
}

/** The slugs taken among `base` and `base-...` (a base is letters, digits and dashes: no LIKE wildcard). */
async function slugsLike(db: Knex.Transaction, base: string): Promise<Set<string>> {
  const rows: { slug: string }[] = await db('companies')
    .where('slug', base)
    .orWhere('slug', 'like', `${base}-%`)
    .select('slug');
  return new Set(rows.map((row) => row.slug));
}

/** The first n whose slug (nthSlug) is not taken. */
function firstFree(base: string, taken: Set<string>): number {
  let n = 1;
  while (taken.has(nthSlug(base, n))) n += 1;
  return n;
}

/** SQLite's and PostgreSQL's refusal of a duplicate in a unique index. */
function isUniqueViolation(error: unknown): boolean {
  const { code, message } = error as { code?: string; message?: string };
  return (
    code === '23505' || code === 'SQLITE_CONSTRAINT' || /UNIQUE constraint/.test(message ?? '')
  );
}
