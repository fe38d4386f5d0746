import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseReleaseManifest, type ReleaseManifest } from '@jobboard/contract/releases';
import { RELEASE_FILE } from '@jobboard/contract/site';
import { MESSAGES } from './messages';
import { routesProblem } from './routes';

/**
 * release.json: its struct, its parser and the file's name are the contract's
 * (api/contract/src/releases.ts), so the build, `pnpm releases`, the server and the shell read it
 * alike. Reading and writing the file in a release folder is here.
 */
export { ReleaseManifest, parseReleaseManifest } from '@jobboard/contract/releases';
export { RELEASE_FILE } from '@jobboard/contract/site';

/** What is in a release folder: its manifest, or why there is none to use. */
export type ReadRelease =
  | { ok: true; manifest: ReleaseManifest }
  | { ok: false; problem: 'missing' | 'malformed'; reason: string };

/** Reads `<dir>/release.json`; the manifest must name the app and version of its folder. */
export function readRelease(dir: string, app: string, version: string): ReadRelease {
  const file = path.join(dir, RELEASE_FILE);
  if (!existsSync(file)) return { ok: false, problem: 'missing', reason: MESSAGES.noManifest };
  const parsed = parseReleaseManifest(readFileSync(file, 'utf8'));
  if (!parsed.ok) return { ok: false, problem: 'malformed', reason: parsed.problem };
  const { manifest } = parsed;
  const routes = routesProblem(manifest);
  if (routes) return { ok: false, problem: 'malformed', reason: routes };
  if (manifest.app !== app || manifest.version !== version) {
    return {
      ok: false,
      problem: 'malformed',
      reason: MESSAGES.manifestOfAnother(manifest.app, manifest.version),
    };
  }
  return { ok: true, manifest };
}

export function writeRelease(dir: string, manifest: ReleaseManifest): void {
  writeFileSync(path.join(dir, RELEASE_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
}
