import { readFile } from 'node:fs/promises';
import { ENDPOINTS } from '@jobboard/contract/endpoints';
import type { FastifyPluginAsync } from 'fastify';
import { REFERENCE_PAGE_SCRIPT } from '../../../platform/layout';
import { CachedBody, sendBody } from '../../../platform/plugins/public-cache';
import {
  referencePage,
  REFERENCE_PAGE_PATH,
  REFERENCE_PAGE_POLICY,
  REFERENCE_SCRIPT_PATH,
} from '../../reference-page';

/**
 * /api/docs (issue 46): the API's reference page, drawn in the browser by Redoc's standalone
 * bundle from /api/openapi.json, both served from our own origin under the page's own, narrow
 * Content-Security-Policy (reference-page.ts).
 */
const referencePageRoutes: FastifyPluginAsync = async (app) => {
  const helmet = {
    contentSecurityPolicy: { useDefaults: false, directives: REFERENCE_PAGE_POLICY },
  };
  let page: CachedBody | undefined;
  let script: Promise<CachedBody> | undefined;

  app.get(REFERENCE_PAGE_PATH.slice(app.prefix.length), { helmet }, async (request, reply) => {
    page ??= new CachedBody(
      Buffer.from(referencePage(app.config.site.boardName, ENDPOINTS.openApiDocument.path)),
    );
    return sendBody(request, reply, page, 'text/html; charset=utf-8');
  });

  // Read once (1.1 MB), compressed once per encoding.
  app.get(REFERENCE_SCRIPT_PATH.slice(app.prefix.length), { helmet }, async (request, reply) => {
    script ??= readFile(REFERENCE_PAGE_SCRIPT).then((bytes) => new CachedBody(bytes));
    return sendBody(request, reply, await script, 'text/javascript; charset=utf-8');
  });
};

export default referencePageRoutes;
