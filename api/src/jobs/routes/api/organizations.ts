import { ENDPOINTS } from '@jobboard/contract/endpoints';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../../platform/http/endpoint-route';
import { CACHED, sendCached } from '../../../platform/plugins/public-cache';
import { OrganizationMoved } from '../../organization-moved';

/**
 * /api/organizations/{slug} (issue 47): an organisation's page, for the board when the browser
 * moves to it (the server puts the first page in the page it draws). From the public reads, kept
 * until jobs change. A merged company's page (issue 47) answers 301 to its survivor's, with the same
 * page of jobs: the board's fetch follows it and moves its own address to the slug it receives.
 */
const organizationRoutes: FastifyPluginAsync = async (app) => {
  route(app, ENDPOINTS.organizationPage, CACHED, async (request, reply) => {
    try {
      return sendCached(
        request,
        reply,
        await app.publicReads.organization(request.params.slug, request.query.page),
      );
    } catch (error) {
      if (!(error instanceof OrganizationMoved)) throw error;
      const query = request.url.slice(request.url.split('?')[0]!.length);
      return reply.redirect(`/api/organizations/${error.slug}${query}`, 301);
    }
  });
};

export default organizationRoutes;
