import { UNUSED_LOGO_UPLOAD_DAYS } from '../retention';
import { createInterface } from 'node:readline/promises';
import path from 'node:path';
import type { Knex } from 'knex';
import { MIN_ADMIN_PASSWORD_LENGTH } from '@jobboard/contract/common';
import { RENEWAL_LINK_TTL_DAYS } from '@jobboard/contract/payments';
import {
  AdminsRepository,
  normaliseUsername,
  TotpSecretCipher,
  totpKeyId,
  unreadableSecretsMessage,
} from '../admins';
import { buildApp } from '../app';
import { backupDatabase, backupFile, restoreDatabase } from '../backup';
import { loadConfig, type Config } from '../platform/config';
import { createKnex } from '../platform/db/knex';
import {
  migrateDown,
  migrateLatest,
  migrationStatus,
  SchemaAheadError,
} from '../platform/db/migrate';
import { schemaBehindMessage } from '../platform/ops/schema-messages';
import { migrationDetails } from './migrations';

/**
 * The operator's commands (`jobboard <command>`, src/cli/jobboard.ts), each over the server's own
 * configuration (DATABASE_URL / SQLITE_FILE, DATA_DIR, SMTP_URL...). Each returns the lines to
 * print; a failure throws, and its message is what the operator reads.
 */

const databaseName = (config: Config) =>
  config.database.client === 'sqlite' ? `SQLite ${config.database.filename}` : 'PostgreSQL';

/** A path the operator typed: from the folder they typed it in (pnpm runs us in api/). */
export const typedPath = (file: string) =>
  path.resolve(process.env.INIT_CWD ?? process.cwd(), file);

async function withDatabase<T>(
  run: (db: ReturnType<typeof createKnex>, config: Config) => Promise<T>,
): Promise<T> {
  const config = loadConfig();
  const db = createKnex(config.database);
  try {
    return await run(db, config);
  } finally {
    await db.destroy();
  }
}

/**
 * The configuration of a command that does its one run and stops: the server's own, with no
 * background loop (the e-mail sender, the digests, the reminders, the check-ins, retention, the
 * weekly newsletter draft, the sync's schedule, the scheduled backup). A command that built an app with them would run them at start.
 */
export function oneRunConfig(): Config {
  const config = loadConfig();
  config.alertDigestIntervalMinutes = 0;
  config.applicationDigest.intervalMinutes = 0;
  config.mail.pollSeconds = 0;
  config.social.pollSeconds = 0;
  config.retention.intervalMinutes = 0;
  config.renewalReminderIntervalMinutes = 0;
  config.checkInIntervalMinutes = 0;
  config.newsletterDraftIntervalMinutes = 0;
  config.linkChecks.intervalMinutes = 0;
  if (config.sync) config.sync.intervalMinutes = 0;
  config.backups.schedule = null;
  return config;
}

export function migrate(): Promise<string[]> {
  return withDatabase(async (db, config) => {
    const applied = await migrateLatest(db);
    return applied.length
      ? [`Applied ${applied.length} migration(s) to ${databaseName(config)}:`, ...applied]
      : [`${databaseName(config)} has every migration of this release.`];
  });
}

export function migrateStatusLines(): Promise<string[]> {
  return withDatabase(async (db, config) => {
    const { applied, pending } = await migrationDetails(db);
    const ahead = applied.filter((row) => !row.known);
    const lines = [`${databaseName(config)}:`];
    for (const row of applied) {
      lines.push(
        `  applied  ${row.name}  (batch ${row.batch}, ${row.at})${row.known ? '' : '  not in this release'}`,
      );
    }
    for (const name of pending) lines.push(`  pending  ${name}`);
    lines.push(
      pending.length
        ? `${pending.length} pending: run \`jobboard migrate\`.`
        : ahead.length
          ? `Schema ahead of this release by ${ahead.length} migration(s) (a newer release applied them).`
          : 'Up to date.',
    );
    return lines;
  });
}

export function migrateDownLines(): Promise<string[]> {
  return withDatabase(async (db, config) => {
    let undone: string | null;
    try {
      undone = await migrateDown(db);
    } catch (error) {
      // The newest migration applied is a newer release's: only that release has its `down`.
      if (error instanceof SchemaAheadError) {
        throw new Error(
          `The newest migration applied, ${error.migration}, is not in this release: undo it with ` +
            'the release that has it (`jobboard --release <its folder> migrate down`).',
          { cause: error },
        );
      }
      throw error;
    }
    if (undone === null) throw new Error('No migration is applied: there is nothing to undo.');
    return [`Undid ${undone} on ${databaseName(config)}.`];
  });
}

/**
 * `jobboard backup [--to FILE]`: by default `$DATA_DIR/backups/board-<time>.backup`, where the
 * metrics' backup age finds it by its name (no write to the database: on SQLite the server is
 * its one writer).
 */
export async function backup(to: string | undefined): Promise<string[]> {
  const config = loadConfig();
  const file = to ? typedPath(to) : backupFile(config.dataDir, new Date());
  await backupDatabase(config.database, file);
  return [`Backed up the ${databaseName(config)} database to ${file}.`];
}

export async function restore(from: string): Promise<string[]> {
  const config = loadConfig();
  const file = typedPath(from);
  await restoreDatabase(config.database, file);
  return [`Restored ${file} into the ${databaseName(config)} database.`];
}

/**
 * The job alerts' digests that are due now (or every confirmed alert's new matches with force),
 * then the outbox. Safe while servers run their own scheduler: each digest is sent once.
 */
export async function alertsSend(force: boolean): Promise<string[]> {
  // One run, no background loops: this command sends, then delivers, then stops.
  const config = oneRunConfig();
  const app = await buildApp({ config });
  try {
    await requireCurrentSchema(app.db);
    await app.ready();
    const digests = await app.alertDigests.run({ force });
    const mail = await app.mailer.flush();
    return [
      `Job alerts: ${digests.sent} digest${digests.sent === 1 ? '' : 's'} queued ` +
        `(${digests.checked} alert${digests.checked === 1 ? '' : 's'} checked, ${digests.skipped} taken by another run); ` +
        (config.mail.smtpUrl
          ? `e-mail: ${mail.sent} sent, ${mail.retrying} to retry, ${mail.failed} given up.`
          : 'SMTP_URL is not set: the e-mails wait in the outbox.'),
    ];
  } finally {
    await app.close();
  }
}

/**
 * One run of work that queues e-mail under a lease, then the outbox: an app with no background
 * loop of its own (the command does the work, delivers, then stops). Nothing is done while another
 * process holds the work's lease.
 */
async function runThenDeliver(
  what: string,
  work: (app: Awaited<ReturnType<typeof buildApp>>) => Promise<{ ran: boolean; queued: string }>,
): Promise<string[]> {
  const config = oneRunConfig();
  const app = await buildApp({ config });
  try {
    await requireCurrentSchema(app.db);
    await app.ready();
    const { ran, queued } = await work(app);
    if (!ran) {
      return [`${what}: another process is sending them now; nothing done (try again later).`];
    }
    const mail = await app.mailer.flush();
    return [
      `${what}: ${queued}; ` +
        (config.mail.smtpUrl
          ? `e-mail: ${mail.sent} sent, ${mail.retrying} to retry, ${mail.failed} given up.`
          : 'SMTP_URL is not set: the e-mails wait in the outbox.'),
    ];
  } finally {
    await app.close();
  }
}

/**
 * The renewal reminders due now (`jobboard renewals remind`), then the outbox. Safe while servers
 * run their own schedule: one run at a time (a lease), and each reminder is sent once.
 */
export function renewalsRemind(): Promise<string[]> {
  return runThenDeliver('Renewal reminders', async (app) => {
    const report = await app.renewals.remind();
    return {
      ran: report.ran,
      queued: `${report.sent} queued (${report.checked} listing${report.checked === 1 ? '' : 's'} ending soon checked)`,
    };
  });
}

/**
 * The still-hiring check-ins due now (`jobboard check-ins run`): those due sent, those unanswered
 * flagged (and taken off the board when the admins' setting says so), then the outbox. Safe while
 * servers run their own schedule: one run at a time (a lease), each check-in sent once.
 */
export function checkInsRun(): Promise<string[]> {
  return runThenDeliver('Still-hiring check-ins', async (app) => {
    const report = await app.checkIns.run();
    const listings = (n: number) => `${n} listing${n === 1 ? '' : 's'}`;
    return {
      ran: report.ran,
      queued:
        `${report.sent} queued (${listings(report.checked)} checked), ${report.flagged} flagged ` +
        `for no answer, ${listings(report.closed)} taken off the board`,
    };
  });
}

/**
 * One run of the application-link checker (`jobboard links check`), then the outbox (the
 * employers told of a link first flagged). Safe while servers run their own schedule: one run at
 * a time (a lease).
 */
export function linksCheck(): Promise<string[]> {
  return runThenDeliver('Link checks', async (app) => {
    const report = await app.linkChecks.run();
    return {
      ran: report.ran,
      queued:
        `${report.checked} link(s) checked with ${report.requests} request(s) to ${report.hosts} host(s), ` +
        `${report.flagged} flagged, ${report.cleared} working again`,
    };
  });
}

/**
 * The employers' daily application digests due now (`jobboard applications digest`), then the
 * outbox. Safe while servers run their own schedule: one run at a time (a lease), and each
 * employer's digest goes once a day.
 */
export function applicationsDigest(): Promise<string[]> {
  return runThenDeliver('Application digests', async (app) => {
    const report = await app.applicationUpkeep.sendDigests();
    return {
      ran: report.ran,
      queued: `${report.sent} queued naming ${report.named} application(s) (${report.checked} employer(s) due checked)`,
    };
  });
}

/**
 * One retention run (`jobboard retention run`): what is kept past its period is removed, and the
 * counts printed. Safe while servers run their own schedule: one run at a time (a lease).
 */
export async function retentionRun(): Promise<string[]> {
  // One run, no background loops: this command removes, then stops.
  const config = oneRunConfig();
  const app = await buildApp({ config });
  try {
    await requireCurrentSchema(app.db);
    await app.ready();
    const report = await app.retention.run();
    if (!report.ran) {
      return ['Retention: another process is running it now; nothing done (try again later).'];
    }
    const { retention } = config;
    return [
      `Retention: ${report.unconfirmedAlerts} unconfirmed job alert(s) deleted (older than ${retention.unconfirmedAlertsHours} hours), ` +
        `${report.unsubscribedAlerts} unsubscribed job alert(s) deleted, ` +
        `${report.expiredAlertLinks} expired alert link(s) deleted, ` +
        `${report.alertLocks} unused alert address lock(s) deleted, ` +
        `${report.emailBodies} sent e-mail bod(ies) emptied (older than ${retention.sentEmailBodiesDays} days), ` +
        `${report.emailRecipients} sent e-mail recipient(s) blanked (older than ${retention.sentEmailRecipientsDays} days), ` +
        `${report.rejectedContacts} rejected submission contact(s) blanked (older than ${retention.rejectedContactDays} days), ` +
        `${report.junkLogos} junk submission logo(s) let go (older than ${retention.rejectedContactDays} days), ` +
        `${report.unusedLogoUploads} unused logo upload(s) deleted (older than ${UNUSED_LOGO_UPLOAD_DAYS} day), ` +
        `${report.expiredRenewalLinks} expired renewal link(s) deleted (older than ${RENEWAL_LINK_TTL_DAYS} days), ` +
        `${report.archivedJobs} job(s) past their end archived, ` +
        `${report.expiredApplications} application(s) deleted (their listing ended over ${retention.applicationDays} days ago).`,
    ];
  } finally {
    await app.close();
  }
}

/**
 * Fetch the company logos waiting (those of companies on the board before logos were stored, and
 * any a server has not fetched yet), re-encode and store them (logos/); `retryFailed` tries the
 * ones that failed before too. Until then such a company shows no logo. Safe while servers run.
 */
export async function logosFetch(retryFailed: boolean): Promise<string[]> {
  const config = oneRunConfig();
  config.logoFetch = false;
  const app = await buildApp({ config });
  try {
    await requireCurrentSchema(app.db);
    await app.ready();
    const report = await app.logos.run({ retryFailed });
    const more = report.failed - report.refusals.length;
    return [
      `Logos: ${report.stored} stored, ${report.failed} not taken` +
        (report.failed ? ' (`jobboard logos fetch --retry` tries them again):' : '.'),
      ...report.refusals.map(({ logoUrl, reason }) => `  ${logoUrl}: ${reason}`),
      ...(more > 0 ? [`  and ${more} more (the server log names each).`] : []),
    ];
  } finally {
    await app.close();
  }
}

/**
 * One re-sync from the configured source (AIRTABLE_* or JOB_FEED_URL), recorded as a scheduled
 * one (a cron job running this is the schedule); refused while another runs.
 */
export async function sync(): Promise<string[]> {
  const config = oneRunConfig();
  if (!config.sync) {
    throw new Error('No job source is configured: set the AIRTABLE_* variables or JOB_FEED_URL.');
  }
  const app = await buildApp({ config });
  try {
    await requireCurrentSchema(app.db);
    await app.ready();
    const result = await app.sync.run('schedule', app.now(), app.log);
    return [
      `Synced from ${result.source}: ${result.created} created, ${result.updated} updated, ` +
        `${result.unchanged} unchanged, ${result.deactivated} switched off, ${result.skipped} skipped.`,
    ];
  } finally {
    await app.close();
  }
}

async function readPassword(fromStdin: boolean): Promise<string> {
  if (fromStdin) {
    let input = '';
    for await (const chunk of process.stdin) input += chunk;
    return input.replace(/\r?\n$/, '');
  }
  const prompt = createInterface({ input: process.stdin, output: process.stdout, terminal: true });
  try {
    return await prompt.question(`Password (at least ${MIN_ADMIN_PASSWORD_LENGTH} characters): `);
  } finally {
    prompt.close();
  }
}

/**
 * The commands that work on the board's data run against the schema of their release, and never
 * migrate it themselves: migrations are the operator's step (`jobboard migrate`), taken once,
 * before a release serves (docs/operations.md#upgrade-and-roll-back). A schema ahead is fine.
 */
export async function requireCurrentSchema(db: Knex): Promise<void> {
  const { pending } = await migrationStatus(db);
  if (pending.length) throw new Error(schemaBehindMessage(pending));
}

/** The admins' table as the server has it: its two-factor secrets under the configured keys. */
const adminsOf = (db: Knex, config: Config) =>
  new AdminsRepository(db, new TotpSecretCipher(config.totpEncryption));

/** Create an admin, or set a new password for one (which signs them out everywhere). */
export async function adminCreate(
  username: string,
  options: { passwordStdin: boolean },
): Promise<string[]> {
  const name = username.trim();
  if (!/^[a-zA-Z0-9._@-]{3,100}$/.test(name)) {
    throw new Error('The username is 3 to 100 letters, digits or . _ @ -');
  }
  const config = loadConfig();
  const password = await readPassword(options.passwordStdin);
  if (password.length < MIN_ADMIN_PASSWORD_LENGTH) {
    throw new Error(`The password must be at least ${MIN_ADMIN_PASSWORD_LENGTH} characters.`);
  }
  const db = createKnex(config.database);
  try {
    await requireCurrentSchema(db);
    const outcome = await adminsOf(db, config).save(name, password, new Date());
    return [
      outcome === 'created'
        ? `Admin ${name} created.`
        : `Password of ${name} updated; every session of ${name} has been signed out.`,
    ];
  } finally {
    await db.destroy();
  }
}

/**
 * Turn off an admin's two-factor sign-in (`jobboard admin reset-2fa USERNAME`), and sign every
 * session of theirs out: whoever holds one does not keep it past the reset.
 */
export async function adminResetTwoFactor(username: string): Promise<string[]> {
  const config = loadConfig();
  const db = createKnex(config.database);
  try {
    await requireCurrentSchema(db);
    const name = normaliseUsername(username);
    if (!(await adminsOf(db, config).resetTwoFactor(name, new Date()))) {
      throw new Error(`There is no admin ${name}.`);
    }
    return [
      `Two-factor sign-in of ${name} turned off; every session of ${name} has been signed out.`,
    ];
  } finally {
    await db.destroy();
  }
}

/**
 * Encrypt every admin's two-factor secret again with TOTP_ENCRYPTION_KEY (`jobboard admin
 * reencrypt-2fa`): the step of a key rotation between giving the old key as
 * TOTP_ENCRYPTION_KEY_PREVIOUS and removing it (docs/operations.md, "The two-factor key"). Fails,
 * naming them, when some secret opens with none of the keys (those that do are encrypted again).
 */
export async function adminReencryptTwoFactor(): Promise<string[]> {
  const config = loadConfig();
  const db = createKnex(config.database);
  try {
    await requireCurrentSchema(db);
    const { resealed, unreadable } = await adminsOf(db, config).resealTotpSecrets('all');
    const done = `${resealed} two-factor secret(s) encrypted again with TOTP_ENCRYPTION_KEY (key ${totpKeyId(config.totpEncryption.key)}).`;
    if (unreadable.length) {
      throw new Error(`${done}\n${unreadableSecretsMessage(unreadable, config.totpEncryption)}`);
    }
    return [
      done,
      'Every stored secret is under it now: TOTP_ENCRYPTION_KEY_PREVIOUS can be removed from every process.',
    ];
  } finally {
    await db.destroy();
  }
}
