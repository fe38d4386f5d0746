import { spawnSync } from 'node:child_process';
import { connect } from 'node:net';
import { networkInterfaces } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseConfig } from '../../src/platform/config';
import { HUMAN_PROOF_SECRET_MISSING, PRODUCTION_PROBLEMS } from '../../src/platform/config';
import { createKnex } from '../../src/platform/db/knex';
import { migrations } from '../../src/platform/db/migrations';
import { ApiProcess, buildOnce } from '../support/api-process';
import { applyFutureMigration, FUTURE_MIGRATION } from '../support/schema-ahead';
import { freshDatabase, testDatabase } from '../support/test-app';
import { API_DIR } from '../support/paths';

/**
 * The production server and the operator's control of it: it refuses to start misconfigured (exit
 * 1, every problem in one message, no stack), waits for the operator's migrations without
 * MIGRATE_ON_START (listening, /readyz 503), and serves against a schema a newer release migrated.
 */

/** /readyz names the migrations only to a request with the METRICS_TOKEN (issue 43, finding 8). */
const METRICS_TOKEN = 'schema-control-metrics-token-of-32-chars';
const readyz = (server: ApiProcess) =>
  fetch(`${server.url}/readyz`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });

/** Whether a TCP connection to address:port is taken. */
const connects = (address: string, port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect({ host: address, port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

let database: DatabaseConfig;
let dispose: () => Promise<void>;
beforeAll(async () => {
  ({ database, dispose } = await freshDatabase());
});
afterAll(() => dispose());

describe(`the production server's start on ${testDatabase}`, () => {
  let server: ApiProcess | undefined;
  afterAll(() => server?.stop('SIGKILL'));

  it('refuses to start without the production settings: exit 1, every problem, no stack', () => {
    buildOnce();
    const result = spawnSync(process.execPath, ['dist/server.js'], {
      cwd: API_DIR,
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'production',
        PORT: '0',
        TRUST_PROXY: 'yes',
        // Issue 46: a site that would look up but not work is refused in the same list.
        STRIPE_SECRET_KEY: 'sk_live_51AStripeKey',
        GHOST_URL: 'http://ghost.example.org',
      },
      encoding: 'utf8',
    });
    expect(result.status).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(
      'Invalid configuration:\n' +
        `  - TRUST_PROXY must not be true: that believes every X-Forwarded-For hop, so any client could choose its address and slip past the rate limits. Name the proxies in front of the server by their addresses or CIDR ranges, separated by commas (for example TRUST_PROXY=127.0.0.1,::1 for nginx or Caddy on this host, or TRUST_PROXY=10.0.0.2,192.168.0.0/16; loopback names 127.0.0.0/8 and ::1) (got "yes")\n` +
        `  - ${PRODUCTION_PROBLEMS.sessionSecretMissing}\n` +
        `  - ${PRODUCTION_PROBLEMS.totpKeyMissing}\n` +
        `  - ${PRODUCTION_PROBLEMS.publicUrlMissing}\n` +
        `  - ${PRODUCTION_PROBLEMS.ghostOverHttp}\n` +
        `  - ${PRODUCTION_PROBLEMS.stripeWebhookMissing}\n` +
        `  - ${PRODUCTION_PROBLEMS.smtpMissing}\n` +
        `  - ${PRODUCTION_PROBLEMS.placeholderSender('Nonprofit Comms Jobs <jobs@example.org>', 'example.org')}\n` +
        `  - ${HUMAN_PROOF_SECRET_MISSING}\n`,
    );
  });

  it('listens on 127.0.0.1 only behind a proxy when HOST is unset, and says so (issue 46)', async () => {
    // Its own database: this one is migrated at start, the test below needs a fresh one.
    const own = await freshDatabase();
    // HOST '' is unset (ApiProcess gives 127.0.0.1 otherwise).
    const proxied = await ApiProcess.start({
      database: own.database,
      env: { HOST: '', TRUST_PROXY: '127.0.0.1,::1' },
    });
    try {
      await proxied.outputIncludes(
        'Listening on 127.0.0.1 only (TRUST_PROXY is set and HOST is not',
      );
      expect((await fetch(`http://127.0.0.1:${proxied.port}/healthz`)).status).toBe(200);
      // Not on the machine's network addresses: nobody reaches the port but through the proxy.
      const external = Object.values(networkInterfaces())
        .flat()
        .filter((face) => face && !face.internal && face.family === 'IPv4')
        .map((face) => face!.address);
      for (const address of external) {
        expect(await connects(address, proxied.port), address).toBe(false);
      }
    } finally {
      await proxied.stop();
      await own.dispose();
    }
  });

  it('without MIGRATE_ON_START leaves a fresh database alone: listens, /readyz 503, the log says what to run', async () => {
    server = await ApiProcess.start({
      database,
      env: { MIGRATE_ON_START: 'false', METRICS_TOKEN },
    });
    const ready = await readyz(server);
    expect(ready.status).toBe(503);
    const { message } = (await ready.json()) as { message: string };
    expect(message).toMatch(
      new RegExp(
        `^schema behind: ${migrations.length} migrations pending \\(${migrations[0]!.name} \\.\\.\\. ${migrations.at(-1)!.name}\\)`,
      ),
    );
    await server.outputIncludes('Run `jobboard migrate` with this release');
    const db = createKnex(database);
    try {
      expect(await db.schema.hasTable('jobs')).toBe(false);
    } finally {
      await db.destroy();
    }
    await server.stop();
  });

  it('an older build serves against a schema a newer release migrated: 200, schema ahead logged once', async () => {
    // The operator's migrations (here the start's), then a newer release's on top of them.
    server = await ApiProcess.start({ database });
    await server.stop();
    const db = createKnex(database);
    try {
      await applyFutureMigration(db);
    } finally {
      await db.destroy();
    }
    // Rolled back to this build, migrating on start as the quick start does: knex's list check
    // would refuse to start; it serves instead.
    server = await ApiProcess.start({ database, env: { METRICS_TOKEN } });
    const ready = await readyz(server);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ status: 'ok', schema: 'ahead' });
    expect((await fetch(`${server.url}/api/jobs`)).status).toBe(200);
    await readyz(server);
    expect(
      server.output.split(
        `schema ahead: 1 migration applied that this build does not know (${FUTURE_MIGRATION})`,
      ),
    ).toHaveLength(2);
  });
});
