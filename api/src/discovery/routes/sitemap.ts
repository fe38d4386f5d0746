import { DISCOVERY_PATHS } from '@jobboard/contract/jobs';
import type { FastifyPluginAsync } from 'fastify';
import { sendShared } from '../../platform/plugins/public-cache';
import { MAX_AGE_SECONDS } from '../discovery';
import { SITEMAP_FILES_PREFIX } from '../sitemap';

const XML_TYPE = 'application/xml; charset=utf-8';

/**
 * /sitemap.xml, and the files of a sitemap index (`/sitemaps/pages.xml`, `/sitemaps/jobs-1.xml`...)
 * once the jobs no longer fit in one file; any other name is the site's 404.
 */
const sitemapRoutes: FastifyPluginAsync = async (app) => {
  const options = { compress: false } as const;
  app.get(DISCOVERY_PATHS.sitemap, options, async (request, reply) =>
    sendShared(request, reply, await app.discovery.sitemap(), XML_TYPE, MAX_AGE_SECONDS),
  );

  app.get<{ Params: { file: string } }>(
    `${SITEMAP_FILES_PREFIX}:file`,
    options,
    async (request, reply) => {
      const { file } = request.params;
      const body = file.endsWith('.xml')
        ? await app.discovery.sitemapFile(file.slice(0, -4))
        : null;
      if (!body) return reply.callNotFound();
      return sendShared(request, reply, body, XML_TYPE, MAX_AGE_SECONDS);
    },
  );
};

export default sitemapRoutes;
