import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import {
  HISTORY_FILE,
  earlierVersions,
  parseHistory,
  recordedIntegrity,
  parseReleaseManifest,
  sharedConflicts,
  sharedCopies,
  sharingApp,
  unmetShared,
  type ReleaseManifest,
  type ReleaseSwitch,
  type SharingApp,
} from '@jobboard/contract/releases';
import {
  REMOTE_NAMES,
  APPS,
  RELEASE_FILE,
  isRemoteUrl,
  isVersionFolder,
  pageRemotes,
  parseRemotesFile,
  remoteEntry,
  type AppName,
  type RemoteBuild,
  type RemoteLocation,
  type RemoteName,
  type RemotesConfig,
  type RemotesFile,
  type RemotesFileContent,
  type RemoteUrlContext,
  type RouteTable,
} from '@jobboard/contract/site';
import { LiveRoutes } from './route-table';

/** At most this many earlier versions of a remote are offered to the shell as fallbacks. */
export const MAX_FALLBACKS = 3;

/**
 * A JSON file of the operator's (remotes.json, history.json), re-read whenever it changes (its
 * modification time and size): the last good content is kept, and a file that cannot be used is
 * reported once per version of it, not on every request.
 */
class WatchedFile<T> {
  private cached?: { stamp: string; value: T };
  private refusedStamp?: string;

  constructor(
    private readonly file: string,
    private readonly parse: (
      text: string,
    ) => { ok: true; value: T } | { ok: false; problem: string },
    /** The value while there is no file (nothing built, nothing promoted yet). */
    private readonly absent: T,
    private readonly refused: (problem: string) => void,
  ) {}

  read(): T {
    let stamp: string;
    try {
      const stat = statSync(this.file);
      stamp = `${stat.mtimeMs}:${stat.size}`;
    } catch {
      return this.absent;
    }
    if (this.cached?.stamp === stamp || this.refusedStamp === stamp) {
      return this.cached?.value ?? this.absent;
    }
    let problem: string;
    try {
      const parsed = this.parse(readFileSync(this.file, 'utf8'));
      if (parsed.ok) {
        this.cached = { stamp, value: parsed.value };
        this.refusedStamp = undefined;
        return parsed.value;
      }
      problem = parsed.problem;
    } catch (error) {
      problem = `cannot be read: ${(error as Error).message}`;
    }
    this.refusedStamp = stamp;
    this.refused(problem);
    return this.cached?.value ?? this.absent;
  }
}

/** Where a refused remotes configuration is reported (the app's logger). */
export interface ReleasesLog {
  warn(details: object, message: string): void;
}

/**
 * The front-end builds on disk: `<releasesDir>/<app folder>/<version>/`, and the remotes
 * configuration file that picks a version per app (its format: RemotesFile in the contract).
 * It is re-read whenever the file changes, so switching a version needs no restart.
 */
export class Releases {
  private readonly files = new Map<string, string>();
  /** fileIntegrity of each built file read. */
  private readonly integrities = new Map<string, string>();
  /** shellScriptHashes of each shell version read. */
  private readonly scriptHashes = new Map<string, string[]>();
  private readonly manifests = new Map<string, ReleaseManifest | null>();
  private readonly config: WatchedFile<RemotesFileContent>;
  private readonly history: WatchedFile<ReleaseSwitch[]>;
  /** The live remotes' routes, from their releases (route-table.ts). */
  readonly liveRoutes: LiveRoutes;

  /**
   * `urlContext`: the site's own origin and whether this is a development server, by which a
   * remote's manifest URL is judged (https, or http from the site's own origin or, in
   * development, from this machine: the contract's remoteUrlProblem).
   */
  constructor(
    readonly dir: string,
    readonly configFile: string,
    log?: ReleasesLog,
    urlContext: RemoteUrlContext = {},
  ) {
    this.config = new WatchedFile(
      configFile,
      (text) => {
        const parsed = parseRemotesFile(text, urlContext);
        return parsed.ok
          ? { ok: true, value: { versions: parsed.versions, integrity: parsed.integrity } }
          : parsed;
      },
      { versions: {}, integrity: {} },
      (problem) =>
        log?.warn(
          { file: configFile, problem },
          `remotes configuration refused (${problem}); still serving the last good one`,
        ),
    );
    // history.json beside remotes.json, as `pnpm releases` writes it (shared-ui/build-config/src/release).
    const historyFile = path.join(path.dirname(configFile), HISTORY_FILE);
    this.history = new WatchedFile(
      historyFile,
      (text) => {
        const parsed = parseHistory(text);
        return parsed.ok ? { ok: true, value: parsed.entries } : parsed;
      },
      [],
      (problem) =>
        log?.warn(
          { file: historyFile, problem },
          `release history refused (${problem}); the remotes' fallbacks come from the last good one`,
        ),
    );
    this.liveRoutes = new LiveRoutes(this, log);
  }

  /** The site's route table: every live remote's routes, from its release (route-table.ts). */
  routes(): RouteTable {
    return this.liveRoutes.table();
  }

  /**
   * The app -> version (or manifest URL) map; empty when nothing has been built. A file that is
   * not a valid configuration (half-written, `null`, a version such as `"http://"` or `"../x"`,
   * a remote on another origin over http://) is refused with one log line, and the last good
   * configuration keeps being served.
   */
  versions(): RemotesFile {
    return this.config.read().versions;
  }

  /**
   * Where each remote's live build is, for the shell (a local versioned path or another origin),
   * with its release.json, its earlier promoted versions still on disk (history.json, newest
   * first, at most MAX_FALLBACKS) and the version the server's own check picked: the first of
   * them whose release fits the live shell, the check the shell runs again before it loads one
   * (docs/frontend-delivery.md#the-load-time-check).
   */
  remotes(): RemotesConfig {
    const { versions, integrity } = this.config.read();
    const history = this.history.read();
    const shell = this.shellRelease(versions.shell);
    // The apps the page runs together, as each remote's build is picked: a build fits when one
    // copy of each shared singleton (the highest any of them carries) meets every app's ranges.
    const sharing: SharingApp[] = shell ? [sharingAppOf(shell)] : [];
    const remotes: RemotesConfig = {};
    for (const name of REMOTE_NAMES) {
      const value = versions[name];
      if (!value) continue;
      const fallbacks = earlierVersions(history, name, value)
        .filter((version) => isVersionFolder(version) && this.onDisk(name, version))
        .slice(0, MAX_FALLBACKS)
        // Each pinned by the hash recorded when it was promoted (history.json).
        .map((version) => remoteEntry(name, version, recordedIntegrity(history, name, version)));
      const location: RemoteLocation = {
        ...remoteEntry(name, value, integrity[name]),
        fallbacks,
      };
      // A remote on another origin: its release.json is not here, the browser checks it alone.
      if (shell && !isRemoteUrl(value)) {
        location.picked = this.pick(name, [remoteEntry(name, value), ...fallbacks], sharing);
      }
      remotes[name] = location;
    }
    // A picked remote that carries the copy the page shares (newer than the shell's) is
    // registered before the shell starts (site.ts, RemoteLocation.sharesFirst).
    const carriers = new Set(Object.values(sharedCopies(sharing)).map((copy) => copy.from));
    for (const app of sharing.slice(1)) {
      const [name] = app.label.split(' ') as [RemoteName];
      if (carriers.has(app.label) && remotes[name]) remotes[name].sharesFirst = true;
    }
    return remotes;
  }

  /**
   * The version of `app` the page is drawn with: the shell's live one; for a remote, the one the
   * server's check picked (the live one when it could not check); null when none fits.
   */
  servedVersion(app: AppName): string | null {
    const live = this.versions()[app];
    if (app === 'shell' || live === undefined) return live ?? null;
    const picked = this.remotes()[app]?.picked;
    return picked === undefined ? live : picked;
  }

  /**
   * The version whose server entry draws `app`'s first view, or null to leave it to the browser.
   * On the server a remote's entry runs with the shell's own copies of the shared singletons
   * (server-render.ts): a remote whose ranges those do not meet (built against a newer shared-ui
   * minor, whose copy the browser shares) is drawn in the browser.
   */
  serverRenderedVersion(app: AppName): string | null {
    const version = this.servedVersion(app);
    if (app === 'shell' || !version || isRemoteUrl(version)) return version;
    const shell = this.shellRelease(this.versions().shell);
    const remote = this.manifestOf(app, version);
    if (!shell || !remote) return version;
    return unmetShared(remote.requires.shared, shell.provides.shared).length === 0 ? version : null;
  }

  /**
   * The first of `builds` that runs beside the apps already picked (`sharing`, which it joins);
   * null when none does.
   */
  private pick(remote: RemoteName, builds: RemoteBuild[], sharing: SharingApp[]): string | null {
    for (const build of builds) {
      const manifest = this.manifestOf(remote, build.version);
      if (!manifest) continue;
      const candidate = sharingAppOf(manifest);
      if (sharedConflicts([...sharing, candidate]).length === 0) {
        sharing.push(candidate);
        return build.version;
      }
    }
    return null;
  }

  /** The live shell's release.json, or undefined when that cannot be read. */
  private shellRelease(version: string | undefined): ReleaseManifest | undefined {
    if (!version || isRemoteUrl(version)) return undefined;
    return this.manifestOf('shell', version) ?? undefined;
  }

  /** A release's release.json, when it is on disk and describes that very release. */
  private manifestOf(app: AppName, version: string): ReleaseManifest | null {
    const relative = path.join(APPS[app].folder, version, RELEASE_FILE);
    const known = this.manifests.get(relative);
    if (known !== undefined && this.onDisk(app, version)) return known;
    const text = this.read(relative);
    if (text === null) return null;
    const parsed = parseReleaseManifest(text);
    const manifest =
      parsed.ok && parsed.manifest.app === app && parsed.manifest.version === version
        ? parsed.manifest
        : null;
    this.manifests.set(relative, manifest);
    return manifest;
  }

  /** Whether the release folder is (still) there: old folders are deleted by hand. */
  private onDisk(app: AppName, version: string): boolean {
    return existsSync(path.join(this.dir, APPS[app].folder, version));
  }

  /**
   * The origins other than ours that the page at `pathname` loads remotes from (its
   * Content-Security-Policy): the live build of each remote the page loads (the contract's
   * pageRemotes) that is served from another origin. Fallbacks and remotes registered before the
   * shell starts are always builds in our own folders. None for any other answer (an API call,
   * an asset): it runs no remote. Most sites serve every remote from their own folders, and then
   * no route is looked up.
   */
  remoteOrigins(pathname: string): string[] {
    const versions = this.versions();
    const elsewhere = REMOTE_NAMES.filter((name) => isRemoteUrl(versions[name] ?? ''));
    if (elsewhere.length === 0) return [];
    const loaded = new Set(pageRemotes(this.routes(), pathname));
    return [
      ...new Set(
        elsewhere.filter((name) => loaded.has(name)).map((name) => new URL(versions[name]!).origin),
      ),
    ];
  }

  /**
   * The Content-Security-Policy sources of the scripts the shell's page carries inline (its first
   * script, shell/src/boot/before-live.js): `'sha256-...'` each, so the page may run them and
   * nothing else inline. None when the shell has not been built.
   */
  shellScriptHashes(): string[] {
    const shell = this.shellHtml();
    if (!shell) return [];
    let hashes = this.scriptHashes.get(shell.version);
    if (!hashes) {
      hashes = inlineScriptHashes(shell.html);
      this.scriptHashes.set(shell.version, hashes);
    }
    return hashes;
  }

  /** The shell's index.html of the version in use, or null when the shell has not been built. */
  shellHtml(): { version: string; html: string } | null {
    const version = this.versions().shell;
    if (!version || isRemoteUrl(version)) return null;
    const html = this.read(path.join(APPS.shell.folder, version, 'index.html'));
    return html ? { version, html } : null;
  }

  /** The manifest of the remote's build a page is drawn with (to preload what a route needs), or null. */
  manifest(remote: AppName): RemoteManifest | null {
    const version = this.servedVersion(remote);
    if (!version || isRemoteUrl(version)) return null;
    const text = this.read(path.join(APPS[remote].folder, version, 'mf-manifest.json'));
    if (!text) return null;
    try {
      return JSON.parse(text) as RemoteManifest;
    } catch {
      return null;
    }
  }

  /**
   * A built file's SHA-384 in Subresource Integrity form ('sha384-...'), or null when it is not
   * there: what the page's preload hint for a pinned remote's chunk names, so that the browser
   * uses the preloaded file when the remote's entry loads it with the hash it carries (a hint
   * without it is not used, and the file is fetched twice). The hint is no check: a changed file
   * is refused by the hash in the pinned entry, whatever the hint says. Read once per file.
   */
  fileIntegrity(app: AppName, version: string, file: string): string | null {
    const relative = path.join(APPS[app].folder, version, file);
    const known = this.integrities.get(relative);
    if (known !== undefined) return known;
    try {
      const bytes = readFileSync(path.join(this.dir, relative));
      const integrity = `sha384-${createHash('sha384').update(bytes).digest('base64')}`;
      this.integrities.set(relative, integrity);
      return integrity;
    } catch {
      return null;
    }
  }

  /**
   * Build output never changes once written, so each file is read once (while its release
   * folder is there: a folder deleted by hand is gone for good).
   */
  private read(relative: string): string | null {
    const known = this.files.get(relative);
    if (known !== undefined && existsSync(path.join(this.dir, relative))) return known;
    try {
      const content = readFileSync(path.join(this.dir, relative), 'utf8');
      this.files.set(relative, content);
      return content;
    } catch {
      return null; // not built (yet): not remembered, so a later build is picked up
    }
  }
}

/** A release as the sharing of singletons sees it, named 'mfe_board 1.4.0'. */
const sharingAppOf = (manifest: ReleaseManifest): SharingApp =>
  sharingApp(`${manifest.app} ${manifest.version}`, manifest);

/** The parts of a Module Federation manifest we read. */
export interface RemoteManifest {
  metaData: { remoteEntry: { name: string; path: string } };
  exposes: { path: string; assets: { js: { sync: string[] } } }[];
}

/**
 * The sources a Content-Security-Policy allows the inline scripts of a page by: the SHA-256 of
 * each `<script>` without `src` whose type runs (data blocks, JSON and JSON-LD, run nothing).
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const [, attributes, body] of html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)) {
    const type = /\btype\s*=\s*"([^"]*)"/i.exec(attributes!)?.[1]?.toLowerCase();
    if (/\bsrc\s*=/i.test(attributes!) || (type && type !== 'module' && !/javascript/.test(type))) {
      continue;
    }
    hashes.push(`'sha256-${createHash('sha256').update(body!).digest('base64')}'`);
  }
  return hashes;
}
