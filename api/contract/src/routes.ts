import {
  array,
  boolean,
  enums,
  object,
  optional,
  refine,
  size,
  string,
  validate,
  type Infer,
} from 'superstruct';
import { described } from './json-schema';
import { REMOTE_NAMES, type RemoteName } from './remotes';

/**
 * The front-end routes: each remote declares its own pages in its `src/routes.ts` (plain data),
 * its build writes them into its release.json (`provides.routes`), and the server reads them from
 * the live releases at run time and hands the table to the shell in the boot configuration
 * (docs/frontend-delivery.md#adding-a-page-to-a-remote). A new page ships with its remote alone:
 * neither the contract, the shell nor the API names it.
 */

/** One segment of a path pattern: a literal ('jobs') or a parameter (':id'). */
const SEGMENT = /^(?:[A-Za-z0-9._~-]+|:[A-Za-z][A-Za-z0-9]*)$/;

/**
 * A path pattern is '/' or '/'-separated segments, each a literal or a parameter (':id', one
 * segment), optionally ending in '/*' (the rest of the path, possibly nothing): '/jobs/:id',
 * '/pay/:token/*', '/admin/*'.
 */
export function isRoutePath(path: string): boolean {
  if (path === '/' || path === '/*') return true;
  if (!path.startsWith('/') || path.length > 200) return false;
  const segments = path.slice(1).split('/');
  if (segments.at(-1) === '*') segments.pop();
  return segments.length > 0 && segments.every((segment) => SEGMENT.test(segment));
}

/** The page that draws a route: `./X` is exposed by the remote from its `src/app/X.tsx`. */
export const EXPOSED_MODULE = /^\.\/[A-Za-z][A-Za-z0-9_-]{0,99}$/;

const RoutePath = described<string>(
  'RoutePath',
  { type: 'string', pattern: '^/', maxLength: 200 },
  (value) =>
    (typeof value === 'string' && isRoutePath(value)) ||
    `a path pattern such as '/jobs/:id' or '/admin/*', not ${JSON.stringify(value)}`,
);
const ExposedModule = described<`./${string}`>(
  'ExposedModule',
  { type: 'string', pattern: EXPOSED_MODULE.source },
  (value) =>
    (typeof value === 'string' && EXPOSED_MODULE.test(value)) ||
    `an exposed module such as './BoardPage', not ${JSON.stringify(value)}`,
);

/**
 * One page a remote declares (its `src/routes.ts`, then its release.json's `provides.routes`).
 *
 * - `path`: the path pattern (isRoutePath); within a remote the first route that matches wins.
 * - `module`: the exposed module that draws it ('./BoardPage': `src/app/BoardPage.tsx`); the
 *   remote's federation `exposes` are made from its routes.
 * - `serverRendered`: the server draws its first view with the remote's server entry
 *   (`src/server.tsx`); a remote with none of these has no server entry.
 * - `title`: the document title the server and the shell give the page when the API has no
 *   better one (a job's page has its job's); `{board}` is the board's name.
 * - `loadingText`: what the loader says while the page loads (none: a spinner alone);
 *   `{membership}` is the membership system's name, `{board}` the board's.
 */
export const RemoteRoute = object({
  path: RoutePath,
  module: ExposedModule,
  serverRendered: boolean(),
  title: size(string(), 1, 200),
  loadingText: optional(size(string(), 1, 200)),
});
export type RemoteRoute = Infer<typeof RemoteRoute>;

/** A remote's routes: no path twice (the second could never be reached). */
export const RemoteRoutes = refine(array(RemoteRoute), 'RemoteRoutes', (routes) => {
  const seen = new Set<string>();
  for (const route of routes) {
    if (seen.has(route.path)) return `the path ${route.path} is declared twice`;
    seen.add(route.path);
  }
  return true;
});

/** A route of the site: a remote's route and the remote it belongs to. */
export const SiteRoute = object({ remote: enums(REMOTE_NAMES), ...RemoteRoute.schema });
export type SiteRoute = Infer<typeof SiteRoute>;

/**
 * The site's route table, as the server builds it from the live releases and inlines it in the
 * boot configuration (also `GET /routes.json`): every live remote's routes, in the order of
 * REMOTE_NAMES and then each remote's own order.
 */
export const RouteTable = array(SiteRoute);
export type RouteTable = Infer<typeof RouteTable>;

/** A remote's routes read from a file: the routes, or why they are refused (its first failure). */
export function parseRemoteRoutes(
  value: unknown,
): { ok: true; routes: RemoteRoute[] } | { ok: false; problem: string } {
  const [error, routes] = validate(value, RemoteRoutes);
  if (!error) return { ok: true, routes };
  const failure = error.failures()[0] ?? error;
  const at = failure.path.length ? `routes.${failure.path.join('.')}` : 'routes';
  return { ok: false, problem: `${at}: ${failure.message}`.slice(0, 300) };
}

const patterns = new Map<string, RegExp>();

/** The regular expression a path pattern matches ('/jobs/:id' -> /^\/jobs\/[^/]+\/?$/). */
function routePattern(path: string): RegExp {
  let pattern = patterns.get(path);
  if (!pattern) {
    const body = path
      .replace(/\./g, '\\.')
      .replace(/\/\*$/, '(?:/.*)?')
      .replace(/:[A-Za-z][A-Za-z0-9]*/g, '[^/]+');
    pattern = new RegExp(`^${body}/?$`);
    patterns.set(path, pattern);
  }
  return pattern;
}

/** Whether `pathname` is a path of the pattern `path` ('/jobs/12' of '/jobs/:id'). */
export const matchesRoutePath = (path: string, pathname: string) =>
  routePattern(path).test(pathname);

/** The route a path belongs to ('/jobs/12' -> the '/jobs/:id' route), if any: the first that matches. */
export function matchRoute<R extends { path: string }>(
  table: readonly R[],
  pathname: string,
): R | undefined {
  return table.find((route) => matchesRoutePath(route.path, pathname));
}

/**
 * The remotes a page of the site loads (issue 43, finding 4): the remote whose route draws the
 * path, none for a path no route has (the shell's 404 page). Every route's page is one remote's:
 * the shell's frame (header, footer) loads none. The server names exactly these remotes' origins
 * in the page's Content-Security-Policy, and the shell loads a remote the policy does not name
 * by loading its page anew (a navigation from the board to /admin). The one other remote a page
 * may load, one registered before the shell starts because it carries a newer shared copy
 * (`sharesFirst`), is always a build in the site's own folders, which the policy's 'self' covers.
 */
export function pageRemotes(table: readonly SiteRoute[], pathname: string): RemoteName[] {
  const route = matchRoute(table, pathname);
  return route ? [route.remote] : [];
}

/**
 * Whether some path matches both patterns: segment by segment, a literal meets only itself, a
 * parameter meets any one segment, and a final '/*' meets whatever is left (also nothing).
 * Promote refuses a remote whose routes overlap another live remote's: which remote draws such a
 * path would depend on the order of the table.
 */
export function routesOverlap(a: string, b: string): boolean {
  const segments = (path: string) => (path === '/' ? [] : path.slice(1).split('/'));
  const left = segments(a);
  const right = segments(b);
  const meet = (i: number, j: number): boolean => {
    if (left[i] === '*' || right[j] === '*') return true;
    if (i === left.length || j === right.length) return i === left.length && j === right.length;
    const x = left[i]!;
    const y = right[j]!;
    return (x === y || x.startsWith(':') || y.startsWith(':')) && meet(i + 1, j + 1);
  };
  return meet(0, 0);
}

/**
 * A route's text (its title or loading text) for this site: `{board}` is the board's name,
 * `{membership}` the membership system's (docs/configuration.md).
 */
export function routeText(
  text: string,
  site: { boardName: string; membershipName: string },
): string {
  // One pass with a function: a name holding '$&' or '{membership}' is written as it is.
  return text.replace(/\{(board|membership)\}/g, (_match, name: string) =>
    name === 'board' ? site.boardName : site.membershipName,
  );
}
