/**
 * `pnpm start` runs this first: any front-end app without a build the site can serve is built
 * (and promoted) before the server starts. Apps that are already built are left alone.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import {
  APP_NAMES,
  isRemoteUrl,
  parseRemotesFile,
  type RemotesFile,
} from '@jobboard/contract/site';
import { APPS } from './federation';
import { releasesDir, remotesConfigFile } from './releases';

const repoRoot = path.resolve(import.meta.dirname, '..', '..', '..');
const releases = releasesDir(repoRoot);

function servedVersions(): RemotesFile {
  try {
    const parsed = parseRemotesFile(readFileSync(remotesConfigFile(repoRoot), 'utf8'));
    return parsed.ok ? parsed.versions : {};
  } catch {
    return {};
  }
}

const versions = servedVersions();
const missing = APP_NAMES.filter((app) => {
  const version = versions[app];
  if (!version) return true;
  if (isRemoteUrl(version)) return false; // served from another origin
  return !existsSync(path.join(releases, APPS[app].folder, version));
});

if (missing.length) {
  const folders = missing.map((app) => APPS[app].folder);
  console.log(`Building the front end first: ${folders.join(', ')}...`);
  const filters = folders.flatMap((folder) => ['--filter', folder]);
  const result = spawnSync('pnpm', [...filters, '--workspace-concurrency=2', 'build'], {
    cwd: repoRoot,
    stdio: 'inherit',
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
