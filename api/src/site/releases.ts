import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import {
  REMOTE_NAMES,
  APPS,
  isRemoteUrl,
  parseRemotesFile,
  remoteEntry,
  type AppName,
  type RemotesConfig,
  type RemotesFile,
  type RouteTable,
} from '@jobboard/contract';
import { LiveRoutes } from './route-table';

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
  /** The last good configuration and the file version it was read from (time and size). */
  private cached?: { stamp: string; versions: RemotesFile };
  /** The file version last refused, so a bad file is reported once, not on every request. */
  private refusedStamp?: string;
  private readonly files = new Map<string, string>();
  /** The live remotes' routes, from their releases (route-table.ts). */
  readonly liveRoutes: LiveRoutes;

  constructor(
    readonly dir: string,
    readonly configFile: string,
    private readonly log?: ReleasesLog,
  ) {
    this.liveRoutes = new LiveRoutes(this, log);
  }

  /** The site's route table: every live remote's routes, from its release (route-table.ts). */
  routes(): RouteTable {
    return this.liveRoutes.table();
  }

  /**
   * The app -> version (or manifest URL) map; empty when nothing has been built. A file that is
   * not a valid configuration (half-written, `null`, a version such as `"http://"` or `"../x"`)
   * is refused with one log line, and the last good configuration keeps being served.
   */
  versions(): RemotesFile {
    let stamp: string;
    try {
      const stat = statSync(this.configFile);
      stamp = `${stat.mtimeMs}:${stat.size}`;
    } catch {
      return {}; // nothing built (yet)
    }
    if (this.cached?.stamp === stamp || this.refusedStamp === stamp) {
      return this.cached?.versions ?? {};
    }
    let problem: string;
    try {
      const parsed = parseRemotesFile(readFileSync(this.configFile, 'utf8'));
      if (parsed.ok) {
        this.cached = { stamp, versions: parsed.versions };
        this.refusedStamp = undefined;
        return parsed.versions;
      }
      problem = parsed.problem;
    } catch (error) {
      problem = `cannot be read: ${(error as Error).message}`;
    }
    this.refusedStamp = stamp;
    this.log?.warn(
      { file: this.configFile, problem },
      `remotes configuration refused (${problem}); still serving the last good one`,
    );
    return this.cached?.versions ?? {};
  }

  /** Where each remote's manifest is, for the shell: a local versioned path or another origin. */
  remotes(): RemotesConfig {
    const versions = this.versions();
    const remotes: RemotesConfig = {};
    for (const name of REMOTE_NAMES) {
      const value = versions[name];
      if (!value) continue;
      remotes[name] = remoteEntry(name, value);
    }
    return remotes;
  }

  /** Origins other than ours that remotes are loaded from (for the Content-Security-Policy). */
  remoteOrigins(): string[] {
    return [
      ...new Set(
        Object.values(this.versions())
          .filter(isRemoteUrl)
          .map((url) => new URL(url).origin),
      ),
    ];
  }

  /** The shell's index.html of the version in use, or null when the shell has not been built. */
  shellHtml(): { version: string; html: string } | null {
    const version = this.versions().shell;
    if (!version || isRemoteUrl(version)) return null;
    const html = this.read(path.join(APPS.shell.folder, version, 'index.html'));
    return html ? { version, html } : null;
  }

  /** A local remote's manifest (to preload what a route needs), or null. */
  manifest(remote: AppName): RemoteManifest | null {
    const version = this.versions()[remote];
    if (!version || isRemoteUrl(version)) return null;
    const text = this.read(path.join(APPS[remote].folder, version, 'mf-manifest.json'));
    if (!text) return null;
    try {
      return JSON.parse(text) as RemoteManifest;
    } catch {
      return null;
    }
  }

  /** Build output never changes once written, so each file is read once. */
  private read(relative: string): string | null {
    const known = this.files.get(relative);
    if (known !== undefined) return known;
    try {
      const content = readFileSync(path.join(this.dir, relative), 'utf8');
      this.files.set(relative, content);
      return content;
    } catch {
      return null; // not built (yet): not remembered, so a later build is picked up
    }
  }
}

/** The parts of a Module Federation manifest we read. */
export interface RemoteManifest {
  metaData: { remoteEntry: { name: string; path: string } };
  exposes: { path: string; assets: { js: { sync: string[] } } }[];
}
