import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { remoteUrlProblem, type RemoteUrlContext } from '@jobboard/contract/site';
import { MESSAGES } from './messages';

/**
 * A remote's entry pinned at promote (issue 43, finding 4): the SHA-384 of the entry file its
 * federation manifest names (mf-manifest.json's `metaData.remoteEntry`, remoteEntry.js), in
 * Subresource Integrity form. remotes.json records it beside the version, and the shell loads the
 * entry with it (shell/src/federation/integrity.ts): a file changed after promote is refused by
 * the browser before it runs.
 */
export type EntryPin = { ok: true; integrity: string } | { ok: false; reason: string };

/** Bytes as a Subresource Integrity value: 'sha384-' and the digest in base64. */
export function sriOf(bytes: Uint8Array): string {
  return `sha384-${createHash('sha384').update(bytes).digest('base64')}`;
}

/** The parts of a federation manifest the pin reads. */
interface ManifestEntry {
  metaData?: { remoteEntry?: { name?: unknown; path?: unknown }; publicPath?: unknown };
}

/**
 * The entry's path relative to its manifest ('remoteEntry.js', or 'js/remoteEntry.js'), joined
 * as the federation runtime joins it (`@module-federation/sdk`'s simpleJoinRemoteEntry); null
 * when the manifest names none.
 */
function entryPath(manifest: ManifestEntry): string | null {
  const entry = manifest.metaData?.remoteEntry;
  if (typeof entry?.name !== 'string' || entry.name === '') return null;
  const folder = typeof entry.path === 'string' ? entry.path.replace(/^\.?\/+|\/+$/g, '') : '';
  return folder && folder !== '.' ? `${folder}/${entry.name}` : entry.name;
}

function readManifest(text: string): ManifestEntry | null {
  try {
    const parsed = JSON.parse(text) as unknown;
    return typeof parsed === 'object' && parsed !== null ? (parsed as ManifestEntry) : null;
  } catch {
    return null;
  }
}

/** The pin of a release folder's entry: its manifest, then the file it names, in the folder. */
export function folderEntryPin(dir: string): EntryPin {
  const manifestFile = path.join(dir, 'mf-manifest.json');
  if (!existsSync(manifestFile)) return { ok: false, reason: MESSAGES.noFederationManifest };
  const manifest = readManifest(readFileSync(manifestFile, 'utf8'));
  const relative = manifest && entryPath(manifest);
  if (!relative) return { ok: false, reason: MESSAGES.manifestNamesNoEntry };
  const file = path.resolve(dir, relative);
  if (!file.startsWith(`${path.resolve(dir)}${path.sep}`) || !existsSync(file)) {
    return { ok: false, reason: MESSAGES.entryMissing(relative) };
  }
  return { ok: true, integrity: sriOf(readFileSync(file)) };
}

/** How a remote on another origin is fetched at promote (`fetch`; a test gives its own). */
export type Fetch = (url: string) => Promise<Response>;

/**
 * The pin of a remote served from another origin: its manifest fetched from `manifestUrl`, then
 * the entry it names, where the runtime will fetch it (beside the manifest, or under its
 * `publicPath`), each refused unless https (remoteUrlProblem). What is hashed is what the
 * origin serves now, at promote: the browser will run that or nothing.
 */
export async function urlEntryPin(
  manifestUrl: string,
  fetchFile: Fetch,
  urlContext: RemoteUrlContext,
): Promise<EntryPin> {
  const refused = remoteUrlProblem(manifestUrl, urlContext);
  if (refused) return { ok: false, reason: MESSAGES.urlRefused(manifestUrl, refused) };
  const manifestBody = await fetched(manifestUrl, fetchFile);
  if (!manifestBody.ok) return manifestBody;
  const manifest = readManifest(new TextDecoder().decode(manifestBody.bytes));
  const relative = manifest && entryPath(manifest);
  if (!relative) return { ok: false, reason: MESSAGES.manifestNamesNoEntry };
  // As the runtime does (@module-federation/sdk's getResourceUrl): the publicPath, else the
  // manifest's folder ('auto'), followed by the entry's path.
  const publicPath = manifest.metaData?.publicPath;
  const prefix =
    typeof publicPath === 'string' && publicPath !== '' && publicPath !== 'auto' ? publicPath : '';
  const entryUrl = new URL(`${prefix}${relative}`, manifestUrl).href;
  const entryRefused = remoteUrlProblem(entryUrl, urlContext);
  if (entryRefused) return { ok: false, reason: MESSAGES.urlRefused(entryUrl, entryRefused) };
  const entry = await fetched(entryUrl, fetchFile);
  return entry.ok ? { ok: true, integrity: sriOf(entry.bytes) } : entry;
}

async function fetched(
  url: string,
  fetchFile: Fetch,
): Promise<{ ok: true; bytes: Uint8Array } | { ok: false; reason: string }> {
  try {
    const response = await fetchFile(url);
    if (!response.ok)
      return { ok: false, reason: MESSAGES.notFetched(url, `HTTP ${response.status}`) };
    return { ok: true, bytes: new Uint8Array(await response.arrayBuffer()) };
  } catch (error) {
    return { ok: false, reason: MESSAGES.notFetched(url, (error as Error).message) };
  }
}
