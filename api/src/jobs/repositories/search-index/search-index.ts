import type { Knex } from 'knex';

/**
 * Which fields of a job a text match looks in: everything (title, organization, locations,
 * description) or the title alone, which ranks results for 'Most Relevant'.
 */
export type TextFields = 'all' | 'title';

/** The job fields (as a change names them) whose text is in the index. */
export const INDEXED_FIELDS: ReadonlySet<string> = new Set([
  'title',
  'organization',
  'description',
  'locations',
]);

/**
 * Full-text search over jobs, one interface over SQLite FTS5 and PostgreSQL tsvector. The index
 * covers title, organization, description and locations, so the repository calls `reindex` after
 * any write that changes one of them, inside the same transaction.
 */
export interface SearchIndex {
  /**
   * Recompute the indexed text of these jobs from the tables (in the caller's transaction); on
   * SQLite an archived job leaves the index (archive.ts). Called for a change of indexed text and
   * for a job entering or leaving the archive.
   */
  reindex(db: Knex | Knex.Transaction, jobIds: number[]): Promise<void>;
  /** Drop these jobs from the index (before they are deleted). */
  remove(db: Knex | Knex.Transaction, jobIds: number[]): Promise<void>;
  /**
   * The ids (column `id`) of every job whose `fields` hold every term as a word prefix: the text
   * match as a set, evaluated once per query (never probed once per job).
   */
  idsMatching(db: Knex, terms: string[], fields: TextFields): Knex.QueryBuilder;
  /**
   * The same match as a condition on a query over `jobs`. On PostgreSQL it reads the row's own
   * vector; on SQLite it is membership in the set above.
   */
  condition(db: Knex, terms: string[], fields: TextFields): Knex.Raw;
}

/** Terms are runs of letters and digits, lower-cased; everything else separates them. */
export function searchTerms(text: string, maxTerms = 12): string[] {
  const terms = text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return [...new Set(terms)].slice(0, maxTerms);
}
