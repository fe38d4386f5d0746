/**
 * What this build is (issue 46): the site's version, the commit it was built from and the Node it
 * runs on, for `jobboard --version` and whatever reports the build (a metric, a log line).
 *
 * The site's version is the API package's (`@jobboard/api`, api/package.json), which
 * `pnpm changeset version` bumps: the release bundle is made of it (its migrations, its
 * commands) and takes its version (tools/bundle/bundle.ts writes it into the bundle's own
 * package.json, and the release script, tools/release/, tags `v<version>`). The file is found at
 * the same place from the sources (api/src/..), the build (api/dist/..) and the bundle (app/..).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { CODE_DIR, RELEASE_DIR } from './layout';

export interface BuildInfo {
  /** The site's version, `1.0.2`. */
  version: string;
  /** The git commit it was built from (40 hex digits), null when unknown. */
  commit: string | null;
  /** The Node running it, `v24.1.0`. */
  node: string;
}

const readJson = (file: string): Record<string, unknown> | null => {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  } catch {
    return null;
  }
};

/** The bundle's bundle.json records its commit; a checkout asks git, if there is one. */
function commitOf(): string | null {
  if (RELEASE_DIR) {
    const commit = readJson(path.join(RELEASE_DIR, 'bundle.json'))?.commit;
    return typeof commit === 'string' ? commit : null;
  }
  if (!existsSync(CODE_DIR)) return null;
  const git = spawnSync('git', ['rev-parse', 'HEAD'], {
    cwd: CODE_DIR,
    encoding: 'utf8',
    timeout: 5_000,
  });
  return git.status === 0 && /^[0-9a-f]{40}$/.test(git.stdout.trim()) ? git.stdout.trim() : null;
}

let known: BuildInfo | undefined;

/** This build's version, commit and Node (read once). */
export function buildInfo(): BuildInfo {
  if (!known) {
    const version = readJson(path.join(CODE_DIR, '..', 'package.json'))?.version;
    known = {
      version: typeof version === 'string' ? version : 'unknown',
      commit: commitOf(),
      node: process.version,
    };
  }
  return known;
}

/** `jobboard --version`'s line: `jobboard 1.0.2 (commit 3efe0568ab12, Node v24.1.0)`. */
export function versionLine(info: BuildInfo = buildInfo()): string {
  const commit = info.commit ? `commit ${info.commit.slice(0, 12)}` : 'commit unknown';
  return `jobboard ${info.version} (${commit}, Node ${info.node})`;
}
