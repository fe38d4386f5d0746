import type { Knex } from 'knex';
import type { Migration } from './migration';

const LISTS = [
  { table: 'locations', joinTable: 'job_locations', key: 'location_id' },
  { table: 'categories', joinTable: 'job_categories', key: 'category_id' },
] as const;

/**
 * Locations and categories are found by a key computed in JavaScript (labelKey below) and
 * stored in `name_key` with a unique index, instead of SQL lower() at query time: SQLite's lower()
 * leaves non-ASCII capitals alone, so a label such as 'Île-de-France' was not found after its own
 * insert there. Labels that share a key (possible on SQLite before this) are merged into the
 * oldest one, their jobs moved to it.
 */
export default {
  name: '20261124000100_label_keys',
  async up(knex) {
    for (const { table, joinTable, key } of LISTS) {
      await knex.schema.alterTable(table, (t) => t.string('name_key', 200));
      const rows: { id: number; name: string }[] = await knex(table)
        .select('id', 'name')
        .orderBy('id');
      const keep = new Map<string, number>();
      for (const row of rows) {
        const nameKey = labelKey(row.name);
        const kept = keep.get(nameKey);
        if (kept === undefined) {
          keep.set(nameKey, row.id);
          await knex(table).where({ id: row.id }).update({ name_key: nameKey });
        } else {
          await mergeInto(knex, joinTable, key, row.id, kept);
          await knex(table).where({ id: row.id }).delete();
        }
      }
      // Written by every insert (jobs-repository.ts); left nullable because changing a column on
      // SQLite rebuilds the table, which its foreign keys forbid inside a migration.
      await knex.schema.alterTable(table, (t) => {
        t.unique(['name_key'], { indexName: `${table}_name_key_unique` });
      });
    }
  },
  async down(knex) {
    for (const { table } of LISTS) {
      await knex.schema.alterTable(table, (t) => {
        t.dropUnique(['name_key'], `${table}_name_key_unique`);
        t.dropColumn('name_key');
      });
    }
  },
} satisfies Migration;

/**
 * The key of a label as this migration wrote it: trimmed, in Unicode's composed form, lower case
 * by JavaScript's full rules. A copy of src/jobs/label-key.ts as it was when this migration was
 * written: a migration is history, and must not change when the application's code does.
 */
function labelKey(label: string): string {
  return label.trim().normalize('NFC').toLowerCase();
}

/** Move the jobs of label `from` to label `to` (a job that has both keeps one). */
async function mergeInto(
  knex: Knex,
  joinTable: string,
  key: string,
  from: number,
  to: number,
): Promise<void> {
  const both = knex(joinTable).select('job_id').where(key, to);
  await knex(joinTable).where(key, from).whereIn('job_id', both).delete();
  await knex(joinTable)
    .where(key, from)
    .update({ [key]: to });
}
