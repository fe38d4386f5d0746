import type { Migration } from './migration';

/**
 * Applying on the board (issue 42, docs/product.md#applying).
 *
 * On jobs and submissions: how the job takes applications. `apply_method` is 'link' (the
 * `application_url`, counted through /jobs/{id}/apply), 'email' (the board relays each application
 * to `application_email`, an address never shown) or 'form' (into the employer's inbox); null on a
 * row of an earlier release, read as 'link' when it has a usable link and as no way at all
 * otherwise. `how_to_apply` is the job's own words on applying, shown when it takes no application
 * on the board; `screening_questions` the employer's questions (a JSON list, at most five).
 *
 * `applications`: one per applicant and job (unique by the job and the applicant's e-mail key: a
 * second one is refused kindly). `withdraw_token_hash` is the SHA-256 of the applicant's withdrawal
 * link's token. The résumé's bytes live in `application_files`, never in a served folder, and go
 * with their application (deleting a job deletes both). `employer_notified_at` is when the
 * employer's e-mail or digest named it.
 *
 * `employer_application_settings`: per employer address (its e-mail key) one e-mail per application
 * or a daily digest, and the decline e-mail they edited.
 *
 * `outbox.attachment`: what a queued message carries, named (`application-resume:<id>`) rather
 * than copied, so a withdrawn application's résumé leaves with it.
 */
export default {
  name: '20261129120000_applications',
  async up(knex) {
    for (const table of ['jobs', 'submissions']) {
      await knex.schema.alterTable(table, (t) => {
        t.string('apply_method', 8).nullable();
        t.string('application_email', 320).nullable();
        t.text('how_to_apply').nullable();
        t.text('screening_questions').nullable();
      });
    }
    await knex.schema.createTable('applications', (t) => {
      t.increments('id');
      t.integer('job_id').notNullable().references('id').inTable('jobs').onDelete('CASCADE');
      t.string('name', 200).notNullable();
      t.string('email', 320).notNullable();
      t.string('email_key', 320).notNullable();
      t.string('phone', 40).nullable();
      t.text('links').notNullable();
      t.text('cover_note').notNullable();
      t.text('answers').notNullable();
      t.string('resume_name', 200).notNullable();
      t.string('resume_type', 8).notNullable();
      t.integer('resume_bytes').notNullable();
      t.string('status', 16).notNullable().defaultTo('new');
      t.boolean('starred').notNullable().defaultTo(false);
      t.text('note').nullable();
      t.string('withdraw_token_hash', 64).notNullable().unique();
      t.bigInteger('created_at').notNullable();
      t.bigInteger('updated_at').notNullable();
      t.bigInteger('employer_notified_at').nullable();
      t.unique(['job_id', 'email_key']);
      t.index(['job_id', 'created_at']);
      t.index(['email_key']);
    });
    await knex.schema.createTable('application_files', (t) => {
      t.integer('application_id')
        .primary()
        .references('id')
        .inTable('applications')
        .onDelete('CASCADE');
      t.binary('bytes').notNullable();
      t.string('sha256', 64).notNullable();
    });
    await knex.schema.createTable('employer_application_settings', (t) => {
      t.string('email_key', 320).primary();
      t.string('notify', 8).notNullable().defaultTo('each');
      t.string('decline_subject', 200).nullable();
      t.text('decline_body').nullable();
      t.bigInteger('digest_sent_at').nullable();
      t.bigInteger('updated_at').notNullable();
    });
    await knex.schema.alterTable('outbox', (t) => {
      t.string('attachment', 100).nullable();
    });
  },
  async down(knex) {
    await knex.schema.alterTable('outbox', (t) => {
      t.dropColumn('attachment');
    });
    await knex.schema.dropTable('employer_application_settings');
    await knex.schema.dropTable('application_files');
    await knex.schema.dropTable('applications');
    for (const table of ['jobs', 'submissions']) {
      await knex.schema.alterTable(table, (t) => {
        t.dropColumn('apply_method');
        t.dropColumn('application_email');
        t.dropColumn('how_to_apply');
        t.dropColumn('screening_questions');
      });
    }
  },
} satisfies Migration;
