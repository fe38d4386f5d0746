import type { Knex } from 'knex';
import { chunks } from './chunks';
import type { Db, Dialect } from './knex';

/**
 * An e-mail column's address in lower case and its domain, as SQL expressions each database can
 * index (migration 20261129150300_index_contact_domains indexes them on `submissions` and
 * `jobs`; a query is served by the index only when it uses the very expression the index was
 * made of, so every query builds it here). The domain is what follows the '@' (an address the
 * board takes has one: contract isContactEmail).
 *
 * SQL lower() folds ASCII capitals only on SQLite; the keys compared with it are emailKey()'s all
 * the same, as elsewhere (contract email-key.ts), so an address with other capitals is matched on
 * PostgreSQL only.
 */
export const emailAddressSql = (column: string) => `lower(${column})`;

export const emailDomainSql = (dialect: Dialect, column: string) =>
  dialect === 'postgres'
    ? `split_part(lower(${column}), '@', 2)`
    : `substr(lower(${column}), instr(${column}, '@') + 1)`;

/** The addresses and the domains to look an e-mail column up by, in lower case. */
export interface EmailLookup {
  /** Whole addresses (their domains are read from them). */
  addresses: readonly string[];
  /** Domains: every address at them. */
  domains: readonly string[];
}

/** One row an e-mail column was found in: its address, its domain and what the caller selects. */
export interface EmailMatch {
  address: string;
  domain: string;
}

/**
 * The rows of a query (`base`: its table, joins and the caller's columns) whose e-mail `column` is
 * one of the addresses or at one of the domains, with that column's `address` and `domain`: a
 * query per kind and chunk of keys, each an index range. The address query names the address's
 * domain too, so one index on (domain, address) serves both kinds.
 */
export async function rowsByEmail<Row extends EmailMatch>(
  db: Db,
  dialect: Dialect,
  column: string,
  lookup: EmailLookup,
  base: () => Knex.QueryBuilder,
): Promise<Row[]> {
  const address = emailAddressSql(column);
  const domain = emailDomainSql(dialect, column);
  const query = () => base().select(db.raw(`${address} as address`), db.raw(`${domain} as domain`));
  const inList = (values: readonly string[]) => values.map(() => '?').join(', ');
  const found: Row[] = [];
  for (const part of chunks([...new Set(lookup.addresses)])) {
    const domains = [...new Set(part.map((each) => each.slice(each.lastIndexOf('@') + 1)))];
    found.push(
      ...(await query()
        .whereRaw(`${domain} in (${inList(domains)})`, domains)
        .whereRaw(`${address} in (${inList(part)})`, part)),
    );
  }
  for (const part of chunks([...new Set(lookup.domains)])) {
    found.push(...(await query().whereRaw(`${domain} in (${inList(part)})`, part)));
  }
  return found;
}
