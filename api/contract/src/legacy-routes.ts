import { create, enums, record } from 'superstruct';
import { REMOTE_NAMES, type RemoteName } from './remotes';
import legacyRoutes from './legacy-routes.json' with { type: 'json' };
import { matchRoute, RemoteRoutes, type RemoteRoute, type SiteRoute } from './routes';

/**
 * @deprecated The routes each remote had before remotes declared their own (the contract's
 * FRONTEND_ROUTES of contract 1.0.0, with the titles the server gave them), for a live release
 * whose release.json has no `provides.routes`: one built before (docs/decisions/api-compatibility.md:
 * the API keeps serving the previous release of every remote). Also what the server assumes for a
 * remote whose routes it does not know yet (a remote on another origin whose release.json has
 * not arrived) and has never known. Never edited: a new page is declared in its remote's
 * `src/routes.ts`. Goes with the next contract major, once every live remote declares its routes.
 * A record, not code: kept as the data it is, in legacy-routes.json, checked when it loads.
 */
export const LEGACY_ROUTES: Record<RemoteName, readonly RemoteRoute[]> = create(
  legacyRoutes,
  record(enums(REMOTE_NAMES), RemoteRoutes),
);

/**
 * @deprecated The site's route table is the live remotes' routes, read at run time
 * (`BootConfig.routes`, `GET /routes.json`); each remote declares its own in `src/routes.ts`.
 * This is the table of contract 1.0.0, kept (as LEGACY_ROUTES) until the next major.
 */
export const FRONTEND_ROUTES: readonly SiteRoute[] = REMOTE_NAMES.flatMap((remote) =>
  LEGACY_ROUTES[remote].map((route) => ({ remote, ...route })),
);

/** @deprecated A route of the site's table: SiteRoute. */
export type FrontendRoute = SiteRoute;

/** @deprecated `matchRoute(boot.routes, pathname)`: the live table, not the frozen one. */
export const matchFrontendRoute = (pathname: string): SiteRoute | undefined =>
  matchRoute(FRONTEND_ROUTES, pathname);
