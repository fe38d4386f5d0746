/**
 * `jobboard <command>`: the operator's one command (the release bundle's bin/jobboard, and the
 * workspace scripts: `pnpm --filter @jobboard/api backup` runs `jobboard backup`). Every command
 * reads the server's configuration from the environment (docs/configuration.md).
 *
 * Exit status, as `pnpm releases`: 0 done, 1 failed or refused (the error alone on stderr), 2 a
 * usage error (an unknown command or option, a missing argument; the usage on stderr).
 *
 * Commander: the usual, well-kept CLI library (no dependencies of its own, typed), which gives
 * nested commands (`migrate status`, `alerts send`), `--help` on each, and usage errors we can
 * route to exit status 2 (exitOverride) rather than parsing argv by hand for ten commands.
 */
import { Command, CommanderError, InvalidArgumentError } from 'commander';
import { ConfigError } from '../platform/config';
import { versionLine } from '../platform/version';
import { configCheck } from './config-check';
import {
  adminCreate,
  adminReencryptTwoFactor,
  adminResetTwoFactor,
  alertsSend,
  renewalsRemind,
  checkInsRun,
  retentionRun,
  applicationsDigest,
  backup,
  linksCheck,
  logosFetch,
  migrate,
  migrateDownLines,
  migrateStatusLines,
  restore,
  sync,
} from './commands';
import { newsletterDraft, type DraftOptions } from './newsletter';
import { releases } from './releases';
import { isClusterWorker, parseWorkers, servePrimary } from './serve-cluster';

/** `--workers <n>`, a usage error (exit 2) when it is not a number of workers. */
function workersOption(raw: string): number {
  try {
    return parseWorkers(raw);
  } catch (error) {
    throw new InvalidArgumentError(error instanceof Error ? error.message : String(error));
  }
}

/** `jobboard logos fetch` (a constant: the table-ownership test would read the name in a call as a query of the table). */
const LOGOS_COMMAND = 'logos';
/** `jobboard applications digest` (a constant, for the same reason). */
const APPLICATIONS_COMMAND = 'applications';

/** Usage errors: commander's own codes for what the operator typed wrong. */
const USAGE_ERRORS = new Set([
  'commander.unknownCommand',
  'commander.unknownOption',
  'commander.missingArgument',
  'commander.missingMandatoryOptionValue',
  'commander.optionMissingArgument',
  'commander.excessArguments',
  'commander.invalidArgument',
  'commander.help',
]);

/** Prints a command's lines; its failure ends the run with 1 (see runJobboard). */
const printing =
  <Args extends unknown[]>(work: (...args: Args) => Promise<string[]>) =>
  async (...args: Args) => {
    for (const line of await work(...args)) console.log(line);
  };

/** A command that decides its own exit status (`releases`) leaves it here. */
export interface Outcome {
  code: number;
}

export function jobboardProgram(outcome: Outcome = { code: 0 }): Command {
  const program = new Command('jobboard')
    .description('The job board: serve it, migrate its database, back it up, send alerts.')
    // Answered by runJobboard before parsing (the commit is read only when asked); listed here
    // for --help.
    .option('-V, --version', "print the site's version, the commit it was built from and Node")
    .showHelpAfterError()
    .exitOverride();
  // Every subcommand inherits exitOverride (set before they are added).

  program
    .command('config')
    .description('The configuration read from the environment.')
    .command('check')
    .description(
      'Read the environment as the server would at start and print every problem (exit 1 if any), or what it comes to. Never prints a secret: a secret is "set" or "not set".',
    )
    .action(() => {
      const result = configCheck();
      for (const line of result.lines) console.log(line);
      outcome.code = result.code;
    });

  program
    .command('serve')
    .description('Start the site (API and front end) on PORT, until SIGTERM or SIGINT.')
    .option(
      '--workers <n>',
      `server processes sharing PORT (Node's cluster; a worker that dies is replaced). Above 1 needs PostgreSQL: see docs/operations.md`,
      workersOption,
      1,
    )
    .action(async (options: { workers: number }) => {
      if (options.workers > 1 && !isClusterWorker()) {
        // The primary: starts the workers (each runs this command again, as a worker, below).
        outcome.code = await servePrimary(options.workers);
        return;
      }
      // The server's own entry (src/server.ts, dist/server.js in the build): it starts on import,
      // and stays up until SIGTERM / SIGINT.
      await import('../server');
    });

  const migrateCommand = program
    .command('migrate')
    .description("Apply this release's migrations the database does not have.")
    .action(printing(migrate));
  migrateCommand
    .command('status')
    .description('List applied and pending migrations, and any applied by a newer release.')
    .action(printing(migrateStatusLines));
  migrateCommand
    .command('down')
    .description('Undo the newest applied migration (one), by its down step.')
    .action(printing(migrateDownLines));

  program
    .command('backup')
    .description(
      'Back up the database while the site runs (SQLite: VACUUM INTO; PostgreSQL: pg_dump).',
    )
    .option('--to <file>', 'the file to write (default: $DATA_DIR/backups/board-<time>.backup)')
    .action(printing(async (options: { to?: string }) => backup(options.to)));

  program
    .command('restore')
    .description('Replace the database with a backup. Stop every server first.')
    .argument('<file>', 'the backup to restore')
    .action(printing(restore));

  program
    .command('alerts')
    .description('Job alerts.')
    .command('send')
    .description('Send the digests due now, then deliver the outbox.')
    .option('--force', "every confirmed alert's new matches, due or not", false)
    .action(printing(async (options: { force: boolean }) => alertsSend(options.force)));

  program
    .command('renewals')
    .description('Renewals of paid listings.')
    .command('remind')
    .description(
      'E-mail the renewal reminders due now (listings ending within 5 days, once per end), then deliver the outbox.',
    )
    .action(printing(renewalsRemind));

  program
    .command('check-ins')
    .description('Still-hiring check-ins of live listings.')
    .command('run')
    .description(
      "E-mail the check-ins due now (at the admins' ages), flag those unanswered (and take them off the board if set), then deliver the outbox.",
    )
    .action(printing(checkInsRun));

  program
    .command(APPLICATIONS_COMMAND)
    .description('Applications taken on the board.')
    .command('digest')
    .description(
      "E-mail the employers' daily digests of new applications due now (once a day from APPLICATION_DIGEST_HOUR), then deliver the outbox.",
    )
    .action(printing(applicationsDigest));

  program
    .command('newsletter')
    .description("The newsletter block, sent to the publication's Ghost as a draft.")
    .command('draft')
    .description(
      'Send the block of a range of days (by default the last 7) to Ghost as a draft post, never published: the listings that bought the newsletter first, then the rest by category. Needs GHOST_URL and GHOST_ADMIN_API_KEY.',
    )
    .option('--from <date>', 'the first day, YYYY-MM-DD (default: 6 days before --to)')
    .option('--to <date>', 'the last day, YYYY-MM-DD (default: today, UTC)')
    .option('--intro <text>', 'a paragraph before the jobs (blank lines part paragraphs)')
    .action(printing((options: DraftOptions) => newsletterDraft(options)));

  program
    .command('retention')
    .description('Data kept only as long as needed.')
    .command('run')
    .description(
      "Remove what is past its period now: unconfirmed alerts, sent e-mail bodies, rejected submissions' contacts.",
    )
    .action(printing(retentionRun));

  program
    .command(LOGOS_COMMAND)
    .description('Company logos served from our own origin.')
    .command('fetch')
    .description(
      'Fetch, re-encode and store the company logos waiting (existing jobs after an upgrade).',
    )
    .option('--retry', 'also the logos whose fetch failed before', false)
    .action(printing(async (options: { retry: boolean }) => logosFetch(options.retry)));

  program
    .command('links')
    .description(
      'The application links of the live listings (docs/product.md#dead-application-links).',
    )
    .command('check')
    .description(
      'Check one batch of the application links due now (LINK_CHECK_BATCH, those never checked first), flag those dead twice in a row, then deliver the outbox.',
    )
    .action(printing(linksCheck));

  program
    .command('sync')
    .description('Re-sync jobs once from the configured source (AIRTABLE_* or JOB_FEED_URL).')
    .action(printing(sync));

  const admin = program.command('admin').description('Admin accounts.');
  admin
    .command('create')
    .description('Create an admin, or set a new password (signs them out everywhere).')
    .requiredOption('--username <name>', '3 to 100 letters, digits or . _ @ -')
    .option('--password-stdin', 'read the password from standard input', false)
    .action(
      printing(async (options: { username: string; passwordStdin: boolean }) =>
        adminCreate(options.username, { passwordStdin: options.passwordStdin }),
      ),
    );
  admin
    .command('reset-2fa')
    .description(
      "Turn off an admin's two-factor sign-in (a lost phone, no recovery code left): their password alone signs in again (or sends them to enrolment when ADMIN_2FA=required), and every session of theirs is signed out.",
    )
    .argument('<username>', 'the admin')
    .action(printing(adminResetTwoFactor));
  admin
    .command('reencrypt-2fa')
    .description(
      "Encrypt every admin's two-factor secret again with TOTP_ENCRYPTION_KEY, after a rotation (the old key in TOTP_ENCRYPTION_KEY_PREVIOUS); then the old key can be removed.",
    )
    .action(printing(adminReencryptTwoFactor));

  program
    .command('releases')
    .description(
      "The front end's releases in RELEASES_DIR: list | promote <app> <version> | rollback <app> (`jobboard releases --help`).",
    )
    .argument('[args...]', 'list, promote <app> <version> or rollback <app>')
    .helpOption(false)
    .allowUnknownOption()
    .action(async (args: string[]) => {
      outcome.code = await releases(args);
    });

  return program;
}

/** Runs one command line; resolves to the exit status (0, 1 or 2). */
export async function runJobboard(argv: string[]): Promise<number> {
  // `pnpm run x -- --flag` passes the `--` on: drop it.
  const args = argv.filter((arg) => arg !== '--');
  const outcome: Outcome = { code: 0 };
  const program = jobboardProgram(outcome);
  if (args.length === 0) {
    program.outputHelp({ error: true });
    return 2;
  }
  if (args.length === 1 && (args[0] === '--version' || args[0] === '-V')) {
    console.log(versionLine());
    return 0;
  }
  try {
    await program.parseAsync(args, { from: 'user' });
    return outcome.code;
  } catch (error) {
    if (error instanceof CommanderError) {
      if (error.code === 'commander.helpDisplayed' || error.code === 'commander.version') return 0;
      // A command group alone (`jobboard alerts`) prints its help: a usage error.
      return USAGE_ERRORS.has(error.code) ? 2 : 1;
    }
    console.error(error instanceof ConfigError || error instanceof Error ? error.message : error);
    return 1;
  }
}

const code = await runJobboard(process.argv.slice(2));
// `serve` keeps running (its server holds the event loop); every other command ends here, and so
// does the primary of `serve --workers N` once its workers have stopped.
if (code !== 0) process.exit(code);
