import fp from 'fastify-plugin';
import { serverRenderMetrics } from './metrics';
import { Releases } from './releases';
import { SitePages } from './site-pages';

declare module 'fastify' {
  interface FastifyInstance {
    /** The front-end builds and the configuration that picks the version of each app. */
    releases: Releases;
    /** The shell's page for every front-end path, its first view drawn on the server. */
    sitePages: SitePages;
  }
}

/**
 * The site: the front end served on the API's own port (the builds: releases.ts), each page with
 * its head and first view, made ready before the first visitor. The Content-Security-Policy
 * allows its remotes' origins and the shell's own inline script (what a visitor does before the
 * page is live), by its hash.
 */
export default fp(
  async (app) => {
    const releases = new Releases(app.config.releasesDir, app.config.remotesConfigFile, app.log, {
      siteOrigin: new URL(app.config.publicUrl).origin,
      development: !app.config.production,
    });
    app.decorate('releases', releases);
    app.allowContentSources({
      origins: (pathname) => releases.remoteOrigins(pathname),
      scriptHashes: () => releases.shellScriptHashes(),
    });
    const pages = new SitePages(
      releases,
      app.publicReads,
      app.legalPages,
      app.config.site,
      app.config.publicUrl,
      app.config.serverRender,
      app.log,
    );
    app.decorate('sitePages', pages);
    serverRenderMetrics(app.metrics.registry, () => pages.renderer.stats());
    app.addHook('onReady', () => pages.warm());
    app.addHook('onClose', () => pages.close());
  },
  { name: 'site', dependencies: ['config', 'security-headers', 'ops', 'jobs', 'legal'] },
);
