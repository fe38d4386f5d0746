import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  APPS,
  LEGACY_ROUTES,
  REMOTE_NAMES,
  RELEASE_FILE,
  isRemoteUrl,
  parseRemoteRoutes,
  type RemoteName,
  type RemoteRoute,
  type RemotesFile,
  type RouteTable,
} from '@jobboard/contract/site';

/** How long the server waits for the release.json of a remote served from another origin. */
export const ROUTES_FETCH_TIMEOUT_MS = 3000;

/** Where a refused or unreachable release.json is reported (the app's logger). */
export interface RouteTableLog {
  warn(details: object, message: string): void;
}

/** What the route table is read from: the releases folder and what remotes.json serves. */
export interface LiveVersions {
  readonly dir: string;
  versions(): RemotesFile;
}

/** What one live value of remotes.json says about its remote's routes. */
type Read =
  /** Its release.json's `provides.routes`. */
  | { kind: 'routes'; routes: RemoteRoute[] }
  /** A release built before remotes declared their routes: the routes it had then. */
  | { kind: 'legacy' }
  /** Not known (yet): a malformed file, a fetch that failed or has not answered. */
  | { kind: 'unknown' };

/**
 * The site's route table at run time (the contract's RouteTable): each live remote's routes,
 * from the release.json of the version remotes.json serves (`provides.routes`), in the order of
 * REMOTE_NAMES. The table follows remotes.json: a promote changes it at the next request.
 *
 * - A version on this server: its release.json is read once (a release folder never changes).
 * - A remote served from another origin: the release.json beside its manifest URL is fetched once
 *   per value, in the background with a short time limit; until it answers (or when it fails,
 *   logged once) the remote keeps the routes it had.
 * - A release.json without routes (built before remotes declared them), or no release.json: the
 *   routes that release was built with (LEGACY_ROUTES, deprecated).
 * - A malformed release.json or routes entry is refused with one log line, and the remote keeps the
 *   last good routes it had (none yet: LEGACY_ROUTES, what every remote had before).
 */
export class LiveRoutes {
  /** What each live value said (`<remote>|<value>`): release folders never change. */
  private readonly reads = new Map<string, Read>();
  /** The fetches of release.json from other origins still under way. */
  private readonly fetching = new Map<string, Promise<void>>();
  /** The last routes known good for each remote. */
  private readonly lastGood = new Map<RemoteName, readonly RemoteRoute[]>();
  private built?: { key: string; table: RouteTable };
  /** Bumped whenever a fetch answers, so a table built before it is built again. */
  private generation = 0;

  constructor(
    private readonly releases: LiveVersions,
    private readonly log?: RouteTableLog,
    private readonly fetchTimeoutMs = ROUTES_FETCH_TIMEOUT_MS,
  ) {}

  /** The live table; the same object until remotes.json or a remote's routes change. */
  table(): RouteTable {
    const versions = this.releases.versions();
    const key = `${this.generation}:${JSON.stringify(versions)}`;
    if (this.built?.key === key) return this.built.table;
    const table: RouteTable = REMOTE_NAMES.flatMap((remote) =>
      this.routesOf(remote, versions[remote]).map((route) => ({ remote, ...route })),
    );
    this.built = { key, table };
    return table;
  }

  /** Changes whenever a fetch from another origin answered (with versions(), it names a table). */
  stamp(): number {
    return this.generation;
  }

  /** Settles when every fetch of another origin's release.json started so far has answered. */
  async ready(): Promise<void> {
    while (this.fetching.size) await Promise.all(this.fetching.values());
  }

  private routesOf(remote: RemoteName, value: string | undefined): readonly RemoteRoute[] {
    if (!value) return [];
    const id = `${remote}|${value}`;
    let read = this.reads.get(id);
    if (!read) {
      read = isRemoteUrl(value)
        ? this.fetchRoutes(remote, value, id)
        : this.readRoutes(remote, value);
      this.reads.set(id, read);
    }
    if (read.kind === 'routes') {
      this.lastGood.set(remote, read.routes);
      return read.routes;
    }
    if (read.kind === 'legacy') return LEGACY_ROUTES[remote];
    return this.lastGood.get(remote) ?? LEGACY_ROUTES[remote];
  }

  /** The routes in `<releases>/<folder>/<version>/release.json`. */
  private readRoutes(remote: RemoteName, version: string): Read {
    const file = path.join(this.releases.dir, APPS[remote].folder, version, RELEASE_FILE);
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      return { kind: 'legacy' }; // built before releases had a release.json
    }
    return this.parse(remote, version, text, file);
  }

  /** Starts fetching the release.json beside a manifest on another origin; unknown until then. */
  private fetchRoutes(remote: RemoteName, manifest: string, id: string): Read {
    const url = new URL(RELEASE_FILE, manifest).href;
    const done = (async () => {
      let read: Read;
      try {
        const answer = await fetch(url, { signal: AbortSignal.timeout(this.fetchTimeoutMs) });
        if (!answer.ok) throw new Error(`answered ${answer.status}`);
        read = this.parse(remote, manifest, await answer.text(), url);
      } catch (error) {
        this.log?.warn(
          { remote, url, err: error },
          `the routes of ${remote} could not be fetched from ${url} (${(error as Error).message}); its pages keep the routes they had`,
        );
        read = { kind: 'unknown' };
      }
      this.reads.set(id, read);
      this.fetching.delete(id);
      this.generation += 1;
    })();
    this.fetching.set(id, done);
    return { kind: 'unknown' };
  }

  /** A release.json's routes, or why they are refused (logged once: each value is read once). */
  private parse(remote: RemoteName, version: string, text: string, where: string): Read {
    let problem: string;
    try {
      const manifest = JSON.parse(text) as unknown;
      const provides = (manifest as { provides?: { routes?: unknown; exposes?: unknown } })
        ?.provides;
      if (provides?.routes === undefined) return { kind: 'legacy' };
      const parsed = parseRemoteRoutes(provides.routes);
      if (parsed.ok) {
        const exposed = Array.isArray(provides.exposes) ? provides.exposes : [];
        const unexposed = parsed.routes.find((route) => !exposed.includes(route.module));
        if (!unexposed) return { kind: 'routes', routes: parsed.routes };
        problem = `the route ${unexposed.path} is drawn by ${unexposed.module}, which it does not expose`;
      } else problem = parsed.problem;
    } catch {
      problem = 'not valid JSON';
    }
    this.log?.warn(
      { remote, version, file: where, problem },
      `routes of ${remote} ${version} refused (${problem}); its pages keep the last good routes`,
    );
    return { kind: 'unknown' };
  }
}

/** The remotes with a route the server draws: those whose server entries are loaded. */
export function serverRenderedRemotes(table: RouteTable): RemoteName[] {
  return REMOTE_NAMES.filter((remote) =>
    table.some((route) => route.remote === remote && route.serverRendered),
  );
}
