import fastifyStatic from '@fastify/static';
import { ENDPOINTS } from '@jobboard/contract';
import type { FastifyPluginAsync } from 'fastify';
import { DATABASE_RETRY_AFTER_SECONDS } from '../../db/unavailable';
import { route } from '../../http/endpoint-route';
import { notFound } from '../../http/http-error';
import { sendBody } from '../../plugins/public-cache';
import { isolatedPage } from '../../plugins/security-headers';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

/**
 * The front end in production, on the API's own port: the remotes configuration, the site
 * details, the built assets of every app, and the shell's page for every front-end path.
 */
const siteRoutes: FastifyPluginAsync = async (app) => {
  const releases = app.releases;

  route(app, ENDPOINTS.site, {}, async () => app.config.site);

  // Which build of each remote to load. Never cached: switching a version takes effect at once.
  route(app, ENDPOINTS.remotes, {}, async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return releases.remotes();
  });

  // Every file lives in a versioned folder, so it never changes: cached for a year. The manifest
  // names the remote's files and is revalidated. Brotli / gzip variants were written at build time.
  await app.register(fastifyStatic, {
    root: releases.dir,
    prefix: '/assets/',
    preCompressed: true,
    cacheControl: false,
    index: false,
    // The apps' server entries (`<version>/server/`) are for this server to run, not to serve.
    allowedPath: (pathName) => !pathName.split('/').includes('server'),
    setHeaders(res, filePath) {
      res.header('Cache-Control', filePath.endsWith('mf-manifest.json') ? REVALIDATE : IMMUTABLE);
      // Remotes may be loaded by a shell on another origin.
      res.header('Access-Control-Allow-Origin', '*');
    },
  });

  // Every other GET: the shell's page (its router shows the right screen, or its 404 page), with
  // the first view drawn on the server where it can be. Compressed once per page, not per request.
  const pages = app.sitePages;
  app.get('/*', { compress: false }, async (request, reply) => {
    const pathname = request.url.split('?')[0]!;
    if (pathname.startsWith('/api/') || pathname.startsWith('/assets/')) {
      throw notFound(`No route for GET ${pathname}`);
    }
    const page = await pages.page(request.url);
    if (!page) {
      return reply.status(503).send({
        message: 'The front end has not been built yet. Run `pnpm build`, then start again.',
      });
    }
    const html = 'text/html; charset=utf-8';
    if (isolatedPage(pathname)) reply.header('Cross-Origin-Opener-Policy', 'same-origin');
    if (page.status === 503) {
      // The database is unavailable: still the page (header, footer and every area that needs no
      // data work, and the board asks the API itself and says what is wrong), but a 503 that tells
      // crawlers and caches that this is for now.
      reply.header('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS));
      return sendBody(request, reply.status(503), page.body, html, 'no-store');
    }
    return sendBody(request, reply.status(page.status), page.body, html, REVALIDATE);
  });
};

export default siteRoutes;
