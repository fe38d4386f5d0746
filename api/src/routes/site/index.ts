import fastifyStatic from '@fastify/static';
import { matchFrontendRoute } from '@jobboard/contract';
import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify';
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from '../../db/unavailable';
import { notFound } from '../../http/http-error';
import { firstViewJson } from '../../site/first-view';
import { renderShellPage } from '../../site/shell-page';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

/**
 * The front end in production, on the API's own port: the remotes configuration, the site
 * details, the built assets of every app, and the shell's page for every front-end path.
 */
const siteRoutes: FastifyPluginAsync = async (app) => {
  const releases = app.releases;

  app.get('/api/site', async () => app.config.site);

  // Which build of each remote to load. Never cached: switching a version takes effect at once.
  app.get('/remotes.json', async (_request, reply) => {
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
    setHeaders(res, filePath) {
      res.header('Cache-Control', filePath.endsWith('mf-manifest.json') ? REVALIDATE : IMMUTABLE);
      // Remotes may be loaded by a shell on another origin.
      res.header('Access-Control-Allow-Origin', '*');
    },
  });

  // Every other GET: the shell's page (its router shows the right screen, or its 404 page).
  app.get('/*', async (request, reply) => {
    const pathname = request.url.split('?')[0]!;
    if (pathname.startsWith('/api/') || pathname.startsWith('/assets/')) {
      throw notFound(`No route for GET ${pathname}`);
    }
    const shell = releases.shellHtml();
    if (!shell) {
      return reply.status(503).send({
        message: 'The front end has not been built yet. Run `pnpm build`, then start again.',
      });
    }
    const route = matchFrontendRoute(pathname);
    const query = request.url.slice(pathname.length);
    const data = await firstViewData(request.log, route, pathname, query);
    const unavailable = data === DATABASE_UNAVAILABLE;
    const html = renderShellPage(
      shell.html,
      pathname,
      { site: app.config.site, remotes: releases.remotes() },
      releases,
      unavailable ? undefined : data,
    );
    reply.type('text/html; charset=utf-8');
    if (unavailable) {
      // Still the page, not a JSON error: the header, the footer and every area that needs no
      // data work, and the board asks the API itself (and says what is wrong). The 503 tells
      // crawlers and caches that this is for now.
      return reply
        .status(503)
        .headers({
          'Retry-After': String(DATABASE_RETRY_AFTER_SECONDS),
          'Cache-Control': 'no-store',
        })
        .send(html);
    }
    return reply
      .status(route ? 200 : 404)
      .header('Cache-Control', REVALIDATE)
      .send(html);
  });

  /** The first view's data, or DATABASE_UNAVAILABLE while the database cannot be reached. */
  async function firstViewData(
    log: FastifyBaseLogger,
    route: ReturnType<typeof matchFrontendRoute>,
    pathname: string,
    query: string,
  ): Promise<string | undefined | typeof DATABASE_UNAVAILABLE> {
    try {
      return await firstViewJson(app.publicReads, route, pathname, query);
    } catch (error) {
      if (!isDatabaseUnavailable(error)) throw error;
      log.warn({ err: error }, 'page served without its data: database unavailable');
      return DATABASE_UNAVAILABLE;
    }
  }
};

const DATABASE_UNAVAILABLE = Symbol('database unavailable');

export default siteRoutes;
