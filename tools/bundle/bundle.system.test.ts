import { spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
} from 'node:fs';
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
import {
  checkDownload,
  nextRelease,
  switchCurrent,
  tarballName,
  unpack,
  versionOf,
} from './support/runbook';

/**
 * The release bundle (`pnpm bundle`, tools/bundle/bundle.ts) as an operator gets it: the tarball
 * and its SHA256SUMS, checked and unpacked as docs/deploy/README.md says, in a folder outside the
 * repository (none of the workspace's node_modules reachable), run there with environment
 * variables only, on the machine's Node and on Node 22 and 24 (the registry's `node` package:
 * `npx -y node@22`). Each run: `jobboard migrate`, `migrate status`, `serve` (/readyz, the
 * board's page, a search, an admin sign-in), `backup` into DATA_DIR, and a stop. Then, on SQLite
 * and on PostgreSQL, the runbook's walk (issue 46): install, upgrade to the next release with ITS
 * OWN `migrate` (`jobboard --release <dir> migrate`) while the first one serves, switch, roll
 * back, and no data lost. The second release is made from the first without building again
 * (support/runbook.ts, nextRelease: its version changed and one migration added).
 */

const ROOT = path.resolve(import.meta.dirname, '..', '..');
let place: string;
/** Where the downloads are: the tarball and SHA256SUMS, copied from dist/. */
let downloads: string;
/** The site's version the bundle was built as. */
let version: string;
/** The first release, unpacked in <place>/opt/releases/<version>/. */
let bundle: string;

beforeAll(() => {
  const built = spawnSync(process.execPath, ['--import', 'tsx', 'tools/bundle/bundle.ts'], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  expect(built.status, `${built.stdout}\n${built.stderr}`).toBe(0);
  version = versionOf(path.join(ROOT, 'dist', 'jobboard'));
  place = mkdtempSync(path.join(tmpdir(), 'jobboard-bundle-'));
  downloads = path.join(place, 'downloads');
  mkdirSync(downloads);
  for (const file of [tarballName(version), 'SHA256SUMS']) {
    cpSync(path.join(ROOT, 'dist', file), path.join(downloads, file));
  }
  checkDownload(downloads);
  bundle = unpack(path.join(downloads, tarballName(version)), path.join(place, 'opt'), version);
}, 300_000);

/** The bundle's operator command, run in the folder it was deployed to. */
const jobboard = (args: string[], env: NodeJS.ProcessEnv) => run(bundle, args, env);
/** The environment of the quick smoke runs: the demo jobs, so a search finds something. */
const environment = (nodeBinary: string, dataDir: string) =>
  operatorEnvironment(nodeBinary, dataDir, { SEED_DEMO: 'true' });

afterAll(() => {
  if (place) rmSync(place, { recursive: true, force: true });
}, 60_000);

/** The Node binary of a major version the registry's `node` package ships (npx's cache after once). */
function nodeFromRegistry(major: number): string {
  const found = spawnSync('npx', ['-y', `node@${major}`, '-p', 'process.execPath'], {
    cwd: place,
    encoding: 'utf8',
    timeout: 120_000,
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

  it("is the site's version, in a tarball named by it with its checksum beside it (issue 46)", async () => {
    const api = JSON.parse(readFileSync(path.join(ROOT, 'api', 'package.json'), 'utf8'));
    expect(version).toBe(api.version);
    expect(readdirSync(downloads).sort()).toEqual(['SHA256SUMS', tarballName(version)].sort());
    expect(checkDownload(downloads)).toBe(`${tarballName(version)}: OK\n`);
    const head = spawnSync('git', ['rev-parse', 'HEAD'], { cwd: ROOT, encoding: 'utf8' });
    const env = environment(process.execPath, path.join(place, 'data-version'));
    const shown = await jobboard(['--version'], env);
    expect(shown.code, shown.output).toBe(0);
    expect(shown.output).toBe(
      `jobboard ${version} (commit ${head.stdout.trim().slice(0, 12)}, Node ${process.version})\n`,
    );
    expect(JSON.parse(readFileSync(path.join(bundle, 'bundle.json'), 'utf8'))).toMatchObject({
      version,
      commit: head.stdout.trim(),
    });
  });

  it('refuses to start in production with its data inside the release, saying why (issue 46)', async () => {
    const { DATA_DIR: _unset, ...env } = environment(process.execPath, 'unused');
    const served = await jobboard(['serve'], env);
    expect(served.code).toBe(1);
    expect(served.output).toContain(`DATA_DIR (${bundle}/data) is inside this release's folder`);
    expect(served.output).toContain('the next release would start on an empty database');
    expect(existsSync(path.join(bundle, 'data'))).toBe(false);
  });

  it('passes `jobboard config check` with docs/deploy/example.env filled in, as compose gives it (issue 46)', async () => {
    const example = Object.fromEntries(
      readFileSync(path.join(ROOT, 'docs', 'deploy', 'example.env'), 'utf8')
        .split('\n')
        .map((line) => /^([A-Z][A-Z0-9_]*)=(.*)$/.exec(line))
        .filter((match) => match !== null)
        .map((match) => [match[1]!, match[2]!]),
    );
    // What the operator fills in: every setting example.env leaves empty must be here.
    const filledIn: Record<string, string> = {
      POSTGRES_PASSWORD: 'a-database-password',
      SESSION_SECRET: 'a-session-secret-of-at-least-32-characters',
      TOTP_ENCRYPTION_KEY: '+8tDYYwJSpqd63iSf8OEOXuHu+Con6IoIJaXSAfu3CM=',
      HUMAN_PROOF_SECRET: 'an-operator-human-proof-secret-of-32-chars',
      SMTP_URL: 'smtps://mailer:a-mail-password@smtp.board.test:465',
      MAIL_FROM: 'Jobs Board <jobs@board.test>',
    };
    const empty = Object.keys(example).filter((name) => example[name] === '');
    expect(empty.sort()).toEqual(Object.keys(filledIn).sort());
    const checked = await jobboard(['config', 'check'], {
      PATH: `${path.dirname(process.execPath)}:/usr/bin:/bin`,
      ...example,
      ...filledIn,
      // What compose.yaml's environment and the image's ENV add.
      DATABASE_URL: 'postgres://jobboard:a-database-password@db:5432/jobboard',
      DATA_DIR: path.join(place, 'data-compose'),
      PORT: '3000',
      HOST: '0.0.0.0',
    });
    expect(checked.code, checked.output).toBe(0);
    expect(checked.output).toContain('TRUST_PROXY:  172.16.0.0/12');
    expect(checked.output).toContain('Listens on:   0.0.0.0:3000');
    expect(checked.output).not.toContain('a-mail-password');
  });

  const runtimes: [string, () => string][] = [
    [`the machine's Node (${process.version})`, () => process.execPath],
    ['Node 22', () => nodeFromRegistry(22)],
    ['Node 24', () => nodeFromRegistry(24)],
  ];
  for (const [name, binary] of runtimes) {
    it(`migrates, serves, signs an admin in, is scraped and backs up on ${name}`, async () => {
      const nodeBinary = binary();
      const dataDir = path.join(
        place,
        `data-${path.basename(path.dirname(nodeBinary))}-${Date.now()}`,
      );
      const env = environment(nodeBinary, dataDir);
      const nodeVersion = spawnSync(nodeBinary, ['--version'], { encoding: 'utf8' }).stdout.trim();
      const major = /^Node (\d+)$/.exec(name)?.[1];
      if (major) expect(nodeVersion).toMatch(new RegExp(`^v${major}\\.`));

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
 */
const NEXT_MIGRATION = {
  name: '20991231000000_upgrade_drill_note',
  source: `export default {
  name: '20991231000000_upgrade_drill_note',
  async up(knex) {
    await knex.schema.alterTable('submissions', (t) => { t.text('upgrade_drill_note').nullable(); });
  },
  async down(knex) {
    await knex.raw('ALTER TABLE submissions DROP COLUMN upgrade_drill_note');
  },
};
`,
};

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

describe("docs/deploy/README.md's runbook", () => {
  it('names the commands the walk below runs', () => {
    const runbook = readFileSync(path.join(ROOT, 'docs', 'deploy', 'README.md'), 'utf8');
    for (const command of [
      'sha256sum -c SHA256SUMS',
      'tar -C /opt/jobboard/releases/1.0.3 --strip-components=1 -xzf jobboard-1.0.3-linux-x64.tar.gz',
      'jb --release /opt/jobboard/releases/1.0.3 config check',
      'jb --release /opt/jobboard/releases/1.0.3 migrate status',
      'jb --release /opt/jobboard/releases/1.0.3 migrate',
      'ln -sfn /opt/jobboard/releases/1.0.3 /opt/jobboard/current',
      'jb --version',
      'ln -sfn /opt/jobboard/releases/1.0.2 /opt/jobboard/current',
      'jb --release /opt/jobboard/releases/1.0.3 migrate down',
    ]) {
      expect(runbook, command).toContain(command);
    }
  });
});

for (const [database, startDatabase] of databases) {
  describe(`the runbook's install, upgrade and rollback on ${database}`, () => {
    it("migrates with the new release's own command while the old one serves, switches, rolls back, and loses nothing", async () => {
      const started = await startDatabase();
      // This walk's own /opt/jobboard: the release unpacked from the download, as the runbook does.
      const opt = path.join(place, `opt-${database.split(' ')[0]}-${Date.now()}`);
      const first = unpack(path.join(downloads, tarballName(version)), opt, version);
      const dataDir = path.join(place, `data-upgrade-${Date.now()}`);
      const env = operatorEnvironment(process.execPath, dataDir, started.env);
      const current = path.join(opt, 'current');
      /** The runbook's `jb`: the live release's command (`current`), with the server's settings. */
      const jb = (args: string[]) => run(current, args, env);
      const expectDone = async (args: string[]) => {
        const done = await jb(args);
        expect(done.code, `jb ${args.join(' ')}\n${done.output}`).toBe(0);
        return done.output;
      };

      /** Serve `current`, do `work` on it, stop it (exit 0), and give back what `work` gave. */
      async function whileServing<T>(work: (url: string) => Promise<T>): Promise<T> {
        const served = await serveBundle(current, env);
        // It names the operator's own commands, never the workspace's pnpm scripts.
        expect(served.output()).not.toContain('pnpm');
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
        // 1. Install: current -> the first release, its settings checked, migrate, serve.
        switchCurrent(opt, first);
        expect(await expectDone(['config', 'check'])).toMatch(/^Configuration OK, production/);
        expect(await expectDone(['migrate'])).toContain('Applied');
        expect(await expectDone(['--version'])).toContain(`jobboard ${version} (`);
        await whileServing(async (url) => {
          expect((await readiness(url)).status).toBe(200);
          await submit(url, 'Deployed first');
        });

        // 2. Upgrade: back up, unpack the next release beside it, and migrate with ITS command
        // (through the live one's: `jb --release <dir> migrate`) while the first one serves.
        await expectDone(['backup']);
        const next = nextRelease(first, opt, NEXT_MIGRATION);
        const live = await serveBundle(current, env);
        try {
          expect(await expectDone(['--release', next.dir, 'config', 'check'])).toMatch(
            /^Configuration OK/,
          );
          const pending = await expectDone(['--release', next.dir, 'migrate', 'status']);
          expect(pending).toContain(`pending  ${NEXT_MIGRATION.name}`);
          expect(await expectDone(['--release', next.dir, 'migrate'])).toContain(
            NEXT_MIGRATION.name,
          );
          // The release still live keeps serving on the schema one release ahead, and says so.
          const ready = await readiness(live.url);
          expect(ready.status).toBe(200);
          expect(ready.body.schema).toBe('ahead');
          await submit(live.url, 'Submitted during the upgrade');
        } finally {
          expect(await live.stop()).toBe(0);
        }
        switchCurrent(opt, next.dir);
        expect(await expectDone(['--version'])).toContain(`jobboard ${next.version} (`);
        await whileServing(async (url) => {
          expect(await readiness(url)).toEqual({ status: 200, body: { status: 'ok' } });
          expect(await queue(url)).toEqual(['Deployed first', 'Submitted during the upgrade']);
          await submit(url, 'Submitted after the upgrade');
        });

        // 3. Roll back the code: current -> the first release again. It serves on the schema
        // ahead, reads and writes everything, the upgrade's data included.
        switchCurrent(opt, first);
        expect(await expectDone(['--version'])).toContain(`jobboard ${version} (`);
        await whileServing(async (url) => {
          const ready = await readiness(url);
          expect(ready.status).toBe(200);
          expect(ready.body.schema).toBe('ahead');
          expect(await queue(url)).toEqual([
            'Deployed first',
            'Submitted after the upgrade',
            'Submitted during the upgrade',
          ]);
          await submit(url, 'Submitted after the rollback');
        });

        // 4. Roll back the schema, only with the release that has the migration's down step: the
        // first one refuses, `jb --release <next> migrate down` does it.
        expect((await jb(['migrate', 'down'])).code).not.toBe(0);
        expect(await expectDone(['--release', next.dir, 'migrate', 'down'])).toContain(
          NEXT_MIGRATION.name,
        );
        expect(await expectDone(['migrate', 'status'])).toContain('Up to date.');
        await whileServing(async (url) => {
          expect(await readiness(url)).toEqual({ status: 200, body: { status: 'ok' } });
          expect(await queue(url)).toHaveLength(4);
        });
      } finally {
        started.stop();
        rmSync(opt, { recursive: true, force: true });
      }
    }, 300_000);
  });
}
