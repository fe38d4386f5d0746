import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync } from 'fastify';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

/** /assets/*: the built files of every app (releases/), as the remotes configuration names them. */
const assetsRoutes: FastifyPluginAsync = async (app) => {
  const releases = app.releases;

  // Every file lives in a versioned folder, so it never changes: cached for a year. The manifest
  // names the remote's files and is revalidated. Brotli / gzip variants were written at build time.
  await app.register(fastifyStatic, {
    root: releases.dir,
    prefix: '/assets/',
    preCompressed: true,
    cacheControl: false,
    index: false,
    // Only files inside a release (`<app>/<version>/...`): the operator's files beside the
    // releases (remotes.json, history.json, their lock) are not assets. The apps' server entries
    // (`<version>/server/`) are for this server to run, not to serve.
    allowedPath: (pathName) => {
      const parts = pathName.split('/').filter(Boolean);
      return parts.length >= 3 && !parts.includes('server');
    },
    setHeaders(res, filePath) {
      res.header('Cache-Control', filePath.endsWith('mf-manifest.json') ? REVALIDATE : IMMUTABLE);
      // Remotes may be loaded by a shell on another origin.
      res.header('Access-Control-Allow-Origin', '*');
    },
  });
};

export default assetsRoutes;
