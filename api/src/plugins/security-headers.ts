import helmet from '@fastify/helmet';
import fp from 'fastify-plugin';

/**
 * Security headers on every answer, with a Content-Security-Policy that allows scripts and
 * fetches from our own origin plus exactly the origins the remotes configuration names (read per
 * request, so pointing a remote at another origin needs no restart). Styles allow inline
 * `<style>` because styled-components writes its CSS that way.
 */
export default fp(
  async (app) => {
    const https = app.config.publicUrl.startsWith('https:');
    const remoteSources = () => ["'self'", ...app.releases.remoteOrigins()].join(' ');
    await app.register(helmet, {
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: [() => remoteSources()],
          connectSrc: [() => remoteSources()],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'https:'],
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
      strictTransportSecurity: https ? { maxAge: 15_552_000, includeSubDomains: true } : false,
    });
  },
  { name: 'security-headers', dependencies: ['config', 'releases'] },
);
