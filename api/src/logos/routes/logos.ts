import { LOGO_PATH_PREFIX } from '@jobboard/contract/site';
import type { FastifyPluginAsync } from 'fastify';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** A stored logo's file name: the SHA-256 of its bytes and the type it is stored as. */
const FILE = /^([0-9a-f]{64})\.png$/;

/**
 * /logos/<hash>.png: a company logo as the board stored it (logos/). Its name is its content's
 * hash, so it never changes: cached for a year. Any other name is the site's 404.
 */
const logosRoutes: FastifyPluginAsync = async (app) => {
  app.get<{ Params: { file: string } }>(
    `${LOGO_PATH_PREFIX}:file`,
    { compress: false },
    async (request, reply) => {
      const hash = FILE.exec(request.params.file)?.[1];
      const logo = hash ? await app.logos.repository.get(hash) : undefined;
      if (!logo) return reply.callNotFound();
      return reply
        .header('Cache-Control', IMMUTABLE)
        .header('X-Content-Type-Options', 'nosniff')
        .type(logo.content_type)
        .send(logo.bytes);
    },
  );
};

export default logosRoutes;
