import type { Dialect } from '../../../platform/db/knex';
import { postgresSearchIndex } from './postgres-search-index';
import type { SearchIndex } from './search-index';
import { sqliteSearchIndex } from './sqlite-search-index';

export type { SearchIndex } from './search-index';
export { INDEXED_FIELDS, searchTerms } from './search-index';

export function searchIndexFor(dialect: Dialect): SearchIndex {
  return dialect === 'postgres' ? postgresSearchIndex : sqliteSearchIndex;
}
