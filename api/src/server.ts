import cluster from 'node:cluster';
import type { AddressInfo } from 'node:net';
import closeWithGrace from 'close-with-grace';
import { buildApp } from './app';
import { WORKER_STOP_MESSAGE } from './cli/serve-cluster';
import { ConfigError, loadConfig, type Config } from './platform/config';
import { migrateLatest, migrationStatus } from './platform/db/migrate';
import { schemaAheadMessage, schemaBehindMessage } from './platform/ops/schema-messages';
import {
  dataDirOf,
  ensureFirstAdmin,
  firstAdminPasswordNotice,
  type FirstAdmin,
} from './admins/first-admin';
import { secureTotpSecrets, TotpKeyError } from './admins/totp-keys';
import { seedDemoIfEmpty } from './seed/seed-demo';

/**
 * Start-up: read the configuration, migrate when MIGRATE_ON_START is set, seed the demo when asked
 * and empty, listen, stop gracefully. Without MIGRATE_ON_START a schema behind this build is
 * logged with the command to run, and the server listens anyway: /readyz answers 503 until the
 * migrations are applied, so a load balancer keeps it out of the rotation meanwhile (the database
 * work of seeding and the first admin waits for a start on a migrated database).
 */
async function main(): Promise<void> {
  const worker = workerStop();
  const config = readConfigOrExit();
  const app = await buildApp({ config, logger: true });

  if (config.migrateOnStart) {
    const applied = await migrateLatest(app.db);
    if (applied.length) app.log.info({ migrations: applied }, 'database migrated');
  }
  const schema = await migrationStatus(app.db);
  // Once per start: a schema ahead is expected after a rollback, and /readyz keeps saying it.
  if (schema.unknownApplied.length) app.log.warn(schemaAheadMessage(schema.unknownApplied));
  let firstAdmin: FirstAdmin = { created: false };
  if (schema.pending.length) {
    app.log.error(schemaBehindMessage(schema.pending));
    // Once `jobboard migrate` has run (the server serves then, with no restart): the two-factor
    // secrets an older release kept in clear are encrypted then (a key problem is logged).
    app.whenSchemaCurrent(() => secureTotpSecretsLogged(app));
  } else {
    await secureTotpSecretsOrExit(app);
    const seeded = await seedDemoIfEmpty(app);
    if (seeded) app.log.info(`loaded ${seeded} demo jobs`);
    firstAdmin = await ensureFirstAdmin(app);
    if (firstAdmin.created) app.log.info({ username: firstAdmin.username }, 'first admin created');
  }
  if (config.totpEncryption.developmentKey) {
    app.log.warn(
      "TOTP_ENCRYPTION_KEY is not set: the admins' two-factor secrets are encrypted with the fixed development key, which is public (production requires a key of its own)",
    );
  }
  if (config.humanProof.developmentKey) {
    app.log.warn(
      "HUMAN_PROOF_SECRET is not set: the spam check's challenges are signed with the fixed development key, which is public (production requires a key of its own)",
    );
  }
  if (config.sessionSecretGenerated) {
    app.log.warn(
      'SESSION_SECRET is not set: using a random one, so sign-ins end when the server restarts',
    );
  }

  // SIGTERM / SIGINT: stop accepting, let in-flight requests finish, close the pool; give up after
  // 10 s. A worker of `serve --workers N` leaves the signals to its primary, which asks it to stop.
  const grace = closeWithGrace(
    { delay: 10_000, skip: worker ? ['SIGINT', 'SIGTERM'] : [] },
    async ({ err, signal }) => {
      if (err) app.log.error({ err }, 'stopping after an unexpected error');
      else app.log.info(`${signal ?? 'asked by the primary'}: shutting down`);
      // Closing waits for every connection to end. Connections idle at the signal are closed at
      // once, but a keep-alive connection whose request finishes afterwards would stay open until
      // the client drops it (and we would be killed at the 10 s mark): each is closed as it goes idle.
      const closeIdle = setInterval(() => app.server.closeIdleConnections(), 100);
      try {
        await app.close();
      } finally {
        clearInterval(closeIdle);
      }
    },
  );
  worker?.onStop(() => void grace.close());

  await app.listen({ port: config.port, host: config.host });
  logStart(app, config, app.server.address(), firstAdmin);
}

type App = Awaited<ReturnType<typeof buildApp>>;

async function secureTotpSecretsLogged(app: App): Promise<void> {
  const encrypted = await secureTotpSecrets(app.admins, app.config.totpEncryption);
  if (encrypted) app.log.info({ encrypted }, 'two-factor secrets kept in clear are encrypted now');
}

/**
 * Two-factor secrets kept in clear by an older release are encrypted now, and a stored secret
 * the configured keys cannot open stops the start with what to do (admins/totp-keys.ts): a server
 * on the wrong key would refuse every admin's code.
 */
async function secureTotpSecretsOrExit(app: App): Promise<void> {
  try {
    await secureTotpSecretsLogged(app);
  } catch (error) {
    if (!(error instanceof TotpKeyError)) throw error;
    console.error(error.message);
    await app.close();
    process.exit(1);
  }
}

/**
 * In a worker of `serve --workers N` (cli/serve-cluster.ts): SIGTERM and SIGINT are ignored, since
 * a service manager's stop and a Ctrl-C reach every process of the group, and the primary passes
 * the stop on once (a second signal would end a draining worker at once). The worker stops when
 * the primary asks, or when the primary is gone. Set up first thing, so a stop asked while the
 * worker starts is kept for when it can stop. Undefined in a server of its own.
 */
function workerStop(): { onStop(stop: () => void): void } | undefined {
  if (!cluster.isWorker) return undefined;
  let asked = false;
  let stop: (() => void) | undefined;
  const ask = () => {
    if (asked) return;
    asked = true;
    stop?.();
  };
  process.on('SIGTERM', () => {});
  process.on('SIGINT', () => {});
  process.on('message', (message) => {
    if (message === WORKER_STOP_MESSAGE) ask();
  });
  process.once('disconnect', ask);
  return {
    onStop(given) {
      stop = given;
      if (asked) given();
    },
  };
}

function readConfigOrExit(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

/**
 * The start's line (issue 46: logs are JSON only): where the site and its admin login are, on
 * which database, and how to get into the admin, written whatever LOG_LEVEL (the operator and the
 * tools wait for it). A generated first-admin password is never in it, not even on a terminal: it
 * goes to the owner-only file the line names (admins/first-admin.ts).
 */
function logStart(
  app: App,
  config: Config,
  address: AddressInfo | string | null,
  firstAdmin: FirstAdmin,
): void {
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = `http://localhost:${port}`;
  const database =
    config.database.client === 'sqlite' ? `SQLite ${config.database.filename}` : 'PostgreSQL';
  const worker = cluster.isWorker ? { worker: process.pid } : {};
  const start = app.log.child({}, { level: 'info' });
  start.info(
    {
      url,
      adminLogin: `${url}/admin/login`,
      database,
      ...worker,
      firstAdmin: firstAdminPasswordNotice(firstAdmin, {
        interactive: false,
        dataDir: dataDirOf(config),
      }),
    },
    // The message alone says where to sign in: the quick start's reader sees this line first.
    `Job board ready at ${url}  (${database}${cluster.isWorker ? `, worker ${process.pid}` : ''}); admin login: ${url}/admin/login`,
  );
  // Issue 46: behind a proxy the port is kept off the network unless HOST says otherwise.
  if (config.hostForProxy) {
    start.info(
      { host: config.host },
      `Listening on ${config.host} only (TRUST_PROXY is set and HOST is not: only a proxy on this host reaches the port; set HOST=0.0.0.0 for a proxy elsewhere)`,
    );
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
