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
import type { AppName, RemotesFile } from '@jobboard/contract';

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

/**
 * Point the site at this build of the app. Builds of several apps may finish at once, so the
 * read-modify-write of remotes.json happens under a lock file and lands with an atomic rename.
 */
export async function promote(configFile: string, app: AppName, version: string): Promise<void> {
  mkdirSync(path.dirname(configFile), { recursive: true });
  const lock = `${configFile}.lock`;
  const release = await acquire(lock);
  try {
    let config: RemotesFile = {};
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
