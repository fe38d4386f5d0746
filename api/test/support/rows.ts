import { MAX_AMOUNT_CENTS } from '@jobboard/contract/admin';
import { MAX_INT4 } from '@jobboard/contract/jobs';
import type { Knex } from 'knex';
// A column widened on PostgreSQL only keeps its first width in SQLite's declaration.
import { WIDENED_ON_POSTGRES } from '../../migrations/20261129130100_totp_secret_width';

interface Column {
  table: string;
  name: string;
  /** 'varchar', 'text', 'integer', 'bigint', 'boolean' or other (not checked). */
  kind: string;
  length: number | null;
}

const INT8_MAX = 2n ** 63n - 1n;

/** Every column of our tables, read from the database itself (so a new column is covered too). */
async function columns(db: Knex): Promise<Column[]> {
  if (db.client.config.client === 'pg') {
    const rows: {
      table_name: string;
      column_name: string;
      data_type: string;
      character_maximum_length: number | null;
    }[] = (
      await db.raw(
        `SELECT table_name, column_name, data_type, character_maximum_length
           FROM information_schema.columns
          WHERE table_schema = current_schema() AND table_name NOT LIKE 'knex_%'`,
      )
    ).rows;
    const kinds: Record<string, string> = { 'character varying': 'varchar' };
    return rows.map((r) => ({
      table: r.table_name,
      name: r.column_name,
      kind: kinds[r.data_type] ?? r.data_type,
      length: r.character_maximum_length,
    }));
  }
  const tables: { name: string }[] = await db.raw(
    `SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'
       AND name NOT LIKE 'knex_%' AND name NOT LIKE 'jobs_fts%'`,
  );
  const result: Column[] = [];
  for (const { name: table } of tables) {
    const info: { name: string; type: string }[] = await db.raw(`PRAGMA table_info("${table}")`);
    for (const column of info) {
      const type = column.type.toLowerCase();
      const varchar = /^varchar\((\d+)\)$/.exec(type);
      const widened = (WIDENED_ON_POSTGRES as Record<string, Record<string, number>>)[table];
      result.push({
        table,
        name: column.name,
        kind: varchar ? 'varchar' : type,
        length: varchar ? (widened?.[column.name] ?? Number(varchar[1])) : null,
      });
    }
  }
  return result;
}

/**
 * Rows that PostgreSQL's schema would refuse, or that break the rules the contract promises:
 * text longer than its column (in characters), a NUL character, an integer outside int4 (bigint
 * outside int8), and per table the values that must make sense (an amount above zero, a salary
 * band in order, exactly one discount). Empty when every row is valid. On PostgreSQL the schema
 * checks most of this itself; on SQLite only this does, which is the point: both databases must
 * end up holding the same valid rows.
 */
export async function invalidRows(db: Knex): Promise<string[]> {
  const problems: string[] = [];
  const byTable = new Map<string, Column[]>();
  for (const column of await columns(db)) {
    byTable.set(column.table, [...(byTable.get(column.table) ?? []), column]);
  }
  for (const [table, tableColumns] of byTable) {
    const rows: Record<string, unknown>[] = await db(table).select('*');
    for (const row of rows) {
      const where = `${table} ${JSON.stringify(row.id ?? row.sid ?? row.name ?? '')}`;
      for (const column of tableColumns) {
        const value = row[column.name];
        if (value === null || value === undefined) continue;
        if (column.kind === 'varchar' || column.kind === 'text') {
          const text = String(value);
          if (text.includes('\u0000')) problems.push(`${where}.${column.name}: NUL character`);
          if (column.length !== null && Array.from(text).length > column.length) {
            problems.push(`${where}.${column.name}: longer than ${column.length}`);
          }
        } else if (column.kind === 'integer') {
          const n = Number(value);
          if (!Number.isInteger(n) || Math.abs(n) > MAX_INT4) {
            problems.push(`${where}.${column.name}: ${String(value)} is not an int4`);
          }
        } else if (column.kind === 'bigint') {
          if (!/^-?\d+$/.test(String(value)) || BigInt(String(value)) > INT8_MAX) {
            problems.push(`${where}.${column.name}: ${String(value)} is not an int8`);
          }
        }
      }
      problems.push(...ruleProblems(table, row, where));
    }
  }
  return problems;
}

function ruleProblems(table: string, row: Record<string, unknown>, where: string): string[] {
  const problems: string[] = [];
  const n = (key: string) => (row[key] == null ? null : Number(row[key]));
  const blank = (key: string) => typeof row[key] !== 'string' || (row[key] as string).trim() === '';
  if (table === 'jobs' || table === 'submissions') {
    if (blank('title')) problems.push(`${where}: blank title`);
    const [min, max] = [n('salary_min'), n('salary_max')];
    if (min !== null && min < 0) problems.push(`${where}: negative salary`);
    if (min !== null && max !== null && min > max) problems.push(`${where}: salary band reversed`);
  }
  if (table === 'submissions') {
    const amount = n('amount_cents')!;
    if (!(amount > 0 && amount <= MAX_AMOUNT_CENTS)) problems.push(`${where}: amount ${amount}`);
    for (const key of ['organization', 'location', 'contact_name', 'contact_email']) {
      if (blank(key)) problems.push(`${where}: blank ${key}`);
    }
  }
  if (table === 'companies' && blank('name')) problems.push(`${where}: blank company name`);
  if ((table === 'locations' || table === 'categories') && blank('name')) {
    problems.push(`${where}: blank name`);
  }
  if (table === 'promo_codes') {
    const [percent, amount] = [n('percent_off'), n('amount_off_cents')];
    if ((percent === null) === (amount === null))
      problems.push(`${where}: not exactly one discount`);
    if (percent !== null && !(percent >= 1 && percent <= 100)) problems.push(`${where}: percent`);
    if (amount !== null && !(amount > 0 && amount <= MAX_AMOUNT_CENTS)) {
      problems.push(`${where}: amount off ${amount}`);
    }
    const limit = n('max_redemptions');
    if (limit !== null && limit < 1) problems.push(`${where}: redemption limit ${limit}`);
  }
  return problems;
}
