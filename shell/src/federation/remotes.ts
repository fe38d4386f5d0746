import {
  matchRoute,
  type RemotesConfig,
  type RouteTable,
  type SiteRoute,
} from '@jobboard/contract';
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { ComponentType } from 'react';

type Page = ComponentType;

let registered: RemotesConfig = {};
const loading = new Map<string, Promise<Page>>();
const loaded = new Map<string, Page>();

/** Remote URLs are run-time configuration: nothing about them is in the shell's build. */
export function registerRemoteEntries(remotes: RemotesConfig): void {
  registered = remotes;
  registerRemotes(Object.entries(remotes).map(([name, { entry }]) => ({ name, entry })));
}

export const moduleId = (route: Pick<SiteRoute, 'remote' | 'module'>) =>
  `${route.remote}/${route.module.replace(/^\.\//, '')}`;

/** The page a route renders, if it has already been loaded (render without a loader). */
export function loadedPage(route: Pick<SiteRoute, 'remote' | 'module'>): Page | undefined {
  return loaded.get(moduleId(route));
}

/** Load (once) the page component a route renders from its remote. */
export function loadPage(route: Pick<SiteRoute, 'remote' | 'module'>): Promise<Page> {
  const id = moduleId(route);
  let pending = loading.get(id);
  if (!pending) {
    if (!registered[route.remote]) {
      return Promise.reject(new Error(`No location is configured for ${route.remote}`));
    }
    pending = loadRemote<{ default?: Page }>(id).then((module) => {
      if (!module?.default) throw new Error(`${id} did not load`);
      loaded.set(id, module.default);
      return module.default;
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
