import type { FastifyInstance } from 'fastify';
import { openApiDocument } from '../platform/http/openapi/document';
import { CachedBody } from '../platform/plugins/public-cache';

const described = new WeakMap<FastifyInstance, CachedBody>();

/**
 * The OpenAPI document of this app (platform/http/openapi/document.ts), serialized once: it is
 * made of the endpoint table and the configuration, neither of which changes while it runs.
 */
export function apiDescription(app: FastifyInstance): CachedBody {
  let body = described.get(app);
  if (!body) {
    const document = openApiDocument({
      boardName: app.config.site.boardName,
      publicUrl: app.config.publicUrl,
      areas: app.routeAreas,
    });
    body = new CachedBody(Buffer.from(JSON.stringify(document)));
    described.set(app, body);
  }
  return body;
}
