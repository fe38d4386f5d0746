import type { FastifyPluginAsync } from 'fastify';
import { DATABASE_RETRY_AFTER_SECONDS } from '../../platform/db/unavailable';
import { notFound } from '../../platform/http/http-error';
import { sendBody } from '../../platform/plugins/public-cache';
import { isolatedPage, referringPage } from '../../platform/plugins/security-headers';

const REVALIDATE = 'no-cache';

/**
 * GET /*: every GET no other route took is a page of the front end (production, on the API's own
 * port): the shell's page, its router shows the right screen or its 404 page (site-pages.ts).
 */
const pagesRoutes: FastifyPluginAsync = async (app) => {
  // Every other GET: the shell's page (its router shows the right screen, or its 404 page), with
  // the first view drawn on the server where it can be. Compressed once per page, not per request.
  const pages = app.sitePages;
  app.get('/*', { compress: false }, async (request, reply) => {
    const pathname = request.url.split('?')[0]!;
    if (pathname.startsWith('/api/') || pathname.startsWith('/assets/')) {
      throw notFound(`No route for GET ${pathname}`);
    }
    const page = await pages.page(request.url, request.headers.referer);
    if (!page) {
      return reply.status(503).send({
        message: 'The front end has not been built yet. Run `pnpm build`, then start again.',
      });
    }
    // A merged company's page (issue 47): shared links and search engines go to the survivor's.
    if (page.status === 301) return reply.redirect(page.location, 301);
    const html = 'text/html; charset=utf-8';
    if (isolatedPage(pathname)) reply.header('Cross-Origin-Opener-Policy', 'same-origin');
    if (referringPage(pathname)) reply.header('Referrer-Policy', 'same-origin');
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

export default pagesRoutes;
