/**
 * `pnpm bundle`: the release an operator deploys, in `dist/jobboard/`, that runs from any folder
 * with `node` alone (docs/deploy/README.md):
 *
 *   bin/jobboard        the operator's command (`jobboard serve`, `jobboard migrate`...)
 *   app/                the compiled API (api/dist: esbuild's bundle of the API, the contract and
 *                       the migrations, app/migrations/), with its source maps
 *   node_modules/       the API's production dependencies only (`pnpm deploy --prod`, from the
 *                       lockfile and the store: no registry needed), native sqlite3 and argon2
 *                       built for this platform (Linux x64, glibc)
 *   releases/           the live front-end builds and remotes.json (RELEASES_DIR by default)
 *   bundle.json         what it was made from: the version, the commit, the app versions, the Node range
 *   package.json        the site's version: the API package's (platform/version.ts says why)
 *
 * Beside it, what an operator downloads (issue 46): `dist/jobboard-<version>-<platform>.tar.gz`
 * (the folder `jobboard/`) and `dist/SHA256SUMS`, its checksum as `sha256sum -c` reads it.
 *
 * The front end is built first when a live version is missing (as `pnpm start` does); the API is
 * always built. The bundle is made in a folder beside dist/jobboard and renamed over it at the
 * end, so a failed run leaves the previous bundle whole; so is the tarball.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  chmodSync,
  cpSync,
  existsSync,
  mkdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { APPS, APP_NAMES, isRemoteUrl, parseRemotesFile } from '@jobboard/contract/site';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const DIST = path.join(ROOT, 'dist');
const OUT = path.join(DIST, 'jobboard');
const started = Date.now();

function run(command: string, args: string[], options: { env?: NodeJS.ProcessEnv } = {}): void {
  const result = spawnSync(command, args, { cwd: ROOT, stdio: 'inherit', ...options });
  if (result.status !== 0) {
    throw new Error(`${[command, ...args].join(' ')} failed (${result.status ?? result.signal})`);
  }
}

/** pnpm as this script was started by (`pnpm bundle`), else the workspace's own version by npx. */
function pnpm(args: string[]): void {
  const execPath = process.env.npm_execpath;
  if (execPath && /pnpm/.test(path.basename(execPath))) {
    run(process.execPath, [execPath, ...args]);
  } else {
    const { packageManager } = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
    run('npx', ['-y', packageManager, ...args]);
  }
}

// 1. The front end, when a live version is missing; then the API (always: a second at most).
run(process.execPath, ['--import', 'tsx', 'shared-ui/build-config/src/ensure-built.ts']);
run(process.execPath, ['api/scripts/build.mjs']);

const releasesDir = path.resolve(process.env.RELEASES_DIR ?? path.join(ROOT, 'releases'));
const remotesFile = path.resolve(
  process.env.REMOTES_CONFIG ?? path.join(releasesDir, 'remotes.json'),
);
const remotes = parseRemotesFile(readFileSync(remotesFile, 'utf8'));
if (!remotes.ok) throw new Error(`${remotesFile}: ${remotes.problem}`);

const staging = `${OUT}.${process.pid}.partial`;
rmSync(staging, { recursive: true, force: true });
mkdirSync(staging, { recursive: true });
try {
  // 2. Production dependencies only, from the lockfile and the store (--offline: nothing is
  // fetched). Injected workspace packages are what lets pnpm 10 deploy from the shared lockfile;
  // set for this command only, so the workspace's own links stay as they are.
  const deployed = path.join(staging, 'deploy');
  pnpm([
    '--config.inject-workspace-packages=true',
    '--filter',
    '@jobboard/api',
    'deploy',
    '--prod',
    '--offline',
    deployed,
  ]);
  renameSync(path.join(deployed, 'node_modules'), path.join(staging, 'node_modules'));
  rmSync(deployed, { recursive: true, force: true });

  // 3. The compiled API, without the build's own bookkeeping.
  cpSync(path.join(ROOT, 'api', 'dist'), path.join(staging, 'app'), {
    recursive: true,
    filter: (source) => !source.endsWith('build-inputs.json') && !source.endsWith('.tmp'),
  });

  // 4. The live front-end builds and the file that picks them.
  const bundledReleases = path.join(staging, 'releases');
  mkdirSync(bundledReleases, { recursive: true });
  for (const app of APP_NAMES) {
    const version = remotes.versions[app];
    if (!version) throw new Error(`${remotesFile} names no version of ${app}.`);
    if (isRemoteUrl(version)) continue; // served from another origin
    cpSync(
      path.join(releasesDir, APPS[app].folder, version),
      path.join(bundledReleases, APPS[app].folder, version),
      { recursive: true },
    );
  }
  cpSync(remotesFile, path.join(bundledReleases, 'remotes.json'));

  // 5. What it is, and how it starts.
  const api = JSON.parse(readFileSync(path.join(ROOT, 'api', 'package.json'), 'utf8'));
  const root = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
  const commit = spawnSync('git', ['rev-parse', 'HEAD'], { cwd: ROOT, encoding: 'utf8' });
  writeFileSync(
    path.join(staging, 'package.json'),
    `${JSON.stringify(
      {
        name: 'jobboard',
        version: api.version,
        private: true,
        description: 'The job board, ready to run: bin/jobboard (docs/deploy/README.md).',
        type: 'module',
        engines: root.engines,
        bin: { jobboard: 'bin/jobboard' },
      },
      null,
      2,
    )}\n`,
  );
  writeFileSync(
    path.join(staging, 'bundle.json'),
    `${JSON.stringify(
      {
        version: api.version,
        // The Docker builder has no .git: it is given the commit (docs/deploy/Dockerfile).
        commit: commit.status === 0 ? commit.stdout.trim() : process.env.BUILD_COMMIT || null,
        builtAt: new Date().toISOString(),
        node: root.engines.node,
        platform: `${process.platform}-${process.arch}`,
        apps: remotes.versions,
      },
      null,
      2,
    )}\n`,
  );
  mkdirSync(path.join(staging, 'bin'));
  cpSync(path.join(import.meta.dirname, 'jobboard.sh'), path.join(staging, 'bin', 'jobboard'));
  chmodSync(path.join(staging, 'bin', 'jobboard'), 0o755);

  rmSync(OUT, { recursive: true, force: true });
  renameSync(staging, OUT);
} finally {
  if (existsSync(staging)) rmSync(staging, { recursive: true, force: true });
}

// 6. What an operator downloads: the tarball, named by version and platform, and its checksum.
const { version } = JSON.parse(readFileSync(path.join(OUT, 'package.json'), 'utf8'));
const tarball = `jobboard-${version}-${process.platform}-${process.arch}.tar.gz`;
const partial = path.join(DIST, `${tarball}.${process.pid}.partial`);
try {
  run('tar', ['-C', DIST, '-czf', partial, 'jobboard']);
  renameSync(partial, path.join(DIST, tarball));
} finally {
  rmSync(partial, { force: true });
}
const sum = createHash('sha256')
  .update(readFileSync(path.join(DIST, tarball)))
  .digest('hex');
writeFileSync(path.join(DIST, 'SHA256SUMS'), `${sum}  ${tarball}\n`);

console.log(
  `Bundle ${version} written to ${path.relative(process.cwd(), OUT) || '.'}, ` +
    `${path.relative(process.cwd(), path.join(DIST, tarball))} and SHA256SUMS ` +
    `in ${((Date.now() - started) / 1000).toFixed(1)} s`,
);
