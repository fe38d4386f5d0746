import type { Migration } from './migration';

/** Rows updated per statement batch while filling the slugs. */
const BATCH = 500;

/**
 * The slug of a name as this migration made it (a migration is history, so a copy of the
 * contract's companySlug of that day, which new companies' slugs follow): letters and digits,
 * accents dropped, lower case, a dash for each run of anything else, at most 80 characters cut at
 * a word's end, 'organization' for a name with no letter or digit.
 */
function companySlug(name: string): string {
  const words = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  if (!words) return 'organization';
  if (words.length <= 80) return words;
  const cut = words.slice(0, 81);
  const end = cut.lastIndexOf('-');
  return (end > 0 ? cut.slice(0, end) : cut.slice(0, 80)).replace(/-+$/, '');
}

const nthSlug = (base: string, n: number): string => (n === 1 ? base : `${base}-${n}`);

/**
 * Each company's slug, the address of its page `/organizations/{slug}` (issue 47): unique, filled
 * here for every company already on the board from its name (companySlug), the oldest company
 * (lowest id) of a name taking the slug itself and each later one `-2`, `-3`... in id order. New
 * companies get theirs as they are written (jobs/repositories/company-slugs.ts). Nullable only so
 * that the column can be added to a table with rows; every row has one once this has run.
 */
export default {
  name: '20261201010000_company_slugs',
  async up(knex) {
    await knex.schema.alterTable('companies', (t) => {
      t.string('slug', 100).nullable();
    });
    const rows: { id: number; name: string }[] = await knex('companies')
      .select('id', 'name')
      .orderBy('id');
    const taken = new Set<string>();
    const slugs = rows.map(({ id, name }) => {
      const base = companySlug(name);
      let n = 1;
      while (taken.has(nthSlug(base, n))) n += 1;
      const slug = nthSlug(base, n);
      taken.add(slug);
      return { id: Number(id), slug };
    });
    for (let i = 0; i < slugs.length; i += BATCH) {
      await Promise.all(
        slugs
          .slice(i, i + BATCH)
          .map(({ id, slug }) => knex('companies').where({ id }).update({ slug })),
      );
    }
    await knex.raw('CREATE UNIQUE INDEX companies_slug_unique ON companies (slug)');
  },
  async down(knex) {
    // A plain DROP COLUMN on both databases: Knex would rebuild the table on SQLite, which the
    // jobs' foreign keys to it refuse.
    await knex.raw('DROP INDEX companies_slug_unique');
    await knex.raw('ALTER TABLE companies DROP COLUMN slug');
  },
} satisfies Migration;
