import { newestVersion } from '@jobboard/contract/releases';
import {
  matchRoute,
  pageRemotes,
  type RemoteName,
  type RemotesConfig,
  type RouteTable,
  type SiteRoute,
} from '@jobboard/contract/site';
import { getInstance, loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { ComponentType } from 'react';
import { registeredEarly } from '../boot/shares-first';
import { pinEntry } from './integrity';
import { pickBuild, type LoadableBuild } from './release-check';
import { reportClientError } from './report';

type Page = ComponentType;

let configured: RemotesConfig = {};
/**
 * The remotes the page's Content-Security-Policy names: those of the address it was loaded at
 * (the contract's pageRemotes, as the server wrote the policy).
 */
let namedByPolicy: ReadonlySet<RemoteName> = new Set();
/** The build of each remote this page loads, picked once (release-check.ts). */
const picks = new Map<string, Promise<LoadableBuild | null>>();
const loading = new Map<string, Promise<Page>>();
const loaded = new Map<string, Page>();

/** No build of the remote fits this shell: its area says it is unavailable. */
export class NoBuildFits extends Error {
  constructor(remote: string) {
    super(`No release of ${remote} fits this shell`);
    this.name = 'NoBuildFits';
  }
}

/**
 * Remote URLs are run-time configuration: nothing about them is in the shell's build. A remote is
 * registered with the federation runtime only once its build is picked (the load-time check), so
 * a build that does not fit the shell is never loaded. `routes` and `pathname`: the page's route
 * table and the address the page was loaded at, whose remotes its policy names.
 */
export function registerRemoteEntries(
  remotes: RemotesConfig,
  routes: RouteTable,
  pathname: string,
): void {
  configured = remotes;
  namedByPolicy = new Set(pageRemotes(routes, pathname));
}

/**
 * Whether `remote` can only be loaded by a page of its own (issue 43, finding 4): each page's
 * Content-Security-Policy names only the remotes that page loads, so a remote served from another
 * origin that this page's policy does not name (a navigation from the board to an admin served
 * from its own origin) is refused by the browser here; its address, loaded anew, gets a policy
 * that names it. A remote in the site's own folders is allowed on every page ('self'). Development
 * builds run under dev servers without the server's policy.
 */
function needsItsOwnPage(remote: RemoteName): boolean {
  const entry = configured[remote]?.entry;
  if (__APP_VERSION__ === 'dev' || namedByPolicy.has(remote) || entry === undefined) return false;
  return (
    URL.canParse(entry, window.location.href) &&
    new URL(entry, window.location.href).origin !== window.location.origin
  );
}

/**
 * The build of `remote` this page uses: checked once per page life, each remote on its own (one
 * remote's check never waits for another's), then registered with the federation runtime.
 */
function pickedBuild(remote: RemoteName): Promise<LoadableBuild | null> {
  let pick = picks.get(remote);
  if (!pick) {
    const location = configured[remote];
    pick = location
      ? pickBuild(remote, location, {
          provides: sharedInUse(),
          shellVersion: __APP_VERSION__,
          report: reportClientError,
          page: { origin: window.location.origin, development: __APP_VERSION__ === 'dev' },
        }).then((build) => {
          if (build && !registeredEarly(remote, build.entry)) {
            pinEntry(remote, build.integrity);
            registerRemotes([{ name: remote, entry: build.entry }]);
          }
          return build;
        })
      : Promise.reject(new Error(`No location is configured for ${remote}`));
    picks.set(remote, pick);
  }
  return pick;
}

/**
 * The version of each shared singleton a remote loaded now gets: the copy already loaded, or for
 * one not used yet the highest registered (what the federation runtime will pick); the shell's
 * own where the runtime has none. A remote's release.json is checked against this, not against
 * the shell's build alone: a remote registered before the shell started may have given the page
 * a newer copy (shares-first.ts).
 */
function sharedInUse(): Record<string, string> {
  const inUse: Record<string, string> = { ...__SHELL_PROVIDES__ };
  const scope = getInstance()?.shareScopeMap.default ?? {};
  for (const [request, copies] of Object.entries(scope)) {
    const versions = Object.keys(copies);
    const loaded = versions.filter((version) => copies[version]?.loaded);
    const newest = newestVersion(loaded.length ? loaded : versions);
    if (newest) inUse[request] = newest;
  }
  return inUse;
}

/** The version of `remote` this page loaded (for a report), once it is picked. */
export async function loadedVersion(remote: RemoteName): Promise<string> {
  const build = await picks.get(remote)?.catch(() => null);
  return build?.version ?? configured[remote]?.version ?? 'unknown';
}

export const moduleId = (route: Pick<SiteRoute, 'remote' | 'module'>) =>
  `${route.remote}/${route.module.replace(/^\.\//, '')}`;

/** The page a route renders, if it has already been loaded (render without a loader). */
export function loadedPage(route: Pick<SiteRoute, 'remote' | 'module'>): Page | undefined {
  return loaded.get(moduleId(route));
}

/**
 * Load (once) the page component a route renders from its remote: the build the check picked
 * (a failure to load it is reported), or a NoBuildFits error when none fits.
 */
export function loadPage(route: Pick<SiteRoute, 'remote' | 'module'>): Promise<Page> {
  const id = moduleId(route);
  let pending = loading.get(id);
  if (!pending && needsItsOwnPage(route.remote)) {
    // The router has already moved to the route's address: loading it anew gets its own policy.
    window.location.reload();
    pending = new Promise<Page>(() => undefined);
    loading.set(id, pending);
  }
  if (!pending) {
    pending = pickedBuild(route.remote).then(async (build) => {
      if (!build) throw new NoBuildFits(route.remote);
      try {
        const module = await loadRemote<{ default?: Page }>(id);
        if (!module?.default) throw new Error(`${id} did not load`);
        loaded.set(id, module.default);
        return module.default;
      } catch (error) {
        reportClientError({
          kind: 'remote-load-failed',
          app: route.remote,
          version: build.version,
          message: error instanceof Error ? error.message : String(error),
        });
        throw error;
      }
    });
    // A failed load is forgotten so that a retry asks again.
    pending.catch(() => loading.delete(id));
    loading.set(id, pending);
  }
  return pending;
}

/** Start loading what the route at this path renders (`routes`: the boot configuration's). */
export function preloadRoute(pathname: string, routes: RouteTable): Promise<unknown> {
  const route = matchRoute(routes, pathname);
  return route ? loadPage(route) : Promise.resolve();
}
