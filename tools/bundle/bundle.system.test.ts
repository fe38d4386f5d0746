import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { proofFrom, startPgCluster } from '@jobboard/api/test-support';
import { VALID_SUBMISSION } from '@jobboard/contract/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  METRICS_TOKEN,
  jobboard as run,
  operatorEnvironment,
  serve as serveBundle,
  signIn,
} from './support/operator';

/**
 * The release bundle (`pnpm bundle`, tools/bundle/bundle.ts) as an operator gets it: built,
 * copied to a folder outside the repository (none of the workspace's node_modules reachable) and
 * run there with environment variables only, on the machine's Node and on Node 24 (the registry's
 * `node` package: `npx -y node@24`). Each run: `jobboard migrate`, `migrate status`, `serve`
 * (/readyz, the board's page, a search, an admin sign-in), `backup` into DATA_DIR, and a stop.
 * Then, on SQLite and on PostgreSQL, the operator's walk of docs/deploy/README.md: a deploy, an
 * upgrade to a bundle with one more migration, a rollback to the first bundle, and no data lost.
 */

const ROOT = path.resolve(import.meta.dirname, '..', '..');
let place: string;
let bundle: string;

beforeAll(() => {
  const built = spawnSync(process.execPath, ['--import', 'tsx', 'tools/bundle/bundle.ts'], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  expect(built.status, `${built.stdout}\n${built.stderr}`).toBe(0);
  place = mkdtempSync(path.join(tmpdir(), 'jobboard-bundle-'));
  bundle = path.join(place, 'jobboard');
  cpSync(path.join(ROOT, 'dist', 'jobboard'), bundle, { recursive: true, verbatimSymlinks: true });
}, 300_000);

/** The bundle's operator command, run in the folder it was deployed to. */
const jobboard = (args: string[], env: NodeJS.ProcessEnv) => run(bundle, args, env);
/** The environment of the quick smoke runs: the demo jobs, so a search finds something. */
const environment = (nodeBinary: string, dataDir: string) =>
  operatorEnvironment(nodeBinary, dataDir, { SEED_DEMO: 'true' });

afterAll(() => {
  if (place) rmSync(place, { recursive: true, force: true });
}, 60_000);

/** The Node 24 binary the registry's `node` package ships (fetched once, then from npx's cache). */
function node24(): string {
  const found = spawnSync('npx', ['-y', 'node@24', '-p', 'process.execPath'], {
    cwd: place,
    encoding: 'utf8',
  });
  expect(found.status, found.stderr).toBe(0);
  return found.stdout.trim();
}

describe('the release bundle', () => {
  it('finds its dependencies in itself, never in the workspace', () => {
    expect(path.relative(ROOT, place).startsWith('..')).toBe(true);
    // Resolved as the bundle's code resolves them, in a process with the operator's environment
    // only (a test runner's NODE_PATH would reach the workspace's packages).
    const resolve = (name: string) =>
      spawnSync(
        process.execPath,
        [
          '--input-type=module',
          '-e',
          `import { createRequire } from 'node:module';
           const from = createRequire(${JSON.stringify(path.join(bundle, 'app', 'cli.js'))});
           try { console.log(from.resolve(${JSON.stringify(name)})); }
           catch (error) { console.log(error.code); }`,
        ],
        { cwd: place, env: { PATH: '/usr/bin:/bin' }, encoding: 'utf8' },
      ).stdout.trim();
    for (const dependency of ['fastify', 'sqlite3', '@node-rs/argon2', 'knex', 'commander']) {
      expect(resolve(dependency)).toContain(`${bundle}/node_modules/`);
    }
    // Development tools are not in it, and the workspace's node_modules are out of reach.
    for (const devOnly of ['vitest', 'tsx', 'typescript', '@rsbuild/core']) {
      expect(resolve(devOnly), devOnly).toBe('MODULE_NOT_FOUND');
    }
    expect(existsSync(path.join(bundle, 'releases', 'remotes.json'))).toBe(true);
  });

  it("answers --help with 0, lists the front end's releases, and an unknown command with 2", async () => {
    const env = environment(process.execPath, path.join(place, 'data-help'));
    const help = await jobboard(['--help'], env);
    expect(help.code).toBe(0);
    expect(help.output).toContain('migrate');
    expect((await jobboard(['migrate', 'status', '--help'], env)).code).toBe(0);
    // The front end's releases, from the bundle: pnpm releases over its RELEASES_DIR.
    const releases = await jobboard(['releases', 'list'], env);
    expect(releases.code, releases.output).toBe(0);
    for (const app of ['shell', 'mfe_board', 'mfe_submit', 'mfe_admin']) {
      expect(releases.output).toMatch(new RegExp(`^${app} \\(.*\\): live `, 'm'));
    }
    const releasesHelp = await jobboard(['releases', '--help'], env);
    expect(releasesHelp.output).toContain('Usage: jobboard releases <command>');
    expect(releasesHelp.output).not.toContain('pnpm releases');
    const promoteUsage = await jobboard(['releases', 'promote'], env);
    expect(promoteUsage.code).toBe(2);
    expect(promoteUsage.output).toContain('Usage: jobboard releases promote <app> <version>');
    const unknown = await jobboard(['deploy-everything'], env);
    expect(unknown.code).toBe(2);
    expect(unknown.output).toContain("unknown command 'deploy-everything'");
  });

  const runtimes: [string, () => string][] = [
    [`the machine's Node (${process.version})`, () => process.execPath],
    ['Node 24', node24],
  ];
  for (const [name, binary] of runtimes) {
    it(`migrates, serves, signs an admin in, is scraped and backs up on ${name}`, async () => {
      const nodeBinary = binary();
      const dataDir = path.join(
        place,
        `data-${path.basename(path.dirname(nodeBinary))}-${Date.now()}`,
      );
      const env = environment(nodeBinary, dataDir);
      const version = spawnSync(nodeBinary, ['--version'], { encoding: 'utf8' }).stdout.trim();
      if (name === 'Node 24') expect(version).toMatch(/^v24\./);

      const migrated = await jobboard(['migrate'], env);
      expect(migrated.code, migrated.output).toBe(0);
      expect(migrated.output).toContain('Applied');
      const status = await jobboard(['migrate', 'status'], env);
      expect(status.code, status.output).toBe(0);
      expect(status.output).toContain('Up to date.');
      expect(status.output).not.toContain('pending');

      const served = await serveBundle(bundle, env);
      const { url } = served;
      let exitCode: number | null;
      try {
        expect((await fetch(`${url}/readyz`)).status).toBe(200);
        const page = await fetch(`${url}/`);
        expect(page.status).toBe(200);
        expect(await page.text()).toContain('Nonprofit Comms Jobs');
        const search = await fetch(`${url}/api/jobs/search`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ query: 'communications' }),
        });
        expect(search.status).toBe(200);
        expect(((await search.json()) as { jobs: unknown[] }).jobs.length).toBeGreaterThan(0);
        const login = await fetch(`${url}/api/admin/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-requested-with': 'fetch' },
          body: JSON.stringify({ username: 'operator', password: 'a long enough password' }),
        });
        expect(login.status, await login.clone().text()).toBe(200);
        expect(login.headers.get('set-cookie')).toContain('board.sid=');

        // The scraper's view: refused without the token, the request histogram with it.
        expect((await fetch(`${url}/metrics`)).status).toBe(401);
        const metrics = await fetch(`${url}/metrics`, {
          headers: { authorization: `Bearer ${METRICS_TOKEN}` },
        });
        expect(metrics.status).toBe(200);
        const scrape = await metrics.text();
        expect(scrape).toMatch(
          /^http_request_duration_seconds_count\{.*route="\/api\/jobs\/search".*\} \d+/m,
        );
        expect(scrape).toContain('jobboard_outbox_messages');

        const backup = await jobboard(['backup'], env);
        expect(backup.code, backup.output).toBe(0);
        expect(readdirSync(path.join(dataDir, 'backups'))).toHaveLength(1);
      } finally {
        exitCode = await served.stop();
      }
      expect(exitCode).toBe(0);
      // Its data stayed in DATA_DIR: nothing was written into the bundle.
      expect(existsSync(path.join(dataDir, 'board.sqlite'))).toBe(true);
      expect(existsSync(path.join(bundle, 'data'))).toBe(false);
    }, 120_000);
  }
});

/**
 * The next release's one new migration, additive (expand/contract: docs/decisions/
 * expand-contract-migrations.md): a nullable column the first release neither reads nor writes.
 * The second bundle is the first with this file added to app/migrations/, which the API reads at
 * start: the upgrade and the rollback below differ from the first deploy only by the schema.
 */
const NEXT_MIGRATION = '20991231000000_upgrade_drill_note';
const NEXT_MIGRATION_SOURCE = `export default {
  name: '${NEXT_MIGRATION}',
  async up(knex) {
    await knex.schema.alterTable('submissions', (t) => { t.text('upgrade_drill_note').nullable(); });
  },
  async down(knex) {
    await knex.raw('ALTER TABLE submissions DROP COLUMN upgrade_drill_note');
  },
};
`;

const databases: [string, () => Promise<{ env: NodeJS.ProcessEnv; stop(): void }>][] = [
  ['SQLite (the embedded default)', async () => ({ env: {}, stop: () => undefined })],
  [
    'PostgreSQL',
    async () => {
      const cluster = await startPgCluster();
      return { env: { DATABASE_URL: cluster.url }, stop: () => cluster.stop() };
    },
  ],
];

for (const [database, startDatabase] of databases) {
  describe(`an upgrade and a rollback on ${database}`, () => {
    it('deploys, upgrades with one more migration, rolls back, and loses nothing', async () => {
      const started = await startDatabase();
      const first = bundle;
      const second = path.join(place, `jobboard-next-${Date.now()}`);
      cpSync(first, second, { recursive: true, verbatimSymlinks: true });
      writeFileSync(
        path.join(second, 'app', 'migrations', `${NEXT_MIGRATION}.js`),
        NEXT_MIGRATION_SOURCE,
      );
      const dataDir = path.join(place, `data-upgrade-${Date.now()}`);
      const env = operatorEnvironment(process.execPath, dataDir, started.env);

      /** Serve a bundle, do `work` on it, stop it (exit 0), and give back what `work` gave. */
      async function whileServing<T>(which: string, work: (url: string) => Promise<T>): Promise<T> {
        const served = await serveBundle(which, env);
        // It names the operator's own commands, never the workspace's pnpm scripts.
        expect(served.output()).not.toContain('pnpm');
        expect(served.output()).toMatch(
          /password from ADMIN_PASSWORD|forgot the password\? jobboard admin create --username <name>/,
        );
        try {
          return await work(served.url);
        } finally {
          expect(await served.stop()).toBe(0);
        }
      }
      const submit = async (url: string, title: string) => {
        const answer = await fetch(`${url}/api/submit-job-for-review`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-requested-with': 'fetch' },
          // With the spam check's proof, as the form sends it (issue 45).
          body: JSON.stringify({ ...VALID_SUBMISSION, title, humanProof: await proofFrom(url) }),
        });
        expect(answer.status, await answer.clone().text()).toBe(201);
      };
      const queue = async (url: string) => {
        const cookie = await signIn(url);
        const answer = await fetch(`${url}/api/admin/submissions`, { headers: { cookie } });
        expect(answer.status).toBe(200);
        return ((await answer.json()) as { title: string }[]).map((s) => s.title).sort();
      };
      // What is wrong, and a schema ahead, are said only to the metrics token (issue 43, finding 8).
      const readiness = async (url: string) => {
        const answer = await fetch(`${url}/readyz`, {
          headers: { authorization: `Bearer ${METRICS_TOKEN}` },
        });
        return { status: answer.status, body: (await answer.json()) as Record<string, unknown> };
      };

      try {
        // 1. The first deploy: migrate, serve, an employer submits a role.
        const migrated = await run(first, ['migrate'], env);
        expect(migrated.code, migrated.output).toBe(0);
        await whileServing(first, async (url) => {
          expect((await readiness(url)).status).toBe(200);
          await submit(url, 'Deployed first');
        });

        // 2. The upgrade: the new build serves but is not ready until its migration runs.
        const behind = await run(second, ['migrate', 'status'], env);
        expect(behind.output).toContain(NEXT_MIGRATION);
        expect(behind.output).toMatch(/pending/i);
        await whileServing(second, async (url) => {
          const ready = await readiness(url);
          expect(ready.status).toBe(503);
          expect(String(ready.body.message)).toMatch(/behind/i);
        });
        const upgraded = await run(second, ['migrate'], env);
        expect(upgraded.code, upgraded.output).toBe(0);
        expect(upgraded.output).toContain(NEXT_MIGRATION);
        await whileServing(second, async (url) => {
          expect(await readiness(url)).toEqual({ status: 200, body: { status: 'ok' } });
          expect(await queue(url)).toEqual(['Deployed first']);
          await submit(url, 'Submitted after the upgrade');
        });

        // 3. The rollback: the first bundle again, against the schema one release ahead. It
        // serves, says so, and reads and writes everything, the upgrade's data included.
        const ahead = await run(first, ['migrate', 'status'], env);
        expect(ahead.code, ahead.output).toBe(0);
        expect(ahead.output).toContain(NEXT_MIGRATION);
        await whileServing(first, async (url) => {
          const ready = await readiness(url);
          expect(ready.status).toBe(200);
          expect(ready.body.schema).toBe('ahead');
          expect(await queue(url)).toEqual(['Deployed first', 'Submitted after the upgrade']);
          await submit(url, 'Submitted after the rollback');
        });
        // The first bundle does not undo a migration it does not know; the second one does.
        const refused = await run(first, ['migrate', 'down'], env);
        expect(refused.code).not.toBe(0);
        const undone = await run(second, ['migrate', 'down'], env);
        expect(undone.code, undone.output).toBe(0);
        await whileServing(first, async (url) => {
          expect(await readiness(url)).toEqual({ status: 200, body: { status: 'ok' } });
          expect(await queue(url)).toEqual([
            'Deployed first',
            'Submitted after the rollback',
            'Submitted after the upgrade',
          ]);
        });
      } finally {
        started.stop();
        rmSync(second, { recursive: true, force: true });
      }
    }, 240_000);
  });
}
