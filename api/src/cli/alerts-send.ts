/**
 * Send the job alerts' digests that are due now (the same DATABASE_URL / SQLITE_FILE and SMTP_URL
 * as the server), then deliver the outbox:
 *
 *   pnpm --filter @jobboard/api alerts:send
 *   pnpm --filter @jobboard/api alerts:send -- --force   (every confirmed alert, due or not)
 *
 * Safe while servers run their own scheduler: each digest is sent once (alerts/digest.ts).
 */
import { parseArgs } from 'node:util';
import { buildApp } from '../app';
import { ConfigError, loadConfig } from '../config';
import { migrateLatest } from '../db/migrate';

async function main() {
  const { values } = parseArgs({
    // `pnpm run x -- --flag` passes the `--` on: drop it.
    args: process.argv.slice(2).filter((arg) => arg !== '--'),
    options: { force: { type: 'boolean', default: false } },
  });
  const config = loadConfig();
  // One run, no background loops: this command sends, then delivers, then stops.
  config.alertDigestIntervalMinutes = 0;
  config.mail.pollSeconds = 0;
  const app = await buildApp({ config });
  try {
    await migrateLatest(app.db);
    await app.ready();
    const digests = await app.alertDigests.run({ force: values.force });
    const mail = await app.mailer.flush();
    console.log(
      `Job alerts: ${digests.sent} digest${digests.sent === 1 ? '' : 's'} queued ` +
        `(${digests.checked} alert${digests.checked === 1 ? '' : 's'} checked, ${digests.skipped} taken by another run); ` +
        (config.mail.smtpUrl
          ? `e-mail: ${mail.sent} sent, ${mail.retrying} to retry, ${mail.failed} given up.`
          : 'SMTP_URL is not set: the e-mails wait in the outbox.'),
    );
  } finally {
    await app.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError || error instanceof Error ? error.message : error);
  process.exit(1);
});
