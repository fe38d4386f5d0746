import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseRemoteRoutes, type AppName, type RemoteRoute } from '@jobboard/contract/site';
import { ROUTE_MESSAGES } from './release/route-messages';

/** The source file of an exposed module: './BoardPage' is `src/app/BoardPage.tsx` (or `.ts`). */
function moduleFile(root: string, module: string): string | undefined {
  const base = path.join(root, 'src', 'app', module.slice(2));
  return [`${base}.tsx`, `${base}.ts`].find((file) => existsSync(file));
}

/** What an app's build makes of its routes: its federation exposes and whether it has a server entry. */
export interface AppPages {
  /** The routes as declared (none for the shell). */
  routes: RemoteRoute[];
  /** `{ './BoardPage': './src/app/BoardPage' }`: every page a route names, then the extra ones. */
  exposes: Record<string, string>;
  /** The app is drawn on the server: the shell always, a remote when one of its routes is. */
  serverRendered: boolean;
}

/**
 * Checks an app's declared routes and derives from them what it exposes: each route's page, then
 * `extra` (modules exposed for other reasons), each from `src/app/<Name>.tsx`. Fails with a
 * message naming the route and the missing file when a page is not there, and when a route the
 * server draws has no server entry (`src/server.tsx`) to draw it with.
 */
export function appPages(
  name: AppName,
  root: string,
  routes: readonly RemoteRoute[] | undefined,
  extra: readonly string[] = [],
): AppPages {
  if (name === 'shell') return { routes: [], exposes: {}, serverRendered: true };
  if (!routes?.length) throw new Error(ROUTE_MESSAGES.noRoutes(name));
  const parsed = parseRemoteRoutes(routes);
  if (!parsed.ok) throw new Error(ROUTE_MESSAGES.routesInvalid(name, parsed.problem));
  const exposes: Record<string, string> = {};
  const expose = (module: string, missing: (file: string) => string) => {
    const file = moduleFile(root, module);
    if (!file) throw new Error(missing(`src/app/${module.slice(2)}.tsx`));
    exposes[module] = `./src/app/${module.slice(2)}`;
  };
  for (const route of parsed.routes) {
    expose(route.module, (file) =>
      ROUTE_MESSAGES.pageMissing(name, route.path, route.module, file),
    );
  }
  for (const module of extra) {
    expose(module, (file) => ROUTE_MESSAGES.exposeMissing(name, module, file));
  }
  const drawn = parsed.routes.filter((route) => route.serverRendered).map((route) => route.path);
  if (drawn.length && !existsSync(path.join(root, 'src', 'server.tsx'))) {
    throw new Error(ROUTE_MESSAGES.serverEntryMissing(name, drawn));
  }
  return { routes: parsed.routes, exposes, serverRendered: drawn.length > 0 };
}
