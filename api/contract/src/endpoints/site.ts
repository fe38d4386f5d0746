/** The publication and the shell's remotes (api/src/site/): its names and links, and outside /api which remote builds are live and their routes. */
import { type Endpoint } from '../endpoint';
import { RouteTable } from '../routes';
import { RemotesConfig, SiteConfig } from '../site';

export const site = {
  method: 'GET',
  path: '/api/site',
  summary: "The publication's names, addresses and links (header, footer, hero, membership).",
  response: SiteConfig,
} as const satisfies Endpoint;
export const remotes = {
  method: 'GET',
  path: '/remotes.json',
  summary: 'Which build of each front-end app is live and where its manifest is (never cached).',
  response: RemotesConfig,
} as const satisfies Endpoint;
export const routes = {
  method: 'GET',
  path: '/routes.json',
  summary:
    "The live remotes' routes (path pattern, remote, page, title...), read from their releases (never cached).",
  response: RouteTable,
} as const satisfies Endpoint;
