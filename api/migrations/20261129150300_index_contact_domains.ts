import { isPostgres, type Migration } from './migration';

/**
 * The review card's hints that one contact stands for several organizations (issue 45,
 * docs/product.md#fraud-hints) find the submissions whose contact address is the card's, or at its
 * domain, and the jobs whose relayed application address is: an index on each e-mail column's
 * domain, then its address, both in lower case. Without them each card read every submission
 * (bench/src/fraud-hints.ts measured both). The jobs' index holds only the jobs that take
 * applications by e-mail.
 *
 * The expressions are those of src/platform/db/email-sql.ts as this migration was written (a
 * migration is history and imports nothing of the application): a query uses the index only
 * while it builds the very same expression (test/submissions/fraud-hints-api.test.ts checks the
 * plans on both databases).
 */
const domainOf = (postgres: boolean, column: string) =>
  postgres
    ? `split_part(lower(${column}), '@', 2)`
    : `substr(lower(${column}), instr(${column}, '@') + 1)`;

export default {
  name: '20261129150300_index_contact_domains',
  async up(knex) {
    const postgres = isPostgres(knex);
    await knex.raw(
      `CREATE INDEX submissions_contact_domain_index ON submissions
       ((${domainOf(postgres, 'contact_email')}), (lower(contact_email)))`,
    );
    await knex.raw(
      `CREATE INDEX jobs_application_email_domain_index ON jobs
       ((${domainOf(postgres, 'application_email')}), (lower(application_email)))
       WHERE application_email IS NOT NULL`,
    );
  },
  async down(knex) {
    await knex.raw('DROP INDEX IF EXISTS submissions_contact_domain_index');
    await knex.raw('DROP INDEX IF EXISTS jobs_application_email_domain_index');
  },
} satisfies Migration;
