import fp from 'fastify-plugin';
import { SitePages } from './site-pages';

declare module 'fastify' {
  interface FastifyInstance {
    /** The shell's page for every front-end path, its first view drawn on the server. */
    sitePages: SitePages;
  }
}

/**
 * The site: the front end served on the API's own port (the builds are plugins/releases.ts), each
 * page with its head and first view, made ready before the first visitor.
 */
export default fp(
  async (app) => {
    const pages = new SitePages(
      app.releases,
      app.publicReads,
      app.legalPages,
      app.config.site,
      app.config.publicUrl,
      app.config.serverRender,
      app.log,
    );
    app.decorate('sitePages', pages);
    app.addHook('onReady', () => pages.warm());
    app.addHook('onClose', () => pages.close());
  },
  { name: 'site', dependencies: ['config', 'releases', 'jobs', 'legal'] },
);
