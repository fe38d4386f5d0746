import fp from 'fastify-plugin';
import { Discovery } from './discovery';

declare module 'fastify' {
  interface FastifyInstance {
    /** The feeds, the sitemap and robots.txt (discovery.ts). */
    discovery: Discovery;
  }
}

/** Discovery: what crawlers and feed readers read, built from the public reads and cached with them. */
export default fp(
  async (app) => {
    app.decorate(
      'discovery',
      new Discovery(
        app.publicReads,
        {
          origin: app.config.publicUrl,
          boardName: app.config.site.boardName,
          currency: app.config.boardCurrency,
          sitemapUrlsPerFile: app.config.sitemapUrlsPerFile,
        },
        app.now,
      ),
    );
  },
  { name: 'discovery', dependencies: ['config', 'jobs'] },
);
