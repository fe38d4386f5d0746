/**
 * What the server renderer (server-render.ts) knows of each app version: its renders and failures
 * since it was (last) promoted in this process, and which versions in use it draws with.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { APPS, isRemoteUrl, type AppName, type RemoteName } from '@jobboard/contract/site';
import type { PoolVersions } from './render-pool';
import type { Releases } from './releases';
import { serverRenderedRemotes } from './route-table';

/** After this many failures in a row, a version's pages are drawn in the browser only. */
export const FAILURES_IN_A_ROW = 3;

export type Failure = 'throws' | 'timeouts' | 'memory';

/** How one app version has fared on the server, since it was (last) promoted in this process. */
export interface VersionRenderStats {
  app: AppName;
  version: string;
  /** Pages it drew (or chose to leave to the browser) without failing. */
  renders: number;
  /** Its server entry threw, failed to load, or ended its worker. */
  throws: number;
  /** It drew (or loaded) for longer than the time limit, and its worker was ended. */
  timeouts: number;
  /** It met the worker's heap limit, and its worker was ended. */
  memory: number;
  /** Failures since its last good render; at FAILURES_IN_A_ROW it is no longer drawn here. */
  failuresInARow: number;
  /** False once it failed FAILURES_IN_A_ROW times in a row: the browser draws its pages. */
  serverRendered: boolean;
}

/** Each version's stats, and the versions in use it still draws with (ServerRenderer). */
export class VersionStates {
  private readonly counts = new Map<string, VersionRenderStats>();
  /** The versions remotes.json named when last read: a change is a promote (or rollback). */
  private lastLive: Partial<Record<AppName, string>> = {};
  private readonly serverFiles = new Set<string>();

  constructor(private readonly releases: Releases) {}

  /** Each version's renders and failures, as copies. */
  stats(): VersionRenderStats[] {
    return [...this.counts.values()].map((entry) => ({ ...entry }));
  }

  /** A page drawn with `versions` (a pool's): its remote's renders, and no failure in a row. */
  succeeded(versions: PoolVersions, remote: RemoteName) {
    for (const app of ['shell', remote] as const) {
      const version = versions[app]?.version;
      if (!version) continue;
      const entry = this.entry(app, version);
      if (app === remote) entry.renders += 1;
      entry.failuresInARow = 0;
    }
  }

  /** The stats of `app`'s `version`, new ones the first time it is seen. */
  entry(app: AppName, version: string): VersionRenderStats {
    const key = `${app}@${version}`;
    let entry = this.counts.get(key);
    if (!entry) {
      entry = {
        app,
        version,
        renders: 0,
        throws: 0,
        timeouts: 0,
        memory: 0,
        failuresInARow: 0,
        serverRendered: true,
      };
      this.counts.set(key, entry);
    }
    return entry;
  }

  /**
   * The shell and server-rendered remotes in use that have a server entry here and still draw on
   * the server. A version that differs from the one last seen was promoted (or rolled back to):
   * its failures in a row start again.
   */
  live(): PoolVersions {
    const inUse = this.releases.versions();
    const apps: AppName[] = ['shell', ...serverRenderedRemotes(this.releases.routes())];
    const versions: PoolVersions = {};
    const seen: Partial<Record<AppName, string>> = {};
    for (const app of apps) {
      // For a remote, the build the server's check picked, if its entry can run beside the
      // shell's copies of the shared modules (Releases.serverRenderedVersion).
      const version = app === 'shell' ? inUse[app] : this.releases.serverRenderedVersion(app);
      if (!version || isRemoteUrl(version)) continue;
      seen[app] = version;
      if (version !== this.lastLive[app]) {
        const entry = this.entry(app, version);
        entry.failuresInARow = 0;
        entry.serverRendered = true;
      }
      const file = this.serverFile(app, version);
      if (file && this.entry(app, version).serverRendered) {
        versions[app] = { version, href: pathToFileURL(file).href };
      }
    }
    this.lastLive = seen;
    return versions;
  }

  /** A version's server file, when that version is on this server and has one. */
  private serverFile(app: AppName, version: string): string | undefined {
    const file = path.join(this.releases.dir, APPS[app].folder, version, 'server', 'server.mjs');
    // A build never changes once written: a file found stays found.
    if (this.serverFiles.has(file)) return file;
    if (!existsSync(file)) return undefined;
    this.serverFiles.add(file);
    return file;
  }
}
