import { DISCOVERY_PATHS } from '@jobboard/contract/jobs';
import type { FastifyPluginAsync } from 'fastify';
import { MAX_AGE_SECONDS } from '../discovery';

/** /robots.txt: everything may be crawled but the private areas; where the sitemap is. */
const robotsRoutes: FastifyPluginAsync = async (app) => {
  app.get(DISCOVERY_PATHS.robots, async (_request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('Cache-Control', `public, max-age=${MAX_AGE_SECONDS}`)
      .send(app.discovery.robots()),
  );
};

export default robotsRoutes;
