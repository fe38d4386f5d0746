import type { IncomingMessage } from 'node:http';
import helmet from '@fastify/helmet';
import type { onSendHookHandler } from 'fastify';
import fp from 'fastify-plugin';

/**
 * What the Content-Security-Policy allows besides our own origin, read per request: a slice that
 * serves pages registers its own (the site: the origins of the remotes the page loads and the
 * hash of the shell's inline script), so that this plugin names no slice.
 */
export interface ContentSources {
  /**
   * Origins that scripts and fetches of the answer to `pathname` may come from: a page names
   * only the remotes it loads (issue 43, finding 4), so the admin's page never runs the board's.
   */
  origins(pathname: string): readonly string[];
  /** Inline scripts allowed to run, by their hash ("'sha256-...'"). */
  scriptHashes(): readonly string[];
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Add to what the Content-Security-Policy allows (see ContentSources). */
    allowContentSources(sources: ContentSources): void;
    /**
     * The security headers of a JSON answer, fixed at start, for routes that set them themselves
     * and opt out of helmet's per-request pass (`{ helmet: false }`): the cached public reads.
     */
    jsonSecurityHeaders: Record<string, string>;
  }
}

/**
 * Security headers on every answer, with a Content-Security-Policy that allows scripts and
 * fetches from our own origin plus exactly the origins registered for the answer's path (the
 * site's: those of the remotes the page loads, from its remotes configuration, read per request,
 * so pointing a remote at another origin needs no restart). Styles allow inline `<style>`
 * because styled-components writes its CSS that way.
 */
export default fp(
  async (app) => {
    const https = app.config.publicUrl.startsWith('https:');
    const allowed: ContentSources[] = [];
    app.decorate('allowContentSources', (sources: ContentSources) => void allowed.push(sources));
    const remoteSources = (request: IncomingMessage) => {
      const pathname = (request.url ?? '/').split('?')[0]!;
      return ["'self'", ...allowed.flatMap((sources) => sources.origins(pathname))].join(' ');
    };
    const scriptSources = (request: IncomingMessage) =>
      [remoteSources(request), ...allowed.flatMap((sources) => sources.scriptHashes())].join(' ');
    await app.register(helmet, {
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: [(request) => scriptSources(request)],
          connectSrc: [(request) => remoteSources(request)],
          styleSrc: ["'self'", "'unsafe-inline'"],
          // Logos are served from our own origin (logos/): no third party sees a visitor's address.
          imgSrc: ["'self'", 'data:'],
          fontSrc: ["'self'", 'data:'],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
          ...(https ? { upgradeInsecureRequests: [] } : {}),
        },
      },
      // Remote files are fetched by a shell that may live on another origin.
      crossOriginResourcePolicy: { policy: 'cross-origin' },
      // Set per page by the site routes (isolatedPage): the admin's and the pay pages only.
      crossOriginOpenerPolicy: false,
      strictTransportSecurity: https ? { maxAge: 15_552_000, includeSubDomains: true } : false,
    });
    app.decorate('jsonSecurityHeaders', jsonSecurityHeaders(https));

    // Answers that are not public (admin, auth, pay, member, the submission, unknown /api paths)
    // are never stored by a browser or a proxy. The public reads set their own caching, and get no
    // hook at all: they cost nothing more.
    app.addHook('onRoute', (route) => {
      if (isPublicApiRead(route.url)) return;
      route.onSend = [...[route.onSend ?? []].flat(), noStoreForPrivateApi];
    });
  },
  { name: 'security-headers', dependencies: ['config'] },
);

/**
 * The headers of a JSON answer (OWASP's REST Security Cheat Sheet): JSON runs no scripts and is
 * never framed, so its policy allows nothing; nosniff keeps it from being read as a page. Helmet's
 * other headers are about documents (framing, DNS prefetch, downloads) and cost every request.
 */
function jsonSecurityHeaders(https: boolean): Record<string, string> {
  return {
    'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'",
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    'Cross-Origin-Resource-Policy': 'same-origin',
    ...(https ? { 'Strict-Transport-Security': 'max-age=15552000; includeSubDomains' } : {}),
  };
}

/**
 * The public reads of the board (docs/product.md#calls): the jobs, one job, the searches, the filter choices
 * and the site details, and the API's description (its OpenAPI document and reference page, issue
 * 46). Their caching is theirs to set (ETag, `public, no-cache`).
 */
export function isPublicApiRead(path: string): boolean {
  return (
    path === '/api/jobs' ||
    path.startsWith('/api/jobs/') ||
    path === '/api/locations' ||
    path === '/api/categories' ||
    path === '/api/site' ||
    path === '/api/openapi.json' ||
    path === '/api/docs' ||
    path.startsWith('/api/docs/')
  );
}

/** Every other /api path: answers for one person (or about nothing), never to be cached. */
export function isPrivateApiPath(path: string): boolean {
  return path.startsWith('/api/') && !isPublicApiRead(path);
}

export const NO_STORE = 'no-store';

const noStoreForPrivateApi: onSendHookHandler = (request, reply, payload, done) => {
  if (isPrivateApiPath(request.url.split('?')[0]!)) reply.header('Cache-Control', NO_STORE);
  done(null, payload);
};

/**
 * Pages kept in a browsing context group of their own (`Cross-Origin-Opener-Policy: same-origin`):
 * those that carry a session (an admin's, an employer's with their applicants) or a payment (a pay
 * or renewal link), which no other site's window may hold a reference to (issue 43). The public
 * pages (the board, the submit form) hold nothing of anyone's, and the policy would cost their
 * first visit a renderer process of its own before the first paint.
 */
export function isolatedPage(pathname: string): boolean {
  return /^\/(admin|pay|employer|renew)(\/|$)/.test(pathname);
}

/**
 * Pages that tell the board's own pages where a visitor came from (`Referrer-Policy: same-origin`
 * where every other answer says `no-referrer`): the board, a job's page and the bookmarks, from
 * which a job opened in a new tab is counted for the board rather than as a direct visit
 * (docs/product.md#numbers). Same-origin only: another site (an employer's, where Apply leads)
 * still learns nothing, and no page whose address carries a secret (a pay link, an alert's link)
 * is among them.
 */
export function referringPage(pathname: string): boolean {
  return pathname === '/' || pathname === '/bookmarks' || /^\/jobs\/[^/]+\/?$/.test(pathname);
}
