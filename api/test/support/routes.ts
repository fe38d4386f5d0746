import type { FastifyInstance, HTTPMethods } from 'fastify';

const METHODS: HTTPMethods[] = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

/**
 * Every route the app registered, as `{ method, url }` (Fastify's automatic HEAD twins included),
 * read from Fastify's own route tree, so the app keeps no list just for tests. The tree of each
 * method (`printRoutes({ method })`: the tree without the common-prefix merge leaves out
 * wildcard routes such as `/assets/*`) prints one node a line: its depth is its indentation
 * (4 characters a level), its path is its parent's path and its own text, and a node that is a
 * route ends with its method in brackets.
 */
export function registeredRoutes(app: FastifyInstance): { method: string; url: string }[] {
  const routes: { method: string; url: string }[] = [];
  for (const method of METHODS) {
    const parents: string[] = [];
    for (const line of app.printRoutes({ method }).split('\n')) {
      const node = /^([│ ]*)[├└]── (.*?)(?: \(([^)]*)\))?$/.exec(line);
      if (!node) continue;
      const depth = node[1]!.length / 4;
      const url = (depth === 0 ? '' : parents[depth - 1]!) + node[2]!;
      parents[depth] = url;
      parents.length = depth + 1;
      if (node[3]) routes.push({ method, url });
    }
  }
  return routes;
}
