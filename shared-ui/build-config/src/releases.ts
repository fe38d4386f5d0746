import { closeSync, mkdirSync, openSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import {
  fileValueVersion,
  type AppName,
  type RemotesFile,
  type RemotesFileValue,
} from '@jobboard/contract/site';
import { writeJsonAtomically } from './json-file';
import { readHistory, writeHistory } from './release/history';

/**
 * Every build lands in `releases/<app folder>/<version>/`; `releases/remotes.json` (RemotesFile
 * in the contract) says which version of each app the site serves. Shipping or rolling back one
 * area is one change to that file (docs/frontend-delivery.md#deploying-the-remotes-independently).
 */
export function releasesDir(repoRoot: string): string {
  return path.resolve(process.env.RELEASES_DIR ?? path.join(repoRoot, 'releases'));
}

export function remotesConfigFile(repoRoot: string): string {
  return path.resolve(
    process.env.REMOTES_CONFIG ?? path.join(releasesDir(repoRoot), 'remotes.json'),
  );
}

/** BUILD_VERSION, or the package version plus the build time: unique per build, sortable. */
export function buildVersion(packageVersion: string): string {
  if (process.env.BUILD_VERSION) return process.env.BUILD_VERSION;
  const stamp = new Date().toISOString().replace(/[-:T]/g, '').slice(0, 14);
  return `${packageVersion}-${stamp}`;
}

/** What a promote checks and records, beside the switch itself. */
export interface PromoteOptions {
  /**
   * Run under the lock with remotes.json as it is: the reasons the switch must not happen (then
   * nothing is written). The check and the write see the same file, so two promotes at once
   * cannot each pass against a state the other is changing.
   */
  check?: (current: RemotesFile) => string[];
  /** Append `{ app, from, to, at }` to this history file (history.ts), under the same lock. */
  historyFile?: string;
  /** The switch undoes the app's last promote (`pnpm releases rollback`). */
  rollback?: boolean;
  /**
   * The hash of the release's entry file ('sha384-...', release/integrity.ts), recorded beside
   * the version in remotes.json and in the history: the shell loads that very file or nothing.
   */
  integrity?: string;
}

export type PromoteResult = { ok: true; from: string | null } | { ok: false; misfits: string[] };

/**
 * Point the site at this build of the app. Builds of several apps may finish at once, so the
 * read-modify-write of remotes.json happens under a lock file and lands with an atomic rename.
 */
export async function promote(
  configFile: string,
  app: AppName,
  version: string,
  options: PromoteOptions = {},
): Promise<PromoteResult> {
  mkdirSync(path.dirname(configFile), { recursive: true });
  const lock = `${configFile}.lock`;
  const release = await acquire(lock);
  try {
    let config: Record<string, RemotesFileValue> = {};
    try {
      config = JSON.parse(readFileSync(configFile, 'utf8'));
    } catch {
      // first build: no file yet
    }
    // A malformed history is refused before anything is written.
    const history = options.historyFile ? readHistory(options.historyFile) : [];
    const misfits = options.check?.(versionsOf(config)) ?? [];
    if (misfits.length) return { ok: false, misfits };
    const from = fileValueVersion(config[app]) ?? null;
    config[app] = options.integrity ? { version, integrity: options.integrity } : version;
    writeJsonAtomically(configFile, config);
    if (options.historyFile && from !== version) {
      writeHistory(options.historyFile, [
        ...history,
        {
          app,
          from,
          to: version,
          at: new Date().toISOString(),
          ...(options.rollback ? { rollback: true as const } : {}),
          ...(options.integrity ? { integrity: options.integrity } : {}),
        },
      ]);
    }
    return { ok: true, from };
  } finally {
    release();
  }
}

/** Each app's version (or manifest URL), pinned or not. */
function versionsOf(config: Record<string, RemotesFileValue>): RemotesFile {
  const versions: RemotesFile = {};
  for (const [app, value] of Object.entries(config)) {
    const version = fileValueVersion(value);
    if (version !== undefined) versions[app] = version;
  }
  return versions;
}

async function acquire(lock: string): Promise<() => void> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      closeSync(openSync(lock, 'wx'));
      return () => rmSync(lock, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      if (Date.now() > deadline) rmSync(lock, { force: true }); // a crashed build left it behind
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}
