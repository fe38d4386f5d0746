import path from 'node:path';
import type { FastifyInstance, onRequestHookHandler, RouteOptions } from 'fastify';
import type { AreaSecurity } from './openapi/document';

declare module 'fastify' {
  interface FastifyInstance {
    /** The areas of the URL space (app.ts), for what describes the routes (the OpenAPI document). */
    routeAreas: readonly RouteArea[];
  }
}

/**
 * A part of the URL space whose routes share what a visitor's request never pays for (the admins'
 * session, the members' cookie) and one guard (app.ts loads each area's route files, of every
 * domain, into one scope of its own). The guard is put on every route of the area as it is
 * registered, so a new route there cannot be without it; a route whose URL is in an area but is
 * registered outside its scope stops the server from starting.
 */
export interface RouteArea {
  /** Named in the error of a route registered outside it. */
  name: string;
  /** Whether a route's URL (its full path, `/api/admin/jobs/:id`) is in the area. */
  covers(url: string): boolean;
  /**
   * Set up the area's scope before its routes are loaded: its session or cookie plugin, and its
   * guard (an onRoute hook).
   */
  setup(scope: FastifyInstance): Promise<void>;
  /**
   * How its routes are called, as the OpenAPI document says it (platform/http/openapi/): the
   * scheme its guard checks, and the routes that are called without it.
   */
  security: AreaSecurity;
}

/**
 * The URL a route file serves, from its path under a domain's routes/ folder: the file is named by
 * the URL (`/api/admin/jobs.ts` holds `/api/admin/jobs` and `/api/admin/jobs/...`).
 */
export function urlOfRouteFile(file: string): string {
  const relative = file.split(path.sep).join('/');
  return relative.slice(0, relative.length - path.extname(relative).length);
}

/** Put hooks first on a route's own list of hooks of that kind. */
export function prepend(
  existing: RouteOptions['onRequest'] | RouteOptions['preValidation'],
  ...hooks: onRequestHookHandler[]
): onRequestHookHandler[] {
  return [...hooks, ...[existing ?? []].flat()] as onRequestHookHandler[];
}
