import {
  closeSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import type { AppName } from './federation';

/**
 * Every build lands in `releases/<app folder>/<version>/`; `releases/remotes.json` says which
 * version of each app the site serves. Shipping or rolling back one area is one change to that
 * file (see README, "Deploying the remotes").
 *
 *   { "shell": "1.0.0-20261122101500", "mfe_board": "1.0.0-20261122101500",
 *     "mfe_admin": "https://admin.cdn.example.org/1.4.0/mf-manifest.json" }
 *
 * A value is a version folder, or the absolute URL of a remote's manifest on another origin.
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

/**
 * Point the site at this build of the app. Builds of several apps may finish at once, so the
 * read-modify-write of remotes.json happens under a lock file and lands with an atomic rename.
 */
export async function promote(configFile: string, app: AppName, version: string): Promise<void> {
  mkdirSync(path.dirname(configFile), { recursive: true });
  const lock = `${configFile}.lock`;
  const release = await acquire(lock);
  try {
    let config: Record<string, string> = {};
    try {
      config = JSON.parse(readFileSync(configFile, 'utf8'));
    } catch {
      // first build: no file yet
    }
    config[app] = version;
    const temp = `${configFile}.${process.pid}.tmp`;
    writeFileSync(temp, `${JSON.stringify(config, null, 2)}\n`);
    renameSync(temp, configFile);
  } finally {
    release();
  }
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
