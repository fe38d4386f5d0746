import { DISCOVERY_PATHS } from '@jobboard/contract/jobs';
import type { FastifyContextConfig, FastifyPluginAsync, FastifyRequest } from 'fastify';
import { sendShared } from '../../platform/plugins/public-cache';
import { MAX_AGE_SECONDS, type FeedFormat } from '../discovery';

const TYPES: Record<FeedFormat, string> = {
  rss: 'application/rss+xml; charset=utf-8',
  json: 'application/feed+json; charset=utf-8',
};

/**
 * /feed.xml and /feed.json (docs/architecture.md, Discovery): the RSS and JSON feeds of any board
 * search, the query string read as the board reads it. Outside `/api`, and not JSON answers:
 * `test/platform/http/route-schemas.test.ts` lists them beside the site's pages. Compressed once per answer by
 * sendShared, not per request.
 */
const feedRoutes: FastifyPluginAsync = async (app) => {
  const queryOf = (request: FastifyRequest) => {
    const at = request.url.indexOf('?');
    return at === -1 ? '' : request.url.slice(at);
  };
  for (const [path, format] of [
    [DISCOVERY_PATHS.rss, 'rss'],
    [DISCOVERY_PATHS.jsonFeed, 'json'],
  ] as const) {
    // The JSON feed is a public read other sites' pages may read (CORS_ORIGINS, issue 46).
    const config: FastifyContextConfig = format === 'json' ? { crossOrigin: true } : {};
    app.get(path, { compress: false, config }, async (request, reply) => {
      const feed = await app.discovery.feed(format, queryOf(request));
      return sendShared(request, reply, feed, TYPES[format], MAX_AGE_SECONDS);
    });
  }
};

export default feedRoutes;
