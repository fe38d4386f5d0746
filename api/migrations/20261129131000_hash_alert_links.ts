import { createHash, randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import type { Migration } from './migration';

/**
 * An alert's links no longer keep their token in the clear (issue 43, finding 7). Until now
 * `job_alerts.manage_token` held the one token of an alert's manage and unsubscribe links, so a
 * copy of the database (a backup, a leak) was a set of working links, and every digest's stored
 * copy and `List-Unsubscribe` header kept it too.
 *
 * - `job_alert_links`: the SHA-256 (hex) of each link token an alert's e-mails carried, one row
 *   per e-mail; each names its alert, and goes with it. The tokens already e-mailed are hashed
 *   here, so the links in the mail boxes keep working; dated by the alert's last digest (or its
 *   creation), the last e-mail that could have carried them.
 * - `alert_data_links`: the short-lived, single-use links an address is e-mailed to download or
 *   delete everything the board keeps about it (only their hash too).
 * - `job_alerts.manage_token` stays (docs/decisions/expand-contract-migrations.md: the previous
 *   release, rolled back to, still reads and writes it), but no longer holds an e-mailed token:
 *   it takes NULL and is emptied; this release never writes it. A later release drops it.
 * - The outbox's sent messages lose their headers, and its sent and given-up alert e-mails their
 *   `List-Unsubscribe` header and the alert links in their stored bodies, as the sender now does
 *   for every message it is done with.
 *
 * The hash and the redaction are written here, not imported from src/alerts/alert-tokens.ts or
 * platform/http/secret-links.ts, so this migration does the same thing whatever those become.
 */

const sha256 = (token: string) => createHash('sha256').update(token).digest('hex');

/** An alert link's token in a stored body, as the sender's redaction writes it once taken out. */
const ALERT_LINK_TOKEN = /(\/alerts\/(?:unsubscribe|manage)\?(?:[^#\s"\\]*&)?token=)[^&#\s"\\]+/g;
const REDACTED = '[redacted]';
const BATCH = 500;

async function forgetSentCopies(knex: Knex): Promise<void> {
  // A sent message's headers are read by nothing; a given-up one keeps its own (a Reply-To for a
  // resend), but an alert e-mail's, whose List-Unsubscribe carries the token.
  await knex('outbox').where('status', 'sent').whereNotNull('headers').update({ headers: null });
  await knex('outbox')
    .where('status', 'failed')
    .whereIn('template', ['alert-confirm', 'alert-digest'])
    .whereNotNull('headers')
    .update({ headers: null });
  let afterId = 0;
  for (;;) {
    const rows: { id: number; text_body: string }[] = await knex('outbox')
      .whereIn('status', ['sent', 'failed'])
      .whereIn('template', ['alert-confirm', 'alert-digest'])
      .andWhere('id', '>', afterId)
      .orderBy('id')
      .limit(BATCH)
      .select('id', 'text_body');
    for (const row of rows) {
      const body = row.text_body.replace(
        ALERT_LINK_TOKEN,
        (_token, kept: string) => kept + REDACTED,
      );
      if (body !== row.text_body) {
        await knex('outbox').where({ id: row.id }).update({ text_body: body });
      }
    }
    if (rows.length < BATCH) return;
    afterId = Number(rows.at(-1)!.id);
  }
}

export default {
  name: '20261129131000_hash_alert_links',
  async up(knex) {
    const alerts: {
      id: number;
      manage_token: string;
      created_at: number | string;
      last_digest_at: number | string | null;
    }[] = await knex('job_alerts').select('id', 'manage_token', 'created_at', 'last_digest_at');

    // Each e-mailed token is known from here on only by its hash (below). The column is altered
    // before any table refers to job_alerts: SQLite alters a column by copying the table.
    await knex.schema.alterTable('job_alerts', (t) => {
      t.string('manage_token', 64).nullable().alter({ alterNullable: true, alterType: false });
    });
    await knex('job_alerts').update({ manage_token: null });

    await knex.schema.createTable('job_alert_links', (t) => {
      t.string('token_hash', 64).primary();
      t.integer('alert_id')
        .notNullable()
        .references('id')
        .inTable('job_alerts')
        .onDelete('CASCADE');
      // When the e-mail that carried it was queued: a link works ALERT_LINK_DAYS from then.
      t.bigInteger('created_at').notNullable();
      t.index(['alert_id']);
      t.index(['created_at']);
    });
    for (let i = 0; i < alerts.length; i += BATCH) {
      await knex('job_alert_links').insert(
        alerts.slice(i, i + BATCH).map((alert) => ({
          token_hash: sha256(alert.manage_token),
          alert_id: Number(alert.id),
          created_at: Number(alert.last_digest_at ?? alert.created_at),
        })),
      );
    }

    await knex.schema.createTable('alert_data_links', (t) => {
      t.string('token_hash', 64).primary();
      // The address it was sent to, as emailKey has it (trimmed, lower case).
      t.string('email_key', 254).notNullable();
      t.bigInteger('created_at').notNullable();
      t.bigInteger('expires_at').notNullable();
      t.index(['expires_at']);
      t.index(['email_key', 'created_at']);
    });

    await forgetSentCopies(knex);
  },
  async down(knex) {
    // A hash cannot be turned back into its token: the links e-mailed die, and each alert gets a
    // fresh token that its next digest carries.
    await knex.schema.dropTable('alert_data_links');
    await knex.schema.dropTable('job_alert_links');
    const ids: number[] = await knex('job_alerts').whereNull('manage_token').pluck('id');
    for (const id of ids) {
      await knex('job_alerts')
        .where({ id })
        .update({ manage_token: randomBytes(32).toString('base64url') });
    }
    await knex.schema.alterTable('job_alerts', (t) => {
      t.string('manage_token', 64).notNullable().alter({ alterNullable: true, alterType: false });
    });
  },
} satisfies Migration;
