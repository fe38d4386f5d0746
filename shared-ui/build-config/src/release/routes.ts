import { routesOverlap, type AppName } from '@jobboard/contract/site';
import type { LiveApp } from './compatibility';
import type { ReleaseManifest } from './manifest';
import { releaseLabel, MESSAGES } from './messages';
import { ROUTE_MESSAGES } from './route-messages';

/**
 * What is wrong with a release.json's routes beyond their shape: the shell declares none, and
 * every route's page is one the release exposes (the build makes sure of it; a file written by
 * hand may not).
 */
export function routesProblem(manifest: ReleaseManifest): string | undefined {
  const routes = manifest.provides.routes ?? [];
  if (manifest.app === 'shell' && routes.length) return ROUTE_MESSAGES.shellRoutes;
  const exposed = new Set(manifest.provides.exposes);
  const unexposed = routes.find((route) => !exposed.has(route.module));
  return unexposed && ROUTE_MESSAGES.routeNotExposed(unexposed.path, unexposed.module);
}

/**
 * Each route of a remote `release` that overlaps a route of another live remote (the contract's
 * routesOverlap), one sentence naming both. A live remote without routes in its release.json
 * (built before remotes declared them, or on another origin) is not compared.
 */
export function overlappingRoutes(
  release: ReleaseManifest,
  live: Partial<Record<AppName, LiveApp>>,
): string[] {
  const found: string[] = [];
  const self = releaseLabel(release.app, release.version);
  for (const [app, entry] of Object.entries(live) as [AppName, LiveApp][]) {
    if (app === release.app || app === 'shell' || entry.kind !== 'release') continue;
    const other = MESSAGES.live(releaseLabel(app, entry.version));
    for (const route of release.provides.routes ?? []) {
      for (const theirs of entry.manifest.provides.routes ?? []) {
        if (routesOverlap(route.path, theirs.path)) {
          found.push(ROUTE_MESSAGES.routesOverlap(self, route.path, other, theirs.path));
        }
      }
    }
  }
  return found;
}
