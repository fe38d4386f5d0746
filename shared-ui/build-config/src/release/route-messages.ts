/**
 * Every text the build and `pnpm releases` say about a remote's routes (src/routes.ts,
 * release.json's `provides.routes`), kept in one place like messages.ts.
 */
export const ROUTE_MESSAGES = {
  // The build
  noRoutes: (app: string) =>
    `${app} declares no routes: a remote's pages are its src/routes.ts (ROUTES), passed to createAppConfig({ routes }).`,
  routesInvalid: (app: string, problem: string) =>
    `${app}'s src/routes.ts is not a valid route list: ${problem}.`,
  pageMissing: (app: string, path: string, module: string, file: string) =>
    `${app}'s route ${path} is drawn by ${module}, but there is no ${file} to expose it: add the page or fix the route.`,
  exposeMissing: (app: string, module: string, file: string) =>
    `${app} exposes ${module}, but there is no ${file}.`,
  serverEntryMissing: (app: string, paths: string[]) =>
    `${app} has routes the server draws (${paths.join(', ')}), but no src/server.tsx to draw them with.`,

  // release.json
  routeNotExposed: (path: string, module: string) =>
    `provides.routes: the route ${path} is drawn by ${module}, which provides.exposes does not list`,
  shellRoutes: 'provides.routes: the shell has no routes of its own (the remotes declare them)',

  // promote
  routesOverlap: (self: string, path: string, other: string, otherPath: string) =>
    `${self}'s route ${path} overlaps the route ${otherPath} of ${other}: one address would have two pages. Change one of the two routes.`,
};
