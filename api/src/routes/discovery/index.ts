import { DISCOVERY_PATHS } from '@jobboard/contract';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { FeedFormat } from '../../discovery/discovery';
import { SITEMAP_FILES_PREFIX } from '../../discovery/sitemap';
import { sendShared } from '../../plugins/public-cache';

/** Feed readers and crawlers poll: a few minutes of reuse, then a cheap 304 (ETag). */
const MAX_AGE_SECONDS = 300;

const XML_TYPE = 'application/xml; charset=utf-8';

const TYPES: Record<FeedFormat, string> = {
  rss: 'application/rss+xml; charset=utf-8',
  json: 'application/feed+json; charset=utf-8',
};

/**
 * What crawlers and feed readers read (docs/architecture.md, Discovery): the feeds of any board
 * search, the sitemap (or its index and files) and robots.txt. Outside `/api`, and not JSON answers:
 * `test/route-schemas.test.ts` lists them beside the site's pages. Compressed once per answer by
 * sendShared, not per request.
 */
const discoveryRoutes: FastifyPluginAsync = async (app) => {
  const discovery = app.discovery;
  const queryOf = (request: FastifyRequest) => {
    const at = request.url.indexOf('?');
    return at === -1 ? '' : request.url.slice(at);
  };
  const options = { compress: false } as const;

  for (const [path, format] of [
    [DISCOVERY_PATHS.rss, 'rss'],
    [DISCOVERY_PATHS.jsonFeed, 'json'],
  ] as const) {
    app.get(path, options, async (request, reply) => {
      const feed = await discovery.feed(format, queryOf(request));
      return sendShared(request, reply, feed, TYPES[format], MAX_AGE_SECONDS);
    });
  }

  app.get(DISCOVERY_PATHS.sitemap, options, async (request, reply) =>
    sendShared(request, reply, await discovery.sitemap(), XML_TYPE, MAX_AGE_SECONDS),
  );

  // The files of a sitemap index (`/sitemaps/pages.xml`, `/sitemaps/jobs-1.xml`...), listed by
  // /sitemap.xml once the jobs no longer fit in one file; any other name is the site's 404.
  app.get<{ Params: { file: string } }>(
    `${SITEMAP_FILES_PREFIX}:file`,
    options,
    async (request, reply) => {
      const { file } = request.params;
      const body = file.endsWith('.xml') ? await discovery.sitemapFile(file.slice(0, -4)) : null;
      if (!body) return reply.callNotFound();
      return sendShared(request, reply, body, XML_TYPE, MAX_AGE_SECONDS);
    },
  );

  app.get(DISCOVERY_PATHS.robots, async (_request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('Cache-Control', `public, max-age=${MAX_AGE_SECONDS}`)
      .send(discovery.robots()),
  );
};

export default discoveryRoutes;
