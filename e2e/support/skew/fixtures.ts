import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../site';

/**
 * The releases the skew matrix pairs with the current build (tests/skew.spec.ts), built in the
 * test from source, never committed as bundles: each app of an earlier commit, and mfe-board built
 * against a shared-ui whose version took a major or a minor step. Each build runs in a detached
 * git worktree of its commit with its own install (from pnpm's store: seconds) and writes into the
 * given releases folder without switching anything (`PROMOTE=false`), exactly as a team's
 * `pnpm --filter <app> release` would.
 */

/** The front-end apps by workspace folder. */
export const FRONT_END_FOLDERS = ['shell', 'mfe-board', 'mfe-submit', 'mfe-admin'] as const;
export type FrontEndFolder = (typeof FRONT_END_FOLDERS)[number];

interface BuildFromCommit {
  commit: string;
  /** Where the worktree is checked out (removed afterwards). */
  workDir: string;
  releasesDir: string;
  folders: readonly FrontEndFolder[];
  version: string;
}

/** Build these apps of `commit` into `releasesDir/<folder>/<version>/`. */
export function buildFromCommit({
  commit,
  workDir,
  releasesDir,
  folders,
  version,
}: BuildFromCommit) {
  withWorktree(commit, workDir, () => {
    install(workDir, folders);
    build(workDir, folders, { RELEASES_DIR: releasesDir, BUILD_VERSION: version });
  });
}

export interface SharedUiVariants {
  /** mfe-board built against shared-ui `<major + 1>.0.0`. */
  major: { version: string; sharedUi: string };
  /** mfe-board built against shared-ui `<major>.<minor + 1>.0` with a new export it uses. */
  minor: { version: string; sharedUi: string; probe: string };
}

/**
 * mfe-board of `commit` built twice: once against a shared-ui whose version took a major step
 * (a breaking change: nothing built against the live one may be loaded beside it), once against a
 * minor step that adds an export (`SKEW_PROBE`) the board's page reads as it loads and leaves on
 * `globalThis.__skewProbe`, so a test sees which shared-ui copy the page really got.
 */
export function buildSharedUiVariants(
  commit: string,
  workDir: string,
  releasesDir: string,
): SharedUiVariants {
  return withWorktree(commit, workDir, () => {
    const kit = findPackage(workDir, '@jobboard/shared-ui');
    const kitPackage = JSON.parse(readFileSync(kit.manifest, 'utf8')) as { version: string };
    const [major, minor] = kitPackage.version.split('.').map(Number) as [number, number];
    const variants: SharedUiVariants = {
      major: { version: `1.0.0-skew.shared-ui-${major + 1}`, sharedUi: `${major + 1}.0.0` },
      minor: {
        version: `1.0.0-skew.shared-ui-${major}.${minor + 1}`,
        sharedUi: `${major}.${minor + 1}.0`,
        probe: `shared-ui ${major}.${minor + 1}.0`,
      },
    };
    install(workDir, ['mfe-board']);

    setVersion(kit.manifest, variants.major.sharedUi);
    build(workDir, ['mfe-board'], {
      RELEASES_DIR: releasesDir,
      BUILD_VERSION: variants.major.version,
    });

    setVersion(kit.manifest, variants.minor.sharedUi);
    const entry = path.join(kit.dir, kit.rootEntry);
    writeFileSync(
      entry,
      `${readFileSync(entry, 'utf8')}\n/** Added by the skew matrix's minor step. */\nexport const SKEW_PROBE = ${JSON.stringify(variants.minor.probe)};\n`,
    );
    const page = path.join(workDir, 'mfe-board', 'src', 'app', 'BoardPage.tsx');
    if (!existsSync(page)) throw new Error(`the skew matrix reads ${page}: it has moved`);
    writeFileSync(
      page,
      `import { SKEW_PROBE } from '@jobboard/shared-ui';\n${readFileSync(page, 'utf8')}\n(globalThis as Record<string, unknown>).__skewProbe = SKEW_PROBE;\n`,
    );
    build(workDir, ['mfe-board'], {
      RELEASES_DIR: releasesDir,
      BUILD_VERSION: variants.minor.version,
    });
    return variants;
  });
}

/** `git worktree add --detach` of the commit for the time of `body`, removed after. */
function withWorktree<T>(commit: string, workDir: string, body: () => T): T {
  run(
    'git',
    ['cat-file', '-e', `${commit}^{commit}`],
    REPO_ROOT,
    {},
    () => `the commit ${commit} is not in this clone (a shallow clone?): the skew matrix builds it`,
  );
  run('git', ['worktree', 'prune'], REPO_ROOT);
  rmSync(workDir, { recursive: true, force: true });
  run('git', ['worktree', 'add', '--detach', workDir, commit], REPO_ROOT);
  try {
    return body();
  } finally {
    run('git', ['worktree', 'remove', '--force', workDir], REPO_ROOT);
  }
}

function install(workDir: string, folders: readonly FrontEndFolder[]) {
  // `<folder>...`: the app and the workspace packages it depends on; the API (and its sqlite3
  // build) is not needed to build the front end.
  const filters = folders.flatMap((folder) => ['--filter', `${folder}...`]);
  pnpm(['install', '--frozen-lockfile', '--prefer-offline', ...filters], workDir);
}

function build(workDir: string, folders: readonly FrontEndFolder[], env: Record<string, string>) {
  const filters = folders.flatMap((folder) => ['--filter', folder]);
  pnpm([...filters, '--workspace-concurrency=2', 'build'], workDir, { PROMOTE: 'false', ...env });
}

function setVersion(manifest: string, version: string) {
  const pkg = JSON.parse(readFileSync(manifest, 'utf8')) as Record<string, unknown>;
  writeFileSync(manifest, `${JSON.stringify({ ...pkg, version }, null, 2)}\n`);
}

/** A workspace package by name: its folder, package.json and the file its `.` export names. */
function findPackage(workDir: string, name: string) {
  const workspace = readFileSync(path.join(workDir, 'pnpm-workspace.yaml'), 'utf8');
  const folders = [...workspace.matchAll(/^\s+-\s+['"]?([^'"\s]+)['"]?\s*$/gm)].map((m) => m[1]!);
  for (const folder of folders) {
    const manifest = path.join(workDir, folder, 'package.json');
    if (!existsSync(manifest)) continue;
    const pkg = JSON.parse(readFileSync(manifest, 'utf8')) as {
      name: string;
      exports?: Record<string, string>;
    };
    if (pkg.name !== name) continue;
    const rootEntry = pkg.exports?.['.'];
    if (!rootEntry) throw new Error(`${name} has no "." export`);
    return { dir: path.join(workDir, folder), manifest, rootEntry };
  }
  throw new Error(`no workspace package named ${name} in ${workDir}`);
}

/** pnpm as the test run was started with, or the version package.json pins. */
export function pnpm(args: string[], cwd: string, env: Record<string, string> = {}) {
  const execPath = process.env.npm_execpath;
  if (execPath && /pnpm/.test(path.basename(execPath))) {
    return run(process.execPath, [execPath, ...args], cwd, env);
  }
  const pinned = (
    JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as {
      packageManager: string;
    }
  ).packageManager;
  return run('npx', ['-y', pinned, ...args], cwd, env);
}

function run(
  command: string,
  args: string[],
  cwd: string,
  env: Record<string, string> = {},
  explain?: () => string,
): string {
  const result = spawnSync(command, args, {
    cwd,
    env: { ...outsideEnv(), ...env },
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.status !== 0) {
    const output = `${result.stdout ?? ''}${result.stderr ?? ''}`.slice(-4000);
    throw new Error(
      explain?.() ?? `${command} ${args.join(' ')} failed (${result.status}) in ${cwd}:\n${output}`,
    );
  }
  return result.stdout;
}

/**
 * The environment without what the pnpm running this test set for itself (npm_*, PNPM_*): a pnpm
 * started in another checkout must find that checkout's workspace, not this one's.
 */
function outsideEnv(): NodeJS.ProcessEnv {
  return Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !/^(npm_|pnpm_)/i.test(name)),
  );
}
